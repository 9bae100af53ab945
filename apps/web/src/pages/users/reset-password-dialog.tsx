import { useState } from 'react';
import type { User } from '@compliance/contracts/auth';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { failureMessage } from '../../components/error-detail';
import { trpc } from '../../lib/trpc';

/**
 * An administrator's password reset: a confirmation, then the one-time code shown once. The
 * administrator never sees or sets the user's password; the user signs in with the code and chooses one.
 */
export function ResetPasswordDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const reset = trpc.users.resetPassword.useMutation();
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const result = reset.data;

  async function issue() {
    setError(null);
    try {
      await reset.mutateAsync({ id: user.id });
    } catch (e) {
      setError(failureMessage(e, 'Failed to reset the password'));
    }
  }

  async function copy(code: string) {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  if (result) {
    return (
      <Dialog title="Reset code" subtitle={user.username} onClose={onClose} footer={<Button onClick={onClose}>Done</Button>}>
        <div role="status" className="space-y-3">
          <p className="text-sm text-slate-700">
            Give this code to {user.username} in person or by phone. It works once, until {new Date(result.expires_at).toLocaleString()}; they sign in with it as
            their password and must then choose a new one.
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <code data-testid="reset-code" className="rounded bg-slate-100 px-2 py-1 font-mono text-base tracking-wider break-all text-slate-900 select-all">
              {result.reset_code}
            </code>
            <Button variant="secondary" size="sm" onClick={() => void copy(result.reset_code)}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
          <p className="text-sm font-medium text-amber-900">It will not be shown again. Their sessions and API tokens have been ended.</p>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog
      title="Reset password"
      subtitle={user.username}
      onClose={onClose}
      busy={reset.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={reset.isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void issue()} disabled={reset.isPending}>
            Create reset code
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        {error && <Alert tone="error">{error}</Alert>}
        <p className="text-sm text-slate-600">
          Their current password stops working, and they are signed out everywhere and their API tokens are revoked. You get a one-time code, valid for 24
          hours, to pass on; they choose a new password when they sign in with it.
        </p>
      </div>
    </Dialog>
  );
}
