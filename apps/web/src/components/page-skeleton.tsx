/**
 * Grey placeholders in the shape of a screen (a header, a row of cards, a panel), painted while a page's
 * code or first data is on its way; screen readers hear the label once.
 */
export function PageSkeleton({ label = 'Loading...', cards = 4 }: { label?: string; cards?: number }) {
  return (
    <div role="status" aria-live="polite" className="animate-pulse">
      <span className="sr-only">{label}</span>
      <div aria-hidden="true">
        <div className="h-8 w-56 rounded bg-slate-200" />
        <div className="mt-2 h-4 w-80 max-w-full rounded bg-slate-200" />
        <div className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {Array.from({ length: cards }, (_, i) => (
            <div key={i} className="h-24 rounded-xl border border-slate-200 bg-white" />
          ))}
        </div>
        <div className="mt-6 h-64 rounded-xl border border-slate-200 bg-white" />
      </div>
    </div>
  );
}
