import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Alert } from '../../components/alert';
import { failureMessage } from '../../components/error-detail';
import { RecoveryCodes, TotpQrCode, TotpSecretText } from '../../components/totp-qr-code';
import { CodeField, SUBMIT_CLASS } from './login-code-step';

interface Enrollment {
  secret: string;
  otpauth_uri: string;
}

/**
 * The enrolment an organization requires: QR code and key, the first code, then the recovery codes
 * and Continue. Used by the login (before any session) and by the set-up screen (a session opened
 * before the requirement).
 */
export function TotpEnrollment({
  begin,
  confirm,
  onContinue,
}: {
  begin: () => Promise<Enrollment>;
  confirm: (code: string) => Promise<{ recovery_codes: string[] }>;
  onContinue: () => void;
}) {
  const [enrollment, setEnrollment] = useState<Enrollment | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // Once per screen: a second start would replace the secret the QR code shows.
    if (started.current) return;
    started.current = true;
    begin().then(setEnrollment, (e: unknown) => setError(failureMessage(e, 'Could not start the set-up. Please log in again.')));
  }, [begin]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (!code.trim()) return setError('Please enter the authentication code');
    setPending(true);
    try {
      setRecoveryCodes((await confirm(code.trim())).recovery_codes);
    } catch (e) {
      setError(failureMessage(e, 'Login failed'));
    } finally {
      setPending(false);
    }
  }

  if (recoveryCodes) {
    return (
      <div className="space-y-5">
        <RecoveryCodes codes={recoveryCodes} />
        <button type="button" onClick={onContinue} className={SUBMIT_CLASS}>
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
      {enrollment && (
        <div className="flex flex-col items-center gap-3">
          <TotpQrCode uri={enrollment.otpauth_uri} />
          <TotpSecretText secret={enrollment.secret} />
        </div>
      )}
      <CodeField value={code} onChange={setCode} />
      <button type="submit" disabled={pending || !enrollment} aria-busy={pending} className={SUBMIT_CLASS}>
        Verify and continue
      </button>
    </form>
  );
}
