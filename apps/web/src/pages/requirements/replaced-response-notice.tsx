import { useState } from 'react';

/**
 * 'Use This Response' over a response that already has text: the suggestion goes in, and the earlier
 * text is kept so one click on Undo brings it back.
 */
export function useResponseReplacement(text: string, setText: (value: string) => void) {
  const [previous, setPrevious] = useState<string | null>(null);
  return {
    previous,
    use(suggestion: string) {
      setPrevious(text.trim() && text !== suggestion ? text : null);
      setText(suggestion);
    },
    undo() {
      if (previous !== null) setText(previous);
      setPrevious(null);
    },
    dismiss() {
      setPrevious(null);
    },
  };
}

export function ReplacedResponseNotice({ onUndo, onDismiss }: { onUndo: () => void; onDismiss: () => void }) {
  return (
    <div role="status" className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <span className="flex-1">Your earlier response was replaced by the suggestion.</span>
      <button type="button" onClick={onUndo} className="font-medium underline">
        Undo
      </button>
      <button type="button" onClick={onDismiss} aria-label="Keep the suggestion" className="rounded p-1 leading-none opacity-70 hover:opacity-100">
        ×
      </button>
    </div>
  );
}
