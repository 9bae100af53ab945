import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useEffect } from 'react';
import { readStoredTenantId } from './browser-storage';
import { type TrpcClient, trpc } from '../lib/trpc';

/** Shared with other screens that read auth.me / users.permissions, so every reader hits one cache entry. */
export const IDENTITY_STALE_TIME = 60_000;

interface StartUpIdentity {
  userId: string | undefined;
  currentTenantId: string | null | undefined;
  /** The session is held back for MFA enrolment: nothing else may be asked. */
  blocked: boolean;
}

/** When the start-up dashboard answer arrived (its dataUpdatedAt), until My Dashboard has shown it. */
let startUpDashboardAt = 0;

/**
 * True for the start-up dashboard answer until My Dashboard has shown it once (the page then counts it
 * as fresh instead of asking again). A query's options may be read several times while it mounts, so
 * this only looks; forgetStartUpDashboard ends it.
 */
export function isStartUpDashboard(dataUpdatedAt: number): boolean {
  return startUpDashboardAt !== 0 && dataUpdatedAt === startUpDashboardAt;
}

/** My Dashboard has shown the start-up answer: any later mount, or a cache entry fetched since, asks the server as usual. */
export function forgetStartUpDashboard() {
  startUpDashboardAt = 0;
}

/**
 * Asks for the session (auth.me) as soon as the app's code runs, before React renders anything, on a
 * screen behind the login: the session gate then finds the answer on its way instead of asking only once
 * its first render has been committed.
 */
export function startSessionRead(queryClient: QueryClient, client: TrpcClient) {
  void queryClient.prefetchQuery({
    queryKey: getQueryKey(trpc.auth.me, undefined, 'query'),
    queryFn: () => client.auth.me.query(),
    staleTime: IDENTITY_STALE_TIME,
  });
}

/**
 * Everything the first screen needs, asked together the moment the session is known, instead of each
 * provider asking after the one above it has its answer: the permissions, the accessible tenants and
 * organizations (the tenant and organization providers' lists, in a request of their own) and, on /my-dashboard, the dashboard of
 * the tenant the app will most likely show (the stored one, else the session's). The providers and the
 * page then read these answers from the query cache; a wrong guess costs one unused read, never a wrong screen.
 */
export function useStartUpReads({ userId, currentTenantId, blocked }: StartUpIdentity) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId || blocked) return;
    const options = { staleTime: IDENTITY_STALE_TIME };
    void utils.users.permissions.prefetch({ id: userId }, options);
    const tenantId = readStoredTenantId() ?? currentTenantId;
    if (tenantId && window.location.pathname.replace(/\/+$/, '') === '/my-dashboard') {
      const input = { tenant_id: tenantId, frameworks: undefined };
      void utils.reports.dashboard.prefetch(input).then(() => {
        const state = queryClient.getQueryState(getQueryKey(trpc.reports.dashboard, input, 'query'));
        if (state?.status === 'success') startUpDashboardAt = state.dataUpdatedAt;
      });
    }
    // The lists go in a request of their own, sent after the batch above (its dispatch is a timer set by
    // now, so a timer set inside a later timer fires after it): a slow list never holds back the session
    // gate, which waits for the permissions, yet both requests are in flight before the shell mounts.
    let listsTimer: ReturnType<typeof setTimeout> | undefined;
    const afterBatch = setTimeout(() => {
      listsTimer = setTimeout(() => {
        void utils.users.accessibleTenants.prefetch({ id: userId }, options);
        void utils.organizations.list.prefetch(undefined, options);
      });
    });
    return () => {
      clearTimeout(afterBatch);
      clearTimeout(listsTimer);
    };
    // Once per signed-in user: later changes are the providers' business.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, blocked]);
}
