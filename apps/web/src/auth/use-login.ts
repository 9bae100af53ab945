import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { failureMessage } from '../components/error-detail';
import { trpc } from '../lib/trpc';
import { storeSignedInUser } from './browser-storage';
import { landingPath } from './landing-path';
import { announceLogin } from './login-events';
import { IDENTITY_STALE_TIME } from './session-context';

export interface Credentials {
  username: string;
  password: string;
  rememberMe: boolean;
}

export const EMPTY_CREDENTIALS_MESSAGE = 'Please enter username and password';
const REFUSED_MESSAGE = 'Login failed';
const NETWORK_MESSAGE = 'An error occurred during login. Please try again.';

/**
 * Signs in. Resolves to an error message for the form, or null once the browser is on its way to
 * the user's landing page. Empty fields are refused here and nothing is sent.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const login = trpc.auth.login.useMutation();

  async function submit(credentials: Credentials): Promise<string | null> {
    if (!credentials.username.trim() || !credentials.password) return EMPTY_CREDENTIALS_MESSAGE;
    let result;
    try {
      result = await login.mutateAsync({
        username: credentials.username.trim(),
        password: credentials.password,
        remember_me: credentials.rememberMe,
      });
    } catch (error) {
      return failureMessage(error, REFUSED_MESSAGE, NETWORK_MESSAGE);
    }
    const { user } = result;
    queryClient.clear();
    storeSignedInUser(user);
    announceLogin();
    let target = '/my-dashboard';
    if (!user.is_product_admin) {
      try {
        const permissions = await utils.users.permissions.fetch({ id: user.id }, { staleTime: IDENTITY_STALE_TIME });
        target = landingPath({ isProductAdmin: false, managedOrganizations: permissions.managed_organizations });
      } catch {
        target = '/my-dashboard';
      }
    }
    navigate(target, { replace: true });
    return null;
  }

  return { submit, pending: login.isPending };
}
