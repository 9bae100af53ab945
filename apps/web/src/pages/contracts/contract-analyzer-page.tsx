import type { Contract } from '@compliance/contracts/documents';
import type { AccessibleTenant } from '@compliance/contracts/users';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../components/alert';
import { Card } from '../../components/card';
import { failureMessage } from '../../components/error-detail';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { SearchFilterBar, useSearchParam } from '../../components/search-filter';
import { TenantGate } from '../../components/tenant-gate';
import { Icon } from '../../layout/nav-icons';
import { matchByName } from '../../lib/name-search';
import { refreshQueries } from '../../lib/refresh-queries';
import { trpc } from '../../lib/trpc';
import { useCanManageDocuments } from '../../components/use-can-manage-documents';
import { ContractTable } from './contract-table';
import { ContractUploadCard } from './contract-upload-card';
import { ObligationsDialog } from './obligations-dialog';

const TITLE = 'Contract Analyzer';
const SUBTITLE = 'Upload customer contracts to extract the security requirements they impose';

const NOUN = ['contract', 'contracts'] as const;

type Message = { tone: 'success' | 'error'; text: string } | null;

/** The Contract Analyzer screen of the tenant in view. */
export function ContractAnalyzerPage() {
  return (
    <TenantGate title={TITLE} subtitle={SUBTITLE} loadingText="Loading contracts..." subject="contracts" icon={<Icon name="document" className="h-10 w-10" />}>
      {(tenant) => <TenantContracts tenant={tenant} />}
    </TenantGate>
  );
}

function TenantContracts({ tenant }: { tenant: AccessibleTenant }) {
  const queryClient = useQueryClient();
  const canManage = useCanManageDocuments(tenant);
  // While a contract is being (re-)analysed, e.g. after its side changed, the list follows it to the end.
  const list = trpc.contracts.list.useQuery(
    { tenant_id: tenant.id },
    { refetchInterval: (query) => (query.state.data?.some((c) => c.status === 'queued' || c.status === 'processing') ? 1500 : false) },
  );
  // A `?search=` (from an assistant answer's link) narrows the table to the named contract.
  const { search, clear: clearSearch } = useSearchParam();
  const shown = list.data ? matchByName(list.data, search, (contract) => [contract.name, contract.filename]) : [];
  const remove = trpc.contracts.delete.useMutation();
  const [message, setMessage] = useState<Message>(null);
  const [viewing, setViewing] = useState<Contract | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);

  const refresh = () => refreshQueries(queryClient, 'contracts', 'requirements', 'reports');

  async function deleteContract(contract: Contract) {
    if (!window.confirm(`Delete contract "${contract.name}"? This will also remove all requirements extracted from it.`)) return;
    setMessage(null);
    setDeletingId(contract.id);
    try {
      await remove.mutateAsync({ id: contract.id, tenant_id: tenant.id });
      setMessage({ tone: 'success', text: `Contract "${contract.name}" deleted successfully` });
      await refresh();
    } catch (error) {
      setMessage({ tone: 'error', text: failureMessage(error, 'Failed to delete contract') });
    } finally {
      setDeletingId(null);
    }
  }

  return (
    <div className="space-y-6">
      <PageHeader title={TITLE} subtitle={SUBTITLE} />
      {canManage && (
        <ContractUploadCard
          tenant={tenant}
          onStart={() => setMessage(null)}
          onUploaded={(text) => {
            setMessage({ tone: 'success', text });
            void refresh();
          }}
          onFailed={(text) => {
            setMessage({ tone: 'error', text });
            void refresh();
          }}
        />
      )}
      {message && (
        <Alert tone={message.tone} onDismiss={() => setMessage(null)}>
          {message.text}
        </Alert>
      )}
      <Card>
        <div className="border-b border-slate-200 px-5 py-4">
          <h2 className="text-base font-semibold text-slate-900">Uploaded Contracts</h2>
        </div>
        {search && list.data && (
          <div className="border-b border-slate-200 px-5 py-3">
            <SearchFilterBar search={search} shown={shown.length} total={list.data.length} noun={NOUN} onClear={clearSearch} />
          </div>
        )}
        {list.isPending ? (
          <EmptyState>Loading contracts...</EmptyState>
        ) : list.isError ? (
          <div className="p-5">
            <Alert tone="error">Failed to load contracts</Alert>
          </div>
        ) : list.data.length === 0 ? (
          <EmptyState icon={<Icon name="document" className="h-10 w-10" />}>No contracts uploaded yet. Upload your first contract above.</EmptyState>
        ) : shown.length === 0 ? (
          <EmptyState icon={<Icon name="document" className="h-10 w-10" />}>No contracts match “{search}”</EmptyState>
        ) : (
          <ContractTable
            contracts={shown}
            canManage={canManage}
            deletingId={deletingId}
            onView={setViewing}
            onDelete={(contract) => void deleteContract(contract)}
          />
        )}
      </Card>
      {viewing && (
        <ObligationsDialog
          tenantId={tenant.id}
          contract={viewing}
          canManage={canManage}
          onClose={() => setViewing(null)}
          onSideChanged={(text) => {
            setViewing(null);
            setMessage({ tone: 'success', text });
            void refresh();
          }}
          onSideFailed={(text) => setMessage({ tone: 'error', text })}
        />
      )}
    </div>
  );
}
