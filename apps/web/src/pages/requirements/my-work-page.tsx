import type { Requirement } from '@compliance/contracts/requirements';
import type { AccessibleTenant } from '@compliance/contracts/users';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../components/alert';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { TenantGate } from '../../components/tenant-gate';
import { Icon } from '../../layout/nav-icons';
import { refreshQueries } from '../../lib/refresh-queries';
import { trpc } from '../../lib/trpc';
import { RequirementCard } from './requirement-card';
import { ResponseEditorDialog } from './response-editor-dialog';
import { useCanEdit } from './security-requirements-page';

const TITLE = 'My Work';

/** Overdue first, then by due date (none last), then in display order. */
export function sortWork(requirements: readonly Requirement[]): Requirement[] {
  return [...requirements].sort(
    (a, b) =>
      Number(b.overdue) - Number(a.overdue) ||
      (a.due_date ?? '9999-12-31').localeCompare(b.due_date ?? '9999-12-31') ||
      a.display_id.localeCompare(b.display_id, undefined, { numeric: true }),
  );
}

/** What is assigned to the signed-in user in the tenant in view. */
export function MyWorkPage() {
  return (
    <TenantGate title={TITLE} loadingText="Loading your work..." subject="work assigned to you" icon={<Icon name="clipboard" className="h-10 w-10" />}>
      {(tenant) => <TenantWork tenant={tenant} />}
    </TenantGate>
  );
}

function TenantWork({ tenant }: { tenant: AccessibleTenant }) {
  const queryClient = useQueryClient();
  const canEdit = useCanEdit(tenant);
  const list = trpc.requirements.list.useQuery({ owner: 'me', tenant_id: tenant.id });
  const [openId, setOpenId] = useState<string | null>(null);
  const open = openId ? list.data?.find((r) => r.id === openId) : undefined;
  const work = list.data ? sortWork(list.data) : [];
  const overdue = work.filter((r) => r.overdue).length;

  return (
    <div>
      <PageHeader title={TITLE} subtitle={`Requirements assigned to you in ${tenant.name}, overdue first`} />
      {list.isPending ? (
        <Card>
          <EmptyState>Loading your work...</EmptyState>
        </Card>
      ) : list.isError ? (
        <Alert tone="error">
          Failed to load your work.{' '}
          <button type="button" onClick={() => void list.refetch()} className="font-medium underline">
            Try again
          </button>
        </Alert>
      ) : work.length === 0 ? (
        <Card>
          <EmptyState icon={<Icon name="clipboard" className="h-10 w-10" />}>Nothing is assigned to you in this tenant.</EmptyState>
        </Card>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-slate-600" data-testid="work-summary">
            {work.length === 1 ? '1 requirement' : `${work.length} requirements`} assigned to you
            {overdue > 0 && <span className="font-semibold text-red-700">{`, ${overdue} overdue`}</span>}
          </p>
          <ul className="space-y-3" aria-label="My work">
            {work.map((requirement) => (
              <RequirementCard key={requirement.id} requirement={requirement} onOpen={(r) => setOpenId(r.id)} />
            ))}
          </ul>
        </div>
      )}
      {open && (
        <ResponseEditorDialog
          tenantId={tenant.id}
          requirement={open}
          canEdit={canEdit}
          onClose={() => setOpenId(null)}
          onSaved={() => {
            setOpenId(null);
            void refreshQueries(queryClient, 'requirements', 'reports');
          }}
        />
      )}
    </div>
  );
}
