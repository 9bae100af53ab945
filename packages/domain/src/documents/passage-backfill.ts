import type { Kysely } from 'kysely';
import { extractTextIsolated } from '@compliance/documents/parse-sandbox';
import type { FileKind } from '@compliance/documents/file-type';
import type { Database } from '@compliance/db/schema';
import { SYSTEM_SCOPE, withScope } from '@compliance/db/scope';
import { jobScope } from './analysis-context';
import { replacePassages } from './document-passages';
import { getDocumentContent } from './document-repo';

/**
 * Documents analysed before passages were kept have none: their text is read once more and stored, one
 * document at a time in its own tenant's scope. A file that cannot be read is left as it is. Answers
 * how many documents got passages.
 */
export async function backfillPassages(db: Kysely<Database>, options: { limit?: number; signal?: AbortSignal; tenantId?: string } = {}): Promise<number> {
  const pending = await withScope(db, SYSTEM_SCOPE, (tx) =>
    tx
      .selectFrom('documents as d')
      .select(['d.id', 'd.tenant_id', 'd.organization_id', 'd.file_kind'])
      .where('d.status', '=', 'completed')
      .$if(options.tenantId !== undefined, (q) => q.where('d.tenant_id', '=', options.tenantId!))
      .where((eb) => eb.not(eb.exists(eb.selectFrom('document_passages as p').select('p.document_id').whereRef('p.document_id', '=', 'd.id'))))
      .orderBy('d.created_at')
      .limit(options.limit ?? 10_000)
      .execute(),
  );
  let done = 0;
  for (const document of pending) {
    if (options.signal?.aborted) break;
    try {
      const content = await withScope(db, jobScope(document.tenant_id), (tx) => getDocumentContent(tx, document.tenant_id, document.id));
      if (!content) continue;
      const { text } = await extractTextIsolated(content, document.file_kind as FileKind, { signal: options.signal });
      await withScope(db, jobScope(document.tenant_id), (tx) => replacePassages(tx, document, text));
      done += 1;
    } catch {
      // An unreadable file keeps no passages; the assistant then has nothing to quote from it.
    }
  }
  return done;
}
