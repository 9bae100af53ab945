import type { AccessibleTenant } from '@compliance/contracts/users';
import type { ReactNode } from 'react';
import { useTenant } from '../context/tenant-context';
import { Card } from './card';
import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';

interface TenantGateProps {
  title: string;
  subtitle: string;
  icon: ReactNode;
  /** What is loading, e.g. 'contracts': shown as 'Loading contracts...' and in the no-tenant hint. */
  subject: string;
  /** The screen for the current tenant; keyed by tenant so its state resets when the tenant changes. */
  children: (tenant: AccessibleTenant) => ReactNode;
}

/** A tenant screen's shell: its header and a waiting or choose-a-tenant state until a tenant is current. */
export function TenantGate({ title, subtitle, icon, subject, children }: TenantGateProps) {
  const { currentTenant, loading } = useTenant();
  if (loading || !currentTenant) {
    return (
      <div>
        <PageHeader title={title} subtitle={subtitle} />
        <Card>
          <EmptyState icon={icon}>
            {loading ? `Loading ${subject}...` : `Choose a tenant with the selector at the top of the page to see its ${subject}.`}
          </EmptyState>
        </Card>
      </div>
    );
  }
  return <div key={currentTenant.id}>{children(currentTenant)}</div>;
}
