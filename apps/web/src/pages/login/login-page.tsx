import { AuthFrame } from './auth-frame';
import { LoginForm } from './login-form';

/** The login screen, outside the main layout. */
export function LoginPage() {
  return (
    <AuthFrame>
      <LoginForm />
    </AuthFrame>
  );
}
