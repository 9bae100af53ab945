import type { Tx } from '@compliance/db/scope';

/** Share of a contract's obligations found word for word in an earlier contract that makes it a repeat of it. */
export const NEAR_DUPLICATE_SHARE = 0.8;

/** An obligation's text reduced to its words, so the PDF and the Word file of one agreement compare equal. */
export function obligationKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export type EarlierContract = { id: string; name: string; requirementByKey: Map<string, string> };

/**
 * The tenant's earlier contract whose obligations this one repeats (at least NEAR_DUPLICATE_SHARE of this
 * contract's obligations, word for word), with the requirement each repeated obligation became; null when
 * none does. A contract that is itself a repeat is never the original.
 */
export async function findRepeatedContract(tx: Tx, tenantId: string, documentId: string, texts: readonly string[]): Promise<EarlierContract | null> {
  const keys = new Set(texts.map(obligationKey).filter(Boolean));
  if (keys.size === 0) return null;
  const rows = await tx
    .selectFrom('contract_obligations as o')
    .innerJoin('documents as d', 'd.id', 'o.document_id')
    .select(['d.id', 'd.name', 'd.created_at', 'o.text', 'o.tenant_requirement_id'])
    .where('o.tenant_id', '=', tenantId)
    .where('d.kind', '=', 'contract')
    .where('d.id', '!=', documentId)
    .where('d.duplicate_of', 'is', null)
    .execute();
  const byDocument = new Map<string, { name: string; created: number; requirementByKey: Map<string, string>; hits: Set<string> }>();
  for (const row of rows) {
    const entry = byDocument.get(row.id) ?? { name: row.name, created: new Date(row.created_at).getTime(), requirementByKey: new Map(), hits: new Set() };
    byDocument.set(row.id, entry);
    const key = obligationKey(row.text);
    if (keys.has(key)) entry.hits.add(key);
    if (row.tenant_requirement_id && !entry.requirementByKey.has(key)) entry.requirementByKey.set(key, row.tenant_requirement_id);
  }
  const best = [...byDocument.entries()]
    .filter(([, e]) => e.hits.size / keys.size >= NEAR_DUPLICATE_SHARE)
    .sort((a, b) => b[1].hits.size - a[1].hits.size || a[1].created - b[1].created)[0];
  return best ? { id: best[0], name: best[1].name, requirementByKey: best[1].requirementByKey } : null;
}
