import { type ReactNode, useId } from 'react';

/** One headline number with its label; the label names the group for assistive technology. */
export function StatTile({ label, value, icon }: { label: string; value: ReactNode; icon?: ReactNode }) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      {icon && <div className="rounded-lg bg-indigo-50 p-2.5 text-indigo-600">{icon}</div>}
      <div>
        <div id={labelId} className="text-sm font-medium text-slate-500">
          {label}
        </div>
        <div className="mt-1 text-2xl font-semibold text-slate-900">{value}</div>
      </div>
    </div>
  );
}
