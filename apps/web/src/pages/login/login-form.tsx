import { type FormEvent, useState } from 'react';
import { useLogin } from '../../auth/use-login';
import { LoginCodeStep } from './login-code-step';
import { LoginEnrollmentStep } from './login-enrollment-step';
import { LoginPasswordStep } from './login-password-step';
import { Alert } from '../../components/alert';

export const INPUT_CLASS =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/40 focus:outline-none';

/** Username, password, 'Keep me logged in' and the Login button; the error is set or cleared on each submit. */
export function LoginForm() {
  const steps = useLogin();
  const { submit, pending, challenge } = steps;
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setError(await submit({ username, password, rememberMe }));
  }

  if (challenge?.kind === 'mfa') return <LoginCodeStep steps={steps} />;
  if (challenge?.kind === 'enroll') return <LoginEnrollmentStep steps={steps} />;
  if (challenge?.kind === 'password') return <LoginPasswordStep steps={steps} />;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {error && <Alert tone="error">{error}</Alert>}
      <div className="space-y-1.5">
        <label htmlFor="login-username" className="block text-sm font-medium text-slate-700">
          Username
        </label>
        <input
          id="login-username"
          name="username"
          autoComplete="username"
          required
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          className={INPUT_CLASS}
        />
      </div>
      <div className="space-y-1.5">
        <label htmlFor="login-password" className="block text-sm font-medium text-slate-700">
          Password
        </label>
        <input
          id="login-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          className={INPUT_CLASS}
        />
      </div>
      <div className="flex items-center justify-between gap-4">
        <label className="flex items-center gap-2 text-sm text-slate-600">
          <input
            type="checkbox"
            checked={rememberMe}
            onChange={(event) => setRememberMe(event.target.checked)}
            className="h-4 w-4 rounded border-slate-300 accent-indigo-600"
          />
          Keep me logged in
        </label>
        <a
          href="#"
          onClick={(event) => event.preventDefault()}
          className="text-sm font-medium text-indigo-600 hover:text-indigo-500"
        >
          Forgot password?
        </a>
      </div>
      <button
        type="submit"
        disabled={pending}
        aria-busy={pending}
        className="flex w-full items-center justify-center gap-2 rounded-lg bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-indigo-700 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60"
      >
        {pending && <span className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" aria-hidden="true" />}
        Login
      </button>
    </form>
  );
}
