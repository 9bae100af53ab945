import type { ReactNode } from 'react';

/** A centred, muted message for lists with nothing to show (or still loading). */
export function EmptyState({ children, icon }: { children: ReactNode; icon?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 px-6 py-12 text-center text-sm text-slate-500">
      {icon && <div className="text-slate-300">{icon}</div>}
      {children}
    </div>
  );
}
