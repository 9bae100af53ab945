import type { AccessibleTenant } from '@compliance/contracts/users';
import type { ReactNode } from 'react';
import { useTenantInView } from '../context/use-tenant-in-view';
import { TenantInViewBar } from '../layout/tenant-in-view-bar';
import { Card } from './card';
import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';

interface TenantGateProps {
  title: string;
  subtitle?: string;
  icon: ReactNode;
  /** What the screen shows while the tenant is settling, e.g. 'Loading contracts...'. */
  loadingText: string;
  /** What the screen shows of a tenant, e.g. 'contracts': named in the choose-a-tenant hint. */
  subject: string;
  /** The screen for the tenant in view; keyed by tenant so its state resets when the tenant changes. */
  children: (tenant: AccessibleTenant) => ReactNode;
}

function chooseHint(view: ReturnType<typeof useTenantInView>, subject: string): string {
  if (!view.picksOnScreen) return `Choose a tenant with the selector at the top of the page to see its ${subject}.`;
  if (view.organization && view.choices.length === 0) return `${view.organization.name} has no active tenants yet.`;
  return `Choose a tenant above to see its ${subject}.`;
}

/**
 * A tenant screen's shell: the tenant in view (with its picker for organization-level roles), then
 * the screen for that tenant, or its header with a waiting or choose-a-tenant state until there is one.
 */
export function TenantGate({ title, subtitle, icon, loadingText, subject, children }: TenantGateProps) {
  const view = useTenantInView();
  return (
    <div>
      <TenantInViewBar />
      {view.loading || !view.tenant ? (
        <>
          <PageHeader title={title} subtitle={subtitle} />
          <Card>
            <EmptyState icon={icon}>
              {view.loading ? (
                loadingText
              ) : (
                <>
                  <p className="font-medium text-slate-700">No tenant selected</p>
                  <p>{chooseHint(view, subject)}</p>
                </>
              )}
            </EmptyState>
          </Card>
        </>
      ) : (
        <div key={view.tenant.id}>{children(view.tenant)}</div>
      )}
    </div>
  );
}
