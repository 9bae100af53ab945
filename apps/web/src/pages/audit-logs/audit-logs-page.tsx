import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../components/alert';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { trpc } from '../../lib/trpc';
import { AuditFilters, type AuditFilterValues, DEFAULT_AUDIT_FILTERS } from './audit-filters';
import { AuditTable } from './audit-table';

/** The query for the current filters: a filter is sent only when it is set. */
function toQuery({ username, action, limit }: AuditFilterValues) {
  return {
    limit,
    ...(username.trim() ? { username: username.trim() } : {}),
    ...(action.trim() ? { action: action.trim() } : {}),
  };
}

export function AuditLogsPage() {
  const [filters, setFilters] = useState<AuditFilterValues>(DEFAULT_AUDIT_FILTERS);
  const logs = trpc.audit.list.useQuery(toQuery(filters), { placeholderData: keepPreviousData });
  const entries = logs.data ?? [];

  return (
    <div>
      <PageHeader title="Audit Logs" subtitle="Who did what, and when" />

      <Card className="mb-6 p-4">
        <AuditFilters
          values={filters}
          refreshing={logs.isFetching}
          onChange={setFilters}
          onRefresh={() => void logs.refetch()}
          onClear={() => setFilters(DEFAULT_AUDIT_FILTERS)}
        />
      </Card>

      <Card>
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
          <h2 className="text-base font-semibold text-slate-900">Audit Trail ({entries.length} entries)</h2>
          {logs.isFetching && <span className="text-xs text-slate-500">Updating...</span>}
        </div>
        {logs.isError ? (
          <div className="p-4">
            <Alert tone="error">Failed to load audit logs</Alert>
          </div>
        ) : logs.isLoading ? (
          <EmptyState>Loading audit logs...</EmptyState>
        ) : entries.length === 0 ? (
          <EmptyState>No audit logs found. Try adjusting your filters.</EmptyState>
        ) : (
          <AuditTable entries={entries} />
        )}
      </Card>
    </div>
  );
}
