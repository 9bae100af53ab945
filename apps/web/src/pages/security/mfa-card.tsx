import { type FormEvent, useState } from 'react';
import { Alert } from '../../components/alert';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { failureMessage } from '../../components/error-detail';
import { PasswordField, TextField } from '../../components/form-field';
import { RecoveryCodes, TotpQrCode, TotpSecretText } from '../../components/totp-qr-code';
import { trpc } from '../../lib/trpc';

/** Turn TOTP on (QR code, first code, recovery codes) or off (the current password and a current code). */
export function MfaCard() {
  const utils = trpc.useUtils();
  const status = trpc.mfa.status.useQuery();
  const start = trpc.mfa.start.useMutation();
  const confirm = trpc.mfa.confirm.useMutation();
  const disable = trpc.mfa.disable.useMutation();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const enabled = status.data?.enabled ?? false;

  async function run(action: () => Promise<unknown>) {
    setError(null);
    try {
      await action();
      setCode('');
      setPassword('');
      await utils.mfa.status.invalidate();
    } catch (e) {
      setError(failureMessage(e, 'The request failed. Please try again.'));
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (enabled && !password) return setError('Please enter your current password');
    if (!code.trim()) return setError('Please enter the authentication code');
    if (enabled) return void run(() => disable.mutateAsync({ password, code: code.trim() }));
    void run(async () => {
      const result = await confirm.mutateAsync({ code: code.trim() });
      setRecoveryCodes(result.recovery_codes);
      start.reset();
    });
  }

  const showForm = enabled || start.data;
  return (
    <Card className="p-5">
      <div className="mb-3 flex items-center gap-3">
        <h2 className="text-base font-semibold text-slate-900">Multi-factor authentication</h2>
        {status.data && <Badge tone={enabled ? 'green' : 'grey'}>{enabled ? 'Enabled' : 'Not enabled'}</Badge>}
        {status.data?.required && <Badge tone="blue">Required by your organization</Badge>}
      </div>
      <div className="space-y-4">
        {error && <Alert tone="error">{error}</Alert>}
        {recoveryCodes && <RecoveryCodes codes={recoveryCodes} />}
        {enabled && <p className="text-sm text-slate-600">Recovery codes left: {status.data?.recovery_codes_left}</p>}
        {!enabled && !start.data && (
          <>
            <p className="text-sm text-slate-600">After your password, login will ask for a code from an authenticator app.</p>
            <Button onClick={() => void run(() => start.mutateAsync({}))} disabled={start.isPending}>
              Set up authenticator app
            </Button>
          </>
        )}
        {!enabled && start.data && (
          <div className="flex flex-wrap items-center gap-6">
            <TotpQrCode uri={start.data.otpauth_uri} />
            <div className="max-w-sm space-y-2">
              <p className="text-sm text-slate-600">Scan the QR code with your authenticator app, then enter the code it shows.</p>
              <TotpSecretText secret={start.data.secret} />
            </div>
          </div>
        )}
        {showForm && (
          <form onSubmit={onSubmit} noValidate className="flex max-w-md flex-wrap items-end gap-3">
            {enabled && (
              <div className="w-full">
                <PasswordField id="mfa-password" label="Your password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
              </div>
            )}
            <div className="min-w-0 flex-1">
              <TextField id="mfa-code" label="Authentication code" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
            </div>
            <Button type="submit" variant={enabled ? 'danger' : 'primary'} disabled={confirm.isPending || disable.isPending || (enabled && status.data?.required)}>
              {enabled ? 'Disable MFA' : 'Confirm'}
            </Button>
          </form>
        )}
      </div>
    </Card>
  );
}
