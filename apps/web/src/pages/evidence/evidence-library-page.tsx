import type { Evidence } from '@compliance/contracts/documents';
import type { AccessibleTenant } from '@compliance/contracts/users';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
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
import { BatchUploadList } from './batch-upload-list';
import { EvidenceTable } from './evidence-table';
import { EvidenceUploadForm } from './evidence-upload-form';
import { type UploadProgress, runTrackedUpload } from '../../components/tracked-upload';
import { REANALYZE_MESSAGES } from '../../components/upload-messages';
import { useBatchUpload } from './use-batch-upload';
import { useCanManageDocuments } from '../../components/use-can-manage-documents';

const TITLE = 'Evidence Library';
const SUBTITLE = 'Upload policies, reports and other evidence; AI links each document to the requirements it supports';

const NOUN = ['evidence document', 'evidence documents'] as const;

type Message = { tone: 'success' | 'error'; text: string } | null;

/** The Evidence Library screen of the tenant in view. */
export function EvidenceLibraryPage() {
  return (
    <TenantGate title={TITLE} subtitle={SUBTITLE} loadingText="Loading evidence..." subject="evidence" icon={<Icon name="folder" className="h-10 w-10" />}>
      {(tenant) => <TenantEvidence tenant={tenant} />}
    </TenantGate>
  );
}

function TenantEvidence({ tenant }: { tenant: AccessibleTenant }) {
  const queryClient = useQueryClient();
  const client = trpc.useUtils().client;
  const canManage = useCanManageDocuments(tenant);
  const list = trpc.evidence.list.useQuery({ tenant_id: tenant.id });
  // A `?search=` (from an assistant answer's link) narrows the table to the named document.
  const { search, clear: clearSearch } = useSearchParam();
  const shown = list.data ? matchByName(list.data, search, (item) => [item.name, item.filename]) : [];
  const remove = trpc.evidence.delete.useMutation();
  const [message, setMessage] = useState<Message>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [reanalysis, setReanalysis] = useState<{ id: string; progress: UploadProgress } | null>(null);

  const refresh = useCallback(() => void refreshQueries(queryClient, 'evidence', 'requirements', 'reports'), [queryClient]);
  const batch = useBatchUpload(tenant.id, refresh);

  async function reanalyze(item: Evidence) {
    setMessage(null);
    setBusyId(item.id);
    try {
      await runTrackedUpload({
        client,
        path: `/api/evidence/${item.id}/reanalyze`,
        tenantId: tenant.id,
        messages: REANALYZE_MESSAGES,
        onProgress: (progress) => setReanalysis({ id: item.id, progress }),
      });
      setMessage({ tone: 'success', text: `Re-analyzed "${item.name}" successfully` });
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof Error ? error.message : REANALYZE_MESSAGES.fallback(null) });
    } finally {
      setBusyId(null);
      setReanalysis(null);
      refresh();
    }
  }

  async function deleteEvidence(item: Evidence) {
    if (!window.confirm(`Delete evidence "${item.name}"?`)) return;
    setMessage(null);
    setBusyId(item.id);
    try {
      await remove.mutateAsync({ id: item.id, tenant_id: tenant.id });
      setMessage({ tone: 'success', text: `Evidence "${item.name}" deleted successfully` });
      refresh();
    } catch (error) {
      setMessage({ tone: 'error', text: failureMessage(error, 'Failed to delete evidence') });
    } finally {
      setBusyId(null);
    }
  }

  return (
    <div className="space-y-6">
      <PageHeader title={TITLE} subtitle={SUBTITLE} />
      {canManage && (
        <EvidenceUploadForm
          tenant={tenant}
          onStart={() => setMessage(null)}
          onBatch={batch.enqueue}
          onUploaded={() => {
            setMessage({ tone: 'success', text: 'Evidence uploaded and analyzed successfully' });
            refresh();
          }}
          onFailed={(text) => {
            setMessage({ tone: 'error', text });
            refresh();
          }}
        />
      )}
      <BatchUploadList rows={batch.rows} busy={batch.busy} onClear={batch.clear} />
      {message && (
        <Alert tone={message.tone} onDismiss={() => setMessage(null)}>
          {message.text}
        </Alert>
      )}
      <Card>
        <div className="border-b border-slate-200 px-5 py-4">
          <h2 className="text-base font-semibold text-slate-900">Evidence Documents</h2>
        </div>
        {search && list.data && (
          <div className="border-b border-slate-200 px-5 py-3">
            <SearchFilterBar search={search} shown={shown.length} total={list.data.length} noun={NOUN} onClear={clearSearch} />
          </div>
        )}
        {list.isPending ? (
          <EmptyState>Loading evidence...</EmptyState>
        ) : list.isError ? (
          <div className="p-5">
            <Alert tone="error">Failed to load evidence</Alert>
          </div>
        ) : list.data.length === 0 ? (
          <EmptyState icon={<Icon name="folder" className="h-10 w-10" />}>
            No evidence uploaded yet. Upload your first evidence document above.
          </EmptyState>
        ) : shown.length === 0 ? (
          <EmptyState icon={<Icon name="folder" className="h-10 w-10" />}>No evidence documents match “{search}”</EmptyState>
        ) : (
          <EvidenceTable
            tenantId={tenant.id}
            evidence={shown}
            canManage={canManage}
            busyId={busyId}
            reanalysis={reanalysis}
            onReanalyze={(item) => void reanalyze(item)}
            onDelete={(item) => void deleteEvidence(item)}
          />
        )}
      </Card>
    </div>
  );
}
