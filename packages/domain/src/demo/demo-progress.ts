import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Tx } from '@compliance/db/scope';

/** A stable number in [0, 1) for a tenant and requirement, so the demo looks the same on every machine. */
function fraction(...parts: string[]): number {
  return createHash('sha256').update(parts.join('|')).digest().readUInt32BE(0) / 2 ** 32;
}

/** How far along each demo tenant is: share of requirements Compliant and In Progress. */
const PROFILES: Record<string, { compliant: number; inProgress: number }> = {
  'Acme Hospitals': { compliant: 0.62, inProgress: 0.18 },
  'Acme Payments': { compliant: 0.81, inProgress: 0.1 },
  'Acme Research': { compliant: 0.35, inProgress: 0.25 },
  'Globex Cloud': { compliant: 0.92, inProgress: 0.05 },
  'Globex Corporate IT': { compliant: 0.48, inProgress: 0.2 },
};

/** Gives the demo tenants realistic, different progress so dashboards and roll-ups have something to show. */
export async function seedDemoProgress(tx: Tx): Promise<void> {
  const rows = await tx
    .selectFrom('tenant_requirements')
    .innerJoin('tenants', 'tenants.id', 'tenant_requirements.tenant_id')
    .select(['tenant_requirements.id', 'tenant_requirements.catalog_key', 'tenants.name'])
    .execute();
  const byStatus = new Map<string, string[]>();
  for (const row of rows) {
    const profile = PROFILES[row.name];
    if (!profile || !row.catalog_key) continue;
    const x = fraction(row.name, row.catalog_key);
    const status =
      x < profile.compliant ? 'Compliant' : x < profile.compliant + profile.inProgress ? 'In Progress' : x > 0.97 ? 'Not Applicable' : null;
    if (status) byStatus.set(status, [...(byStatus.get(status) ?? []), row.id]);
  }
  for (const [status, ids] of byStatus) {
    for (let i = 0; i < ids.length; i += 500) {
      await tx
        .updateTable('tenant_requirements')
        .set({
          status,
          user_response:
            status === 'Compliant'
              ? sql`'Implemented and reviewed in the last internal audit; see the linked policy and procedure.'`
              : status === 'In Progress'
                ? sql`'Rollout in progress; target completion next quarter.'`
                : null,
        })
        .where('id', 'in', ids.slice(i, i + 500))
        .execute();
    }
  }
}
