import { useState } from 'react';
import { Button } from '../../components/button';

/** The secret of a token just created: shown this once, with a copy button. */
export function NewTokenNotice({ token, onDismiss }: { token: string; onDismiss: () => void }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(token);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }
  return (
    <div role="status" className="space-y-2 rounded-lg border border-amber-200 bg-amber-50 p-4">
      <p className="text-sm font-medium text-amber-900">Copy your new token now. It will not be shown again.</p>
      <div className="flex flex-wrap items-center gap-2">
        <code data-testid="new-api-token" className="rounded bg-white px-2 py-1 font-mono text-sm break-all text-slate-900 select-all">
          {token}
        </code>
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          Done
        </Button>
      </div>
    </div>
  );
}
