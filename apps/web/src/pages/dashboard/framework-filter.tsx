interface FrameworkFilterProps {
  frameworks: readonly string[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
}

/** One checkbox per framework assigned to the current tenant. */
export function FrameworkFilter({ frameworks, selected, onChange }: FrameworkFilterProps) {
  function toggle(name: string, checked: boolean) {
    onChange(checked ? [...selected, name] : selected.filter((f) => f !== name));
  }
  return (
    <fieldset>
      <legend className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">Frameworks</legend>
      <div className="flex flex-wrap gap-2">
        {frameworks.map((name) => {
          const checked = selected.includes(name);
          return (
            <label
              key={name}
              className={`flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-1.5 text-sm transition-colors ${
                checked ? 'border-indigo-300 bg-indigo-50 text-indigo-800' : 'border-slate-200 bg-white text-slate-700 hover:border-slate-300'
              }`}
            >
              <input
                type="checkbox"
                checked={checked}
                onChange={(event) => toggle(name, event.target.checked)}
                className="h-4 w-4 rounded border-slate-300 accent-indigo-600"
              />
              {name}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
