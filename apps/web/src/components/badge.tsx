import type { ReactNode } from 'react';

export type BadgeTone = 'green' | 'red' | 'blue' | 'purple' | 'grey' | 'amber' | 'indigo';

const TONES: Record<BadgeTone, string> = {
  green: 'bg-green-100 text-green-800 ring-green-600/20',
  red: 'bg-red-100 text-red-800 ring-red-600/20',
  blue: 'bg-blue-100 text-blue-800 ring-blue-600/20',
  purple: 'bg-purple-100 text-purple-800 ring-purple-600/20',
  grey: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  amber: 'bg-amber-100 text-amber-800 ring-amber-600/20',
  indigo: 'bg-indigo-50 text-indigo-700 ring-indigo-600/20',
};

/** A small coloured label; `data-tone` names the colour so tests and styles can rely on it. */
export function Badge({ tone, children, title }: { tone: BadgeTone; children: ReactNode; title?: string }) {
  return (
    <span
      data-tone={tone}
      title={title}
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}
