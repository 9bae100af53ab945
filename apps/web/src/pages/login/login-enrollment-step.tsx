import { useCallback, useRef } from 'react';
import type { User } from '@compliance/contracts/auth';
import type { useLogin } from '../../auth/use-login';
import { trpc } from '../../lib/trpc';
import { TotpEnrollment } from './totp-enrollment';

/** Enrolment an organization requires before the first session: QR code, first code, recovery codes. */
export function LoginEnrollmentStep({ steps }: { steps: ReturnType<typeof useLogin> }) {
  const challenge = steps.challenge!.challenge;
  const { mutateAsync: start } = trpc.mfa.enrollStart.useMutation();
  const { mutateAsync: confirm } = trpc.mfa.enrollConfirm.useMutation();
  const user = useRef<User | null>(null);

  const begin = useCallback(() => start({ challenge }), [start, challenge]);
  const finishEnrollment = useCallback(
    async (code: string) => {
      const done = await confirm({ challenge, code });
      user.current = done.user;
      return done;
    },
    [confirm, challenge],
  );
  return <TotpEnrollment begin={begin} confirm={finishEnrollment} onContinue={() => void steps.finish(user.current!)} />;
}
