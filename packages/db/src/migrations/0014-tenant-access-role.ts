import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * A role per granted tenant: a user may be an Editor in one tenant and a Viewer in another. Null keeps
 * the user's own role (every grant made before this column existed), so nothing changes for them.
 * A tenant deactivated together with its organization is marked so, so restoring the organization
 * brings back exactly those tenants and not the ones deleted on their own before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `
    ALTER TABLE tenant_access ADD COLUMN role text CHECK (role IN ('Admin', 'Editor', 'Viewer'));
    ALTER TABLE tenants ADD COLUMN deactivated_with_organization boolean NOT NULL DEFAULT false;
  `);
}
