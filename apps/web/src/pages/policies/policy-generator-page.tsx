import type { AccessibleTenant } from '@compliance/contracts/users';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { TenantGate } from '../../components/tenant-gate';
import { Icon } from '../../layout/nav-icons';
import { trpc } from '../../lib/trpc';
import { useCanManageDocuments } from '../../components/use-can-manage-documents';
import { PolicyFrameworkPicker, isAssigned } from './policy-framework-picker';
import { PolicyPanel } from './policy-panel';
import { PolicyTemplateList } from './policy-template-list';
import { displayedText, usePolicyGenerator } from './use-policy-generator';

const TITLE = 'AI Policy Generator';
const SUBTITLE = 'Generate comprehensive security policies based on your compliance requirements';

/** The AI Policy Generator screen of the tenant in view. */
export function PolicyGeneratorPage() {
  return (
    <TenantGate title={TITLE} subtitle={SUBTITLE} loadingText="Loading templates..." subject="policy templates" icon={<Icon name="sparkles" className="h-10 w-10" />}>
      {(tenant) => <TenantPolicies tenant={tenant} />}
    </TenantGate>
  );
}

/**
 * One tenant's policy generator (remounted per tenant, so a draft never crosses tenants). Viewers see
 * the recommendations but cannot generate or save: the same rule as the server, which refuses them.
 */
function TenantPolicies({ tenant }: { tenant: AccessibleTenant }) {
  const canEdit = useCanManageDocuments(tenant);
  const [picked, setPicked] = useState<string[]>([]);
  const [includeContracts, setIncludeContracts] = useState(true);
  const frameworks = picked.filter((name) => isAssigned(name, tenant.assigned_frameworks));
  const templates = trpc.policies.templates.useQuery({
    frameworks: frameworks.length > 0 ? frameworks.join(',') : undefined,
    tenant_id: tenant.id,
  });
  const policy = usePolicyGenerator({ tenantId: tenant.id, frameworks, includeContracts });
  const { state } = policy;

  return (
    <div>
      <PageHeader title={TITLE} subtitle={SUBTITLE} />
      <div className="grid items-start gap-6 lg:grid-cols-[20rem_minmax(0,1fr)] xl:grid-cols-[22rem_minmax(0,1fr)]">
        <aside aria-label="Policy templates" className="space-y-6">
          <PolicyFrameworkPicker
            assignedFrameworks={tenant.assigned_frameworks}
            selected={frameworks}
            onSelectedChange={setPicked}
            includeContracts={includeContracts}
            onIncludeContractsChange={setIncludeContracts}
          />
          <PolicyTemplateList
            frameworkCount={frameworks.length}
            templates={templates.data}
            isPending={templates.isPending}
            isError={templates.isError}
            selected={state.selected}
            hasContent={!!displayedText(state).trim()}
            generating={state.generating}
            canGenerate={canEdit}
            onChoose={policy.generate}
          />
        </aside>
        <PolicyPanel
          state={state}
          canEdit={canEdit}
          onToggleEdit={policy.toggleEdit}
          onWorkingChange={policy.setWorking}
          onSave={policy.save}
          onDownload={policy.download}
          onDismissSuccess={policy.dismissSuccess}
        />
      </div>
    </div>
  );
}
