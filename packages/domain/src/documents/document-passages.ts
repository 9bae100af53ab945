import { sql } from 'kysely';
import { rankPassages, splitPassages, passageTerms } from '@compliance/ai/assistant/passages';
import type { Passage } from '@compliance/ai/assistant/tools';
import type { Tx } from '@compliance/db/scope';

/** The stored passages of documents: written when a document is analysed, searched by the assistant. */

const INSERT_BATCH = 500;

/** Replaces the document's passages with those of its text (a re-analysis never duplicates them). */
export async function replacePassages(tx: Tx, document: { id: string; tenant_id: string; organization_id: string }, text: string): Promise<void> {
  await tx.deleteFrom('document_passages').where('document_id', '=', document.id).execute();
  const passages = splitPassages(text);
  for (let start = 0; start < passages.length; start += INSERT_BATCH) {
    await tx
      .insertInto('document_passages')
      .values(passages.slice(start, start + INSERT_BATCH).map((p, i) => ({ document_id: document.id, tenant_id: document.tenant_id, organization_id: document.organization_id, ordinal: start + i, text: p })))
      .execute();
  }
}

/**
 * The tenant's passages that best answer the query: the full-text index finds every passage holding a
 * query term, then BM25 ranks them. `document` keeps one document (name or part of it).
 */
export async function searchPassages(tx: Tx, tenantId: string, query: string, options: { document?: string; limit: number }): Promise<Passage[]> {
  const terms = [...new Set(passageTerms(query))].filter((t) => /^[\p{L}\p{N}]+$/u.test(t)).slice(0, 12);
  if (!terms.length) return [];
  const tsquery = terms.map((t) => `${t}:*`).join(' | ');
  const name = options.document?.trim().toLowerCase();
  const documentFilter = name ? sql`AND lower(d.name) LIKE ${`%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``;
  const stats = await sql<{ total: string; average: number | null }>`
    SELECT count(*) AS total, avg(array_length(regexp_split_to_array(p.text, '\\s+'), 1)) AS average
    FROM document_passages p JOIN documents d ON d.id = p.document_id
    WHERE p.tenant_id = ${tenantId} ${documentFilter}
  `.execute(tx);
  const { rows } = await sql<{ document: string; kind: 'contract' | 'evidence'; text: string }>`
    SELECT d.name AS document, d.kind, p.text
    FROM document_passages p JOIN documents d ON d.id = p.document_id
    WHERE p.tenant_id = ${tenantId} AND d.status = 'completed' ${documentFilter}
      AND p.search @@ to_tsquery('english', ${tsquery})
    LIMIT 5000
  `.execute(tx);
  const collection = { total: Number(stats.rows[0]?.total ?? rows.length), averageLength: Number(stats.rows[0]?.average ?? 0) };
  return rankPassages(query, rows, collection)
    .slice(0, options.limit)
    .map(({ item, score }) => ({ document: item.document, kind: item.kind, text: item.text, score: Math.round(score * 100) / 100 }));
}
