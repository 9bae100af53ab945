import type { Caller } from './caller';
import { canAdministerOrg, tenantRole } from './caller';
import { forbidden } from '../errors';

/** Editors, Admins, organization managers and product admins change a tenant's data; Viewers only read. */
export function canEditTenant(caller: Caller, tenantId: string): boolean {
  const tenant = caller.tenants.get(tenantId);
  if (!tenant) return false;
  if (canAdministerOrg(caller, tenant.organization_id)) return true;
  const role = tenantRole(caller, tenantId);
  return role === 'Admin' || role === 'Editor';
}

export function assertCanEditTenant(caller: Caller, tenantId: string): void {
  if (!canEditTenant(caller, tenantId)) throw forbidden('Viewers can read this tenant but not change it');
}
