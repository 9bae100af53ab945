import type { Caller } from './caller';
import { AppError, forbidden } from '../errors';

/**
 * The tenant a tenant-scoped call acts on: the one the call names (tenant_id query or X-Tenant-Id
 * header), else the session's current tenant, else the caller's first reachable tenant. A named
 * tenant the caller cannot reach is refused, never silently replaced.
 */
export function resolveTenantId(caller: Caller, requested: string | null, sessionTenantId: string | null): string {
  if (requested) {
    if (!caller.tenants.has(requested)) throw forbidden('You do not have access to this tenant');
    return requested;
  }
  if (sessionTenantId && caller.tenants.has(sessionTenantId)) return sessionTenantId;
  const first = caller.tenants.keys().next().value;
  if (!first) throw new AppError('FORBIDDEN', 'No tenant is available to your account');
  return first;
}
