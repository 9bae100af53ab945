import { PageHeader } from '../../components/page-header';
import { ApiTokensCard } from './api-tokens-card';
import { ChangePasswordCard } from './change-password-card';
import { MfaCard } from './mfa-card';

/** The signed-in user's own access: password, multi-factor authentication and personal API tokens. */
export function SecurityPage() {
  return (
    <div className="space-y-6">
      <PageHeader title="Security" subtitle="Password, multi-factor authentication and personal API tokens" />
      <ChangePasswordCard />
      <MfaCard />
      <ApiTokensCard />
    </div>
  );
}
