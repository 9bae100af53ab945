import type { Actor } from './actor';
import type { Caller } from './caller';
import { canAdministerOrg, canManageOrg, tenantRole, visibleOrgIds } from './caller';
import { forbidden, notFound } from '../errors';

/** The brand of a narrowed scope: not exported, so no other module can write one. */
declare const narrowed: unique symbol;

/**
 * A caller proven, once, to change one tenant's data: an Editor or Admin there, a manager or Admin of its
 * organization, or a product admin. Services that change a tenant's data take this instead of an actor and
 * a tenant id, so they cannot be reached without the check; the procedure builders (editorProcedure) make
 * it, and so do the plain upload routes and the assistant's drafting tool, each through narrowToEditor.
 */
export interface EditorScope {
  readonly [narrowed]: 'editor';
  readonly actor: Actor;
  readonly tenantId: string;
}

/** Editors, Admins, organization managers and product admins change a tenant's data; Viewers only read. */
function canEditTenant(caller: Caller, tenantId: string): boolean {
  const tenant = caller.tenants.get(tenantId);
  if (!tenant) return false;
  if (canAdministerOrg(caller, tenant.organization_id)) return true;
  const role = tenantRole(caller, tenantId);
  return role === 'Admin' || role === 'Editor';
}

/** The actor narrowed to an editor of the tenant, or a 403 for a Viewer (or a caller who cannot reach it). */
export function narrowToEditor(actor: Actor, tenantId: string): EditorScope {
  if (!canEditTenant(actor.caller, tenantId)) throw forbidden('Viewers can read this tenant but not change it');
  return { actor, tenantId } as EditorScope;
}

/** A caller proven, once, to be a product administrator: the Customer Admin screen and the product-wide settings. */
export interface ProductAdminScope {
  readonly [narrowed]: 'product-admin';
  readonly actor: Actor;
}

/** The actor narrowed to a product administrator, or a 403 with the refusal the procedure gives. */
export function narrowToProductAdmin(actor: Actor, refusal: string): ProductAdminScope {
  if (!actor.caller.isProductAdmin) throw forbidden(refusal);
  return { actor } as ProductAdminScope;
}

/** A caller proven, once, to manage one organization: one of its managers, or a product administrator. */
export interface OrgManagerScope {
  readonly [narrowed]: 'org-manager';
  readonly actor: Actor;
  readonly organizationId: string;
}

/** A 404 when the caller cannot see the organization at all (its existence is not disclosed), else a 403. */
function refuseOrganization(caller: Caller, organizationId: string, refusal: string): never {
  if (!visibleOrgIds(caller).has(organizationId)) throw notFound('Organization');
  throw forbidden(refusal);
}

/** The actor narrowed to a manager of the organization, or a 404/403 (the refusal the procedure gives). */
export function narrowToOrgManager(actor: Actor, organizationId: string, refusal: string): OrgManagerScope {
  if (!canManageOrg(actor.caller, organizationId)) refuseOrganization(actor.caller, organizationId, refusal);
  return { actor, organizationId } as OrgManagerScope;
}

/**
 * A caller proven, once, to administer one organization's users and tenants: an Admin member of it, one of
 * its managers, or a product administrator.
 */
export interface OrgAdminScope {
  readonly [narrowed]: 'org-admin';
  readonly actor: Actor;
  readonly organizationId: string;
}

/** The actor narrowed to an administrator of the organization, or a 404/403 (the refusal the procedure gives). */
export function narrowToOrgAdmin(actor: Actor, organizationId: string, refusal: string): OrgAdminScope {
  if (!canAdministerOrg(actor.caller, organizationId)) refuseOrganization(actor.caller, organizationId, refusal);
  return { actor, organizationId } as OrgAdminScope;
}

/** A caller proven, once, to administer one tenant: an administrator of its organization. */
export interface TenantAdminScope {
  readonly [narrowed]: 'tenant-admin';
  readonly actor: Actor;
  readonly tenantId: string;
}

/** The actor narrowed to an administrator of a tenant they reach, or a 403 with the refusal given. */
export function narrowToTenantAdmin(actor: Actor, tenantId: string, refusal: string): TenantAdminScope {
  const tenant = actor.caller.tenants.get(tenantId);
  if (!tenant || !canAdministerOrg(actor.caller, tenant.organization_id)) throw forbidden(refusal);
  return { actor, tenantId } as TenantAdminScope;
}
