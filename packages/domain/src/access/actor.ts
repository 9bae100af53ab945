import type { Caller } from './caller';

/** The caller of one request with what the session knows about it. */
export interface Actor {
  caller: Caller;
  ip: string;
  currentOrganizationId: string | null;
  currentTenantId: string | null;
}

/** The fields every audit entry written on an actor's behalf shares. */
export function auditBy(actor: Actor) {
  return { userId: actor.caller.user.id, username: actor.caller.user.username, ip: actor.ip };
}
