import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { MFA_ENROLLMENT_REQUIRED } from '@compliance/contracts/constants';

/** The session is gone (401), or its organization now requires MFA the user has not set up. */
function sessionChanged(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  const data = error.data as { code?: string; detail?: string } | undefined;
  return data?.code === 'UNAUTHORIZED' || data?.detail === MFA_ENROLLMENT_REQUIRED;
}

function procedurePath(key: readonly unknown[] | undefined): string {
  const path = key?.[0];
  return Array.isArray(path) ? path.join('.') : '';
}

const ME_KEY = [['auth', 'me']];
/** What the selectors are built from; stale once an organization or tenant has been changed anywhere. */
const SELECTOR_SOURCES = [[['organizations', 'list']], [['users', 'accessibleTenants']], [['users', 'permissions']]];

/**
 * One query client for the app. When any call says the session is gone (401) or must enrol in MFA
 * first, the session query is re-checked, and the session gate then sends the browser to /login or
 * /mfa-setup. After any organization or tenant change, the lists behind the selectors are fetched again.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (procedurePath(query.queryKey) !== 'auth.me' && sessionChanged(error)) {
          void client.invalidateQueries({ queryKey: ME_KEY });
        }
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (sessionChanged(error)) void client.invalidateQueries({ queryKey: ME_KEY });
      },
      onSuccess: (_data, _variables, _context, mutation) => {
        const path = procedurePath(mutation.options.mutationKey);
        if (path.startsWith('organizations.') || path.startsWith('tenants.')) {
          for (const queryKey of SELECTOR_SOURCES) void client.invalidateQueries({ queryKey });
        }
      },
    }),
  });
  return client;
}
