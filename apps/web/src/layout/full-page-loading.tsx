/** The whole-screen wait while the session is being resolved. */
export function FullPageLoading({ label = 'Loading...' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-screen items-center justify-center bg-slate-50 text-sm text-slate-500">
      <span className="mr-3 h-5 w-5 animate-spin rounded-full border-2 border-indigo-200 border-t-indigo-600" aria-hidden="true" />
      {label}
    </div>
  );
}
