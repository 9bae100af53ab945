import type { Actor } from './actor';
import type { Caller } from './caller';
import { canAdministerOrg, tenantRole } from './caller';
import { forbidden } from '../errors';

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
