import { type RawBuilder, sql } from 'kysely';
import { linkCountsAsSupport } from '../documents/evidence-support';

/**
 * The number of evidence links that count as support for a tenant requirement, as SQL: `requirementId` is
 * a column reference such as 'tr.id'. The requirements list and the dashboard's gaps read it; which links
 * count is the one rule of `documents/evidence-support.ts`.
 */
export function supportingEvidenceCount(requirementId: string): RawBuilder<number> {
  return sql<number>`(SELECT count(*)::int FROM evidence_links support_link WHERE support_link.tenant_requirement_id = ${sql.ref(requirementId)} AND ${linkCountsAsSupport('support_link')})`;
}
