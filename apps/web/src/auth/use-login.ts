import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { User } from '@compliance/contracts/auth';
import { failureMessage } from '../components/error-detail';
import { trpc } from '../lib/trpc';
import { clearAssistantConversations, storeSignedInUser } from './browser-storage';
import { landingPath } from './landing-path';
import { announceLogin } from './login-events';
import { IDENTITY_STALE_TIME } from './session-context';

export interface Credentials {
  username: string;
  password: string;
  rememberMe: boolean;
}

/** The step a login waits for: a code, enrolment an organization requires, or a new password after a reset code. */
export interface LoginChallenge {
  kind: 'mfa' | 'enroll' | 'password';
  challenge: string;
}

type StepAnswer = { user: User } | { mfa_required: true; challenge: string } | { mfa_enrollment_required: true; challenge: string } | { password_change_required: true; challenge: string };

function nextStep(answer: Exclude<StepAnswer, { user: User }>): LoginChallenge {
  if ('mfa_required' in answer) return { kind: 'mfa', challenge: answer.challenge };
  if ('mfa_enrollment_required' in answer) return { kind: 'enroll', challenge: answer.challenge };
  return { kind: 'password', challenge: answer.challenge };
}

export const EMPTY_CREDENTIALS_MESSAGE = 'Please enter username and password';
const EMPTY_CODE_MESSAGE = 'Please enter the authentication code';
const REFUSED_MESSAGE = 'Login failed';
const NETWORK_MESSAGE = 'An error occurred during login. Please try again.';

/**
 * Signs in. Each step resolves to an error message for the form, or null once it succeeded: the
 * browser is then on its way to the user's landing page, or the form shows the second step.
 * Empty fields are refused here and nothing is sent.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const login = trpc.auth.login.useMutation();
  const loginMfa = trpc.mfa.login.useMutation();
  const loginPassword = trpc.auth.loginPassword.useMutation();
  const [challenge, setChallenge] = useState<LoginChallenge | null>(null);

  async function finish(user: User) {
    queryClient.clear();
    // A conversation left by an expired session is not carried into a new sign-in.
    clearAssistantConversations();
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
  }

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
    await advance(result);
    return null;
  }

  /** Opens the app, or shows the step the answer asks for. */
  async function advance(answer: StepAnswer) {
    if ('user' in answer) await finish(answer.user);
    else setChallenge(nextStep(answer));
  }

  async function submitCode(code: string): Promise<string | null> {
    if (!challenge) return REFUSED_MESSAGE;
    if (!code.trim()) return EMPTY_CODE_MESSAGE;
    try {
      await advance(await loginMfa.mutateAsync({ challenge: challenge.challenge, code: code.trim() }));
      return null;
    } catch (error) {
      return failureMessage(error, REFUSED_MESSAGE, NETWORK_MESSAGE);
    }
  }

  /** The new password a sign-in with a reset code must choose before anything else. */
  async function submitNewPassword(newPassword: string): Promise<string | null> {
    if (!challenge) return REFUSED_MESSAGE;
    try {
      await advance(await loginPassword.mutateAsync({ challenge: challenge.challenge, new_password: newPassword }));
      return null;
    } catch (error) {
      return failureMessage(error, REFUSED_MESSAGE, NETWORK_MESSAGE);
    }
  }

  const pending = login.isPending || loginMfa.isPending || loginPassword.isPending;
  return { submit, submitCode, submitNewPassword, finish, challenge, restart: () => setChallenge(null), pending };
}
