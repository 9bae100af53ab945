import { type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { CONTROL_CLASS } from '../../components/form-field';
import { QUESTION_MAX_CHARS } from './chat-history';

interface ChatComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  pending: boolean;
  /** The last failure, shown in a red box above the input. */
  error: string | null;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}

/** The question box: a 2-row text area where Enter sends and Shift+Enter starts a new line; errors show above it. */
export function ChatComposer({ value, onChange, onSend, pending, error, inputRef }: ChatComposerProps) {
  const canSend = value.trim().length > 0 && !pending;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (canSend) onSend();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (canSend) onSend();
  }

  return (
    <form onSubmit={submit} aria-label="Ask the AI assistant" className="border-t border-slate-200 bg-white px-4 py-3 sm:px-6">
      {error && (
        <div className="mb-3">
          <Alert tone="error">{error}</Alert>
        </div>
      )}
      <div className="flex items-end gap-3">
        <label htmlFor="assistant-question" className="sr-only">
          Your question
        </label>
        <textarea
          id="assistant-question"
          ref={inputRef}
          rows={2}
          value={value}
          maxLength={QUESTION_MAX_CHARS}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Ask about your compliance data..."
          aria-describedby="assistant-hint"
          className={`${CONTROL_CLASS} resize-none border-slate-300 focus:border-indigo-500`}
        />
        <Button type="submit" disabled={!canSend} className="h-[3.75rem] shrink-0 px-5">
          Send
        </Button>
      </div>
      <p id="assistant-hint" className="mt-1.5 text-xs text-slate-500">
        Press Enter to send, Shift+Enter for new line
      </p>
    </form>
  );
}
