import { useCallback } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useLogout } from '../../auth/use-logout';
import { FullPageLoading } from '../../layout/full-page-loading';
import { trpc } from '../../lib/trpc';
import { AuthFrame } from './auth-frame';
import { TotpEnrollment } from './totp-enrollment';

/**
 * /mfa-setup: where a session opened before its organization required MFA is sent. Until the user
 * enrols, the server answers nothing else; once enrolled, the app opens as after a login.
 */
export function MfaSetupPage() {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const me = trpc.auth.me.useQuery();
  const { mutateAsync: start } = trpc.mfa.start.useMutation();
  const { mutateAsync: confirm } = trpc.mfa.confirm.useMutation();
  const { signOut, pending } = useLogout();
  const begin = useCallback(() => start({}), [start]);
  const finishEnrollment = useCallback((code: string) => confirm({ code }), [confirm]);

  async function onContinue() {
    await utils.auth.me.invalidate();
    navigate('/', { replace: true });
  }

  if (me.isError) return <Navigate to="/login" replace />;
  if (!me.data) return <FullPageLoading />;
  if (!me.data.mfa_enrollment_required) return <Navigate to="/" replace />;
  return (
    <AuthFrame>
      <div className="space-y-5">
        <h2 className="text-lg font-semibold text-slate-900">Set up multi-factor authentication</h2>
        <TotpEnrollment begin={begin} confirm={finishEnrollment} onContinue={() => void onContinue()} />
        <button type="button" onClick={() => void signOut()} disabled={pending} className="w-full text-sm font-medium text-indigo-600 hover:text-indigo-500">
          Log out
        </button>
      </div>
    </AuthFrame>
  );
}
