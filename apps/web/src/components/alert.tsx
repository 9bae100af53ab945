import type { ReactNode } from 'react';

export type AlertTone = 'success' | 'error' | 'warning';

const TONES: Record<AlertTone, string> = {
  success: 'border-green-200 bg-green-50 text-green-800',
  error: 'border-red-200 bg-red-50 text-red-800',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
};

/** An inline message box; errors are announced as alerts, successes and warnings as status updates. */
export function Alert({ tone, children, onDismiss }: { tone: AlertTone; children: ReactNode; onDismiss?: () => void }) {
  return (
    <div className={`flex items-start justify-between gap-4 rounded-lg border px-4 py-3 text-sm ${TONES[tone]}`}>
      <div role={tone === 'error' ? 'alert' : 'status'}>{children}</div>
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss message"
          className="-my-1 rounded p-1 leading-none opacity-70 hover:opacity-100"
        >
          ×
        </button>
      )}
    </div>
  );
}
