import type { Kysely } from 'kysely';
import type { Database } from '@compliance/db/schema';
import { withScope } from '@compliance/db/scope';
import type { Actor } from '../access/actor';
import { tenantScope } from '../access/caller';
import { listRequirementsInTx } from '../requirements/requirement-service';
import { requirementsToCsv } from './csv-export';
import { getDashboardInTx } from './dashboard-service';
import { rankGaps } from './dashboard-service';
import { renderExecutiveSummary } from './pdf/executive-summary-pdf';
import { renderGapAnalysis } from './pdf/gap-analysis-pdf';

export interface ExportFile {
  filename: string;
  contentType: string;
  body: Buffer;
}

function fileName(kind: string, tenantName: string, at: Date, extension: string): string {
  const slug = tenantName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'tenant';
  return `${kind}-${slug}-${at.toISOString().slice(0, 10)}.${extension}`;
}

export async function exportRequirementsCsv(
  db: Kysely<Database>,
  actor: Actor,
  tenantId: string,
  filter: { domains?: number[]; frameworks?: string[] },
): Promise<ExportFile> {
  const { tenant, requirements } = await withScope(db, tenantScope(actor.caller, tenantId), (tx) => listRequirementsInTx(tx, tenantId, filter));
  return {
    filename: fileName('requirements', tenant.name, new Date(), 'csv'),
    contentType: 'text/csv; charset=utf-8',
    body: Buffer.from(requirementsToCsv(requirements), 'utf8'),
  };
}

export async function exportExecutiveSummary(db: Kysely<Database>, actor: Actor, tenantId: string, frameworks?: string[]): Promise<ExportFile> {
  const dashboard = await withScope(db, tenantScope(actor.caller, tenantId), (tx) => getDashboardInTx(tx, tenantId, frameworks));
  const now = new Date();
  return {
    filename: fileName('executive-summary', dashboard.tenant_name, now, 'pdf'),
    contentType: 'application/pdf',
    body: await renderExecutiveSummary(dashboard, now),
  };
}

export async function exportGapAnalysis(db: Kysely<Database>, actor: Actor, tenantId: string, frameworks?: string[]): Promise<ExportFile> {
  const { tenant, requirements } = await withScope(db, tenantScope(actor.caller, tenantId), (tx) => listRequirementsInTx(tx, tenantId, { frameworks }));
  const gaps = rankGaps(requirements.filter((r) => r.compliance_status !== 'Compliant' && r.compliance_status !== 'Not Applicable'));
  const byDomain = [...gaps].sort((a, b) => a.domain_number - b.domain_number);
  const now = new Date();
  const effective = [...new Set(requirements.flatMap((r) => r.frameworks))];
  return {
    filename: fileName('gap-analysis', tenant.name, now, 'pdf'),
    contentType: 'application/pdf',
    body: await renderGapAnalysis(tenant.name, frameworks ? effective : tenant.assigned_frameworks, byDomain, now),
  };
}
