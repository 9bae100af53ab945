import { type RawBuilder, sql } from 'kysely';

/**
 * The one rule for which evidence counts as support for a tenant requirement, as SQL: the number of
 * evidence links of the requirement whose id is in `requirementId` (a column reference such as
 * 'tr.id'). The requirements list, the dashboard's gaps and every other count of supporting evidence
 * use this fragment, so a change to what counts (expired documents, rejected links, drafts) is made here.
 */
export function supportingEvidenceCount(requirementId: string): RawBuilder<number> {
  return sql<number>`(SELECT count(*)::int FROM evidence_links l WHERE l.tenant_requirement_id = ${sql.ref(requirementId)})`;
}
