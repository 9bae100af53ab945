/** My Dashboard's outline (metric cards, the two charts, a table) while its numbers are on their way. */
export function DashboardSkeleton() {
  return (
    <div role="status" aria-live="polite" className="space-y-6">
      <p className="text-sm text-slate-500">Loading dashboard...</p>
      <div aria-hidden="true" className="animate-pulse space-y-6">
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className="h-32 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <div className="h-4 w-24 rounded bg-slate-200" />
              <div className="mt-4 h-8 w-16 rounded bg-slate-200" />
            </div>
          ))}
        </div>
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="h-72 rounded-xl border border-slate-200 bg-white shadow-sm" />
          <div className="h-72 rounded-xl border border-slate-200 bg-white shadow-sm lg:col-span-2" />
        </div>
        <div className="h-64 rounded-xl border border-slate-200 bg-white shadow-sm" />
      </div>
    </div>
  );
}
