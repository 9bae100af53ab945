import { useEffect } from 'react';
import { createPortal } from 'react-dom';

const SHOWN_MS = 5_000;

/** A short confirmation in the corner of the screen, announced as a status update; it hides itself. */
export function Toast({ message, onDone }: { message: string; onDone: () => void }) {
  useEffect(() => {
    const timer = window.setTimeout(onDone, SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [message, onDone]);
  return createPortal(
    <div className="fixed right-4 bottom-4 z-50 flex max-w-sm items-start gap-3 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-800 shadow-lg">
      <div role="status" data-testid="toast">
        {message}
      </div>
      <button type="button" onClick={onDone} aria-label="Dismiss message" className="-my-1 rounded p-1 leading-none opacity-70 hover:opacity-100">
        ×
      </button>
    </div>,
    document.body,
  );
}
