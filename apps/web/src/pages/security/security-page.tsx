import { PageHeader } from '../../components/page-header';
import { ApiTokensCard } from './api-tokens-card';
import { MfaCard } from './mfa-card';

/** The signed-in user's own access: multi-factor authentication and personal API tokens. */
export function SecurityPage() {
  return (
    <div className="space-y-6">
      <PageHeader title="Security" subtitle="Multi-factor authentication and personal API tokens" />
      <MfaCard />
      <ApiTokensCard />
    </div>
  );
}
