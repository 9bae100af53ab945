import { type FormEvent, useState } from 'react';
import type { useLogin } from '../../auth/use-login';
import { INPUT_CLASS } from './login-form';
import { Alert } from '../../components/alert';

export const SUBMIT_CLASS =
  'flex w-full items-center justify-center gap-2 rounded-lg bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-indigo-700 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60';

/** The 'Authentication code' field of an enrolment or a login, submitted with Enter. */
export function CodeField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="space-y-1.5">
      <label htmlFor="login-code" className="block text-sm font-medium text-slate-700">
        Authentication code
      </label>
      <input
        id="login-code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={INPUT_CLASS}
      />
    </div>
  );
}

/** The second step of a login: the code of the authenticator app, or a recovery code. */
export function LoginCodeStep({ steps }: { steps: ReturnType<typeof useLogin> }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setError(await steps.submitCode(code));
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {error && <Alert tone="error">{error}</Alert>}
      <p className="text-sm text-slate-600">Enter the 6-digit code from your authenticator app, or one of your recovery codes.</p>
      <CodeField value={code} onChange={setCode} />
      <button type="submit" disabled={steps.pending} aria-busy={steps.pending} className={SUBMIT_CLASS}>
        Verify
      </button>
      <button type="button" onClick={steps.restart} className="w-full text-sm font-medium text-indigo-600 hover:text-indigo-500">
        Back to login
      </button>
    </form>
  );
}
