import type { QueryClient } from '@tanstack/react-query';

/** Queries that describe who the user is and what they can reach: they do not change with the tenant. */
const IDENTITY_PROCEDURES = new Set([
  'auth.me',
  'users.permissions',
  'users.accessibleTenants',
  'organizations.list',
  'organizations.allCustomers',
]);

function procedurePath(queryKey: readonly unknown[]): string | null {
  const path = queryKey[0];
  return Array.isArray(path) ? path.join('.') : null;
}

/** After the current tenant changes, everything that may depend on it is fetched again. */
export function invalidateTenantScopedQueries(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) => !IDENTITY_PROCEDURES.has(procedurePath(query.queryKey) ?? ''),
  });
}
