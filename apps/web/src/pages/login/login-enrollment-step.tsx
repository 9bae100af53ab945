import { type FormEvent, useEffect, useState } from 'react';
import type { User } from '@compliance/contracts/auth';
import type { useLogin } from '../../auth/use-login';
import { failureMessage } from '../../components/error-detail';
import { RecoveryCodes, TotpQrCode, TotpSecretText } from '../../components/totp-qr-code';
import { trpc } from '../../lib/trpc';
import { CodeField, SUBMIT_CLASS } from './login-code-step';
import { Alert } from '../../components/alert';

/** Enrolment an organization requires before the first session: QR code, first code, recovery codes. */
export function LoginEnrollmentStep({ steps }: { steps: ReturnType<typeof useLogin> }) {
  const challenge = steps.challenge!.challenge;
  const start = trpc.mfa.enrollStart.useMutation();
  const confirm = trpc.mfa.enrollConfirm.useMutation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ user: User; recovery_codes: string[] } | null>(null);
  const { mutate } = start;

  useEffect(() => {
    mutate({ challenge }, { onError: (e) => setError(failureMessage(e, 'Could not start the set-up. Please log in again.')) });
  }, [challenge, mutate]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (!code.trim()) return setError('Please enter the authentication code');
    try {
      setDone(await confirm.mutateAsync({ challenge, code: code.trim() }));
    } catch (e) {
      setError(failureMessage(e, 'Login failed'));
    }
  }

  if (done) {
    return (
      <div className="space-y-5">
        <RecoveryCodes codes={done.recovery_codes} />
        <button type="button" onClick={() => void steps.finish(done.user)} className={SUBMIT_CLASS}>
          Continue
        </button>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {error && <Alert tone="error">{error}</Alert>}
      <p className="text-sm text-slate-600">
        Your organization requires multi-factor authentication. Scan the QR code with an authenticator app, then enter the code it shows.
      </p>
      {start.data && (
        <div className="flex flex-col items-center gap-3">
          <TotpQrCode uri={start.data.otpauth_uri} />
          <TotpSecretText secret={start.data.secret} />
        </div>
      )}
      <CodeField value={code} onChange={setCode} />
      <button type="submit" disabled={confirm.isPending || !start.data} className={SUBMIT_CLASS}>
        Verify and continue
      </button>
    </form>
  );
}
