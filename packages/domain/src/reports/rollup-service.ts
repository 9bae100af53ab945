import type { Kysely } from 'kysely';
import { domainName } from '@compliance/contracts/domains';
import type { Rollup } from '@compliance/contracts/reports';
import type { Database } from '@compliance/db/schema';
import { readInScope } from '@compliance/db/scoped-read';
import { organizationScope } from '../access/caller';
import type { OrgManagerScope } from '../access/scopes';
import { notFound } from '../errors';
import { organizationRollupStatement, readOrganizationRollupRow } from './dashboard-repo';
import { type StatusCounts, addStatus, complianceRate, emptyCounts } from './rates';

export const ROLLUP_GAPS = 10;

interface TenantInfo {
  id: string;
  name: string;
  assigned_frameworks: string[];
}

/** Pure arithmetic of the roll-up from per-tenant status counts (unit-tested on fixtures). */
export function computeRollup(
  organizationName: string,
  tenants: TenantInfo[],
  counts: { tenant_id: string; status: string; n: number }[],
): Pick<Rollup, 'metrics' | 'tenant_snapshots'> {
  const perTenant = new Map<string, StatusCounts>(tenants.map((t) => [t.id, emptyCounts()]));
  const overall = emptyCounts();
  for (const row of counts) {
    const tenantCounts = perTenant.get(row.tenant_id);
    if (!tenantCounts) continue;
    addStatus(tenantCounts, row.status, Number(row.n));
    addStatus(overall, row.status, Number(row.n));
  }
  return {
    metrics: {
      organization_name: organizationName,
      total_tenants: tenants.length,
      overall_compliance_rate: complianceRate(overall),
      total_requirements: overall.total,
      total_compliant: overall.compliant,
      total_not_started: overall.not_started,
    },
    tenant_snapshots: tenants.map((t) => {
      const c = perTenant.get(t.id)!;
      return {
        tenant_id: t.id,
        tenant_name: t.name,
        compliance_rate: complianceRate(c),
        total_requirements: c.total,
        compliant: c.compliant,
        assigned_frameworks: t.assigned_frameworks,
      };
    }),
  };
}

/** The executive roll-up of one organization: product admins and that organization's managers only. One statement, one round trip. */
export async function getOrganizationRollup(db: Kysely<Database>, { actor, organizationId }: OrgManagerScope): Promise<Rollup> {
  const [row] = await readInScope(db, organizationScope(actor.caller, organizationId), organizationRollupStatement(organizationId, ROLLUP_GAPS));
  const read = readOrganizationRollupRow(row);
  if (!read) throw notFound('Organization');
  return {
    organization_id: read.organization.id,
    ...computeRollup(read.organization.name, read.tenants, read.tenantCounts),
    top_gaps: read.gaps.map((g) => ({
      requirement_id: g.key,
      priority: g.priority,
      domain_name: domainName(g.domain_number),
      requirement_text: g.text,
      frameworks: g.frameworks,
      tenant_statuses: g.tenant_statuses,
      affected_tenants: g.affected,
    })),
  };
}
