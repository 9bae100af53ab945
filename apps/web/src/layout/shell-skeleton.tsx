import { PageSkeleton } from '../components/page-skeleton';

/**
 * The signed-in layout's outline (sidebar, top bar, a page of placeholders) while the session is being
 * checked: the screen has its final shape from the first paint, and nothing jumps when the real layout
 * replaces it.
 */
export function ShellSkeleton({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="min-h-screen bg-slate-50">
      <div aria-hidden="true" className="fixed inset-y-0 left-0 hidden w-64 bg-slate-900 lg:block" />
      <div className="flex min-h-screen flex-col lg:pl-64">
        <div aria-hidden="true" className="min-h-16 border-b border-slate-200 bg-white" />
        <div className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          <p className="mb-4 text-sm text-slate-500">{label}</p>
          <PageSkeleton label={label} />
        </div>
      </div>
    </div>
  );
}
