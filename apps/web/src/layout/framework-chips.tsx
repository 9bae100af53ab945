interface FrameworkChipsProps {
  frameworks: readonly string[];
  /** Show at most this many, then '+N' for the rest (the tenant selector shows 2). */
  max?: number;
}

/** A tenant's assigned frameworks as small chips. */
export function FrameworkChips({ frameworks, max }: FrameworkChipsProps) {
  const shown = max === undefined ? frameworks : frameworks.slice(0, max);
  const hidden = frameworks.length - shown.length;
  return (
    <span className="flex flex-wrap gap-1">
      {shown.map((name) => (
        <span key={name} className="rounded-md bg-indigo-50 px-1.5 py-0.5 text-[11px] font-medium text-indigo-700 ring-1 ring-indigo-600/10 ring-inset">
          {name}
        </span>
      ))}
      {hidden > 0 && (
        <span
          title={frameworks.slice(shown.length).join(', ')}
          className="rounded-md bg-slate-100 px-1.5 py-0.5 text-[11px] font-medium text-slate-600"
        >
          +{hidden}
        </span>
      )}
    </span>
  );
}
