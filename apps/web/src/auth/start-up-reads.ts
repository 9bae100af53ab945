import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useEffect } from 'react';
import { readStoredTenantId } from './browser-storage';
import { trpc } from '../lib/trpc';

/** Shared with other screens that read auth.me / users.permissions, so every reader hits one cache entry. */
export const IDENTITY_STALE_TIME = 60_000;

interface StartUpIdentity {
  userId: string | undefined;
  currentTenantId: string | null | undefined;
  /** The session is held back for MFA enrolment: nothing else may be asked. */
  blocked: boolean;
}

/** When the start-up dashboard answer arrived (its dataUpdatedAt), until a screen has shown it once. */
let startUpDashboardAt = 0;

/**
 * True once for the start-up dashboard answer: My Dashboard shows it without asking again on its first
 * mount. Any later mount, or a cache entry fetched since, asks the server as usual.
 */
export function takeStartUpDashboard(dataUpdatedAt: number): boolean {
  if (!startUpDashboardAt || dataUpdatedAt !== startUpDashboardAt) return false;
  startUpDashboardAt = 0;
  return true;
}

/**
 * Everything the first screen needs, asked together the moment the session is known, instead of each
 * provider asking after the one above it has its answer: the permissions and, on /my-dashboard, the
 * dashboard of the tenant the app will most likely show (the stored one, else the session's). The providers and the page then read these
 * answers from the query cache; a wrong guess costs one unused read, never a wrong screen.
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
    // Once per signed-in user: later changes are the providers' business.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, blocked]);
}
