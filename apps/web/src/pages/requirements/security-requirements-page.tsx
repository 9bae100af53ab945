import { REQUIREMENT_PAGE_SIZE } from '@compliance/contracts/requirement-pages';
import type { Requirement } from '@compliance/contracts/requirements';
import type { AccessibleTenant } from '@compliance/contracts/users';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert } from '../../components/alert';
import { Toast } from '../../components/toast';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { SearchFilterBar, useSearchParam } from '../../components/search-filter';
import { TenantGate } from '../../components/tenant-gate';
import { useCurrentUser, usePermissions } from '../../auth/session-context';
import { Icon } from '../../layout/nav-icons';
import { refreshQueries } from '../../lib/refresh-queries';
import { trpc } from '../../lib/trpc';
import { BulkAssignBar } from './bulk-assign-bar';
import { LoadMore } from './load-more';
import { RequirementFilters } from './requirement-filters';
import { csvExportUrl, useRequirementFilters } from './requirement-filters-state';
import { RequirementList } from './requirement-list';
import { searchRequirements } from './requirement-search';
import { RequirementStats } from './requirement-stats';
import { ResponseEditorDialog } from './response-editor-dialog';

const TITLE = 'Security Requirements';
const NOUN = ['requirement', 'requirements'] as const;

/** Viewers read only; Editors, Admins, the organization's managers and product admins edit (as the server rules). */
export function useCanEdit(tenant: AccessibleTenant): boolean {
  const user = useCurrentUser();
  const permissions = usePermissions();
  return (
    permissions.isProductAdmin ||
    permissions.managedOrganizations.some((o) => o.id === tenant.organization_id) ||
    user.role === 'Admin' ||
    user.role === 'Editor'
  );
}

/** The Security Requirements screen of the tenant in view. */
export function SecurityRequirementsPage() {
  return (
    <TenantGate title={TITLE} loadingText="Loading requirements..." subject="security requirements" icon={<Icon name="clipboard" className="h-10 w-10" />}>
      {(tenant) => <TenantRequirements tenant={tenant} />}
    </TenantGate>
  );
}

/**
 * One tenant's requirements; remounted per tenant, so filters start over and an open editor closes.
 * Calls name the tenant, so cached answers never cross tenants; a tenant change also invalidates them.
 * The list arrives a page at a time (GET /api/requirements/page): the first page carries the whole
 * filtered list's counts for the tiles and group headers, and the next page loads as the end of the
 * list nears the screen. A tenant with no more requirements than a page sees its whole list at once.
 * A `?search=` (from an assistant answer's link) narrows the whole list, so every page is loaded
 * first; it is shown above the list with a way to clear it.
 */
function TenantRequirements({ tenant }: { tenant: AccessibleTenant }) {
  const queryClient = useQueryClient();
  const canEdit = useCanEdit(tenant);
  const filters = useRequirementFilters(tenant.assigned_frameworks);
  const list = trpc.requirements.page.useInfiniteQuery(
    { ...filters.query, tenant_id: tenant.id, limit: REQUIREMENT_PAGE_SIZE },
    { getNextPageParam: (page) => page.next_cursor ?? undefined },
  );
  const stats = trpc.requirements.stats.useQuery({ tenant_id: tenant.id });
  const { search, clear: clearSearch } = useSearchParam();
  const loaded = useMemo(() => list.data?.pages.flatMap((page) => page.items), [list.data]);
  const totals = list.data?.pages[0]?.totals ?? undefined;
  const domainTotals = useMemo(() => new Map(totals?.domains.map((d) => [d.domain_number, d.total])), [totals]);
  const searching = !!search && list.hasNextPage && !list.isFetchNextPageError;
  const shown = loaded && search && !searching ? searchRequirements(loaded, search) : loaded;
  const [openId, setOpenId] = useState<string | null>(null);
  const open = openId ? loaded?.find((r) => r.id === openId) : undefined;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [notice, setNotice] = useState<string | null>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  useEffect(() => {
    if (searching) loadMore();
  }, [searching, loadMore]);

  function toggle(requirement: Requirement) {
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(requirement.id)) next.add(requirement.id);
      return next;
    });
  }

  function assigned(updated: number) {
    setSelected(new Set());
    setNotice(updated === 1 ? '1 requirement assigned' : `${updated} requirements assigned`);
    void refreshQueries(queryClient, 'requirements');
  }
  const [toast, setToast] = useState<string | null>(null);
  const hideToast = useCallback(() => setToast(null), []);

  useEffect(() => {
    if (stats.error) console.error('Could not load the requirement stats', stats.error);
  }, [stats.error]);

  function saved() {
    if (open) setToast(`Response saved for requirement ${open.display_id}`);
    setOpenId(null);
    void refreshQueries(queryClient, 'requirements', 'reports');
  }

  return (
    <div>
      <PageHeader
        title={TITLE}
        subtitle={`Unified security requirements for ${tenant.name}`}
        actions={
          <Button variant="secondary" onClick={() => window.open(csvExportUrl(filters.query), '_blank', 'noopener')}>
            <Icon name="document" className="h-4 w-4" />
            Export to CSV
          </Button>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <RequirementFilters assignedFrameworks={tenant.assigned_frameworks} filters={filters} />
        <div className="min-w-0 space-y-6">
          <RequirementStats totals={totals} stats={stats.data} />
          {search && shown && totals && !searching && (
            <SearchFilterBar search={search} shown={shown.length} total={totals.total} noun={NOUN} onClear={clearSearch} />
          )}
          {canEdit && (
            <BulkAssignBar
              tenantId={tenant.id}
              selectedIds={[...selected]}
              shownIds={shown?.map((r) => r.id) ?? []}
              onSelectAll={(ids) => setSelected(new Set(ids))}
              onClear={() => setSelected(new Set())}
              onAssigned={assigned}
            />
          )}
          {notice && (
            <Alert tone="success" onDismiss={() => setNotice(null)}>
              {notice}
            </Alert>
          )}
          <RequirementsBody
            list={list}
            loaded={loaded}
            shown={searching ? undefined : shown}
            search={search}
            domainTotals={search ? undefined : domainTotals}
            onOpen={(r) => setOpenId(r.id)}
            selection={canEdit ? { selected, onToggle: toggle } : undefined}
          />
          {!search && hasNextPage && loaded && totals && (
            <LoadMore loaded={loaded.length} total={totals.total} loading={isFetchingNextPage} onLoadMore={loadMore} />
          )}
        </div>
      </div>
      {open && (
        <ResponseEditorDialog tenantId={tenant.id} requirement={open} canEdit={canEdit} onClose={() => setOpenId(null)} onSaved={saved} />
      )}
      {toast && <Toast message={toast} onDone={hideToast} />}
    </div>
  );
}

interface RequirementsBodyProps {
  list: { isPending: boolean; isError: boolean; refetch: () => unknown };
  /** Every row loaded so far. */
  loaded: Requirement[] | undefined;
  /** The rows to show (narrowed by the search); undefined while a search waits for the whole list. */
  shown: Requirement[] | undefined;
  search: string;
  domainTotals?: ReadonlyMap<number, number>;
  onOpen: (requirement: Requirement) => void;
  selection?: { selected: ReadonlySet<string>; onToggle: (requirement: Requirement) => void };
}

function RequirementsBody({ list, loaded, shown, search, domainTotals, onOpen, selection }: RequirementsBodyProps) {
  if (list.isPending || (loaded && !shown)) {
    return (
      <Card>
        <EmptyState>Loading requirements...</EmptyState>
      </Card>
    );
  }
  if (list.isError || !loaded || !shown) {
    return (
      <Alert tone="error">
        Failed to load requirements.{' '}
        <button type="button" onClick={() => void list.refetch()} className="font-medium underline">
          Try again
        </button>
      </Alert>
    );
  }
  if (shown.length === 0) {
    return (
      <Card>
        <EmptyState icon={<Icon name="list" className="h-10 w-10" />}>
          {loaded.length > 0 && search ? `No requirements match “${search}”` : 'No requirements match the selected filters'}
        </EmptyState>
      </Card>
    );
  }
  return <RequirementList requirements={shown} domainTotals={domainTotals} onOpen={onOpen} selected={selection?.selected} onToggle={selection?.onToggle} />;
}
