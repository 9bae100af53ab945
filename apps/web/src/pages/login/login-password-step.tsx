import { type FormEvent, useState } from 'react';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordLength } from '@compliance/contracts/password-length';
import type { useLogin } from '../../auth/use-login';
import { Alert } from '../../components/alert';
import { PasswordField } from '../../components/form-field';
import { SUBMIT_CLASS } from './login-code-step';

/** After a sign-in with an administrator's reset code: the new password, before anything else. */
export function LoginPasswordStep({ steps }: { steps: ReturnType<typeof useLogin> }) {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (passwordLength(password) < PASSWORD_MIN_LENGTH) return setError(`New password must be at least ${PASSWORD_MIN_LENGTH} characters`);
    if (repeat !== password) return setError('The new passwords do not match');
    setError(await steps.submitNewPassword(password));
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {error && <Alert tone="error">{error}</Alert>}
      <p className="text-sm text-slate-600">Your administrator reset your password. Choose a new one to continue; once it is set, the reset code no longer works.</p>
      <PasswordField
        id="login-new-password"
        label="New password"
        autoComplete="new-password"
        autoFocus
        hint={`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters of any kind; common or breached passwords are refused.`}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <PasswordField id="login-repeat-password" label="Repeat new password" autoComplete="new-password" value={repeat} onChange={(e) => setRepeat(e.target.value)} />
      <button type="submit" disabled={steps.pending} aria-busy={steps.pending} className={SUBMIT_CLASS}>
        Set password and continue
      </button>
      <button type="button" onClick={steps.restart} className="w-full text-sm font-medium text-indigo-600 hover:text-indigo-500">
        Back to login
      </button>
    </form>
  );
}
