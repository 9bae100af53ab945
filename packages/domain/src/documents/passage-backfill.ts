import type { Kysely } from 'kysely';
import { extractTextIsolated } from '@compliance/documents/parse-sandbox';
import type { FileKind } from '@compliance/documents/file-type';
import type { Database } from '@compliance/db/schema';
import { withScope } from '@compliance/db/scope';
import { jobScope } from './analysis-context';
import { replacePassages } from './document-passages';
import { getDocumentContent, unsafeListDocumentsWithoutPassages } from './document-repo';

/**
 * Documents analysed before passages were kept have none: their text is read once more and stored, one
 * document at a time in its own tenant's scope. A file that cannot be read is left as it is. Answers
 * how many documents got passages.
 */
export async function backfillPassages(db: Kysely<Database>, options: { limit?: number; signal?: AbortSignal; tenantId?: string } = {}): Promise<number> {
  const pending = await unsafeListDocumentsWithoutPassages(db, { tenantId: options.tenantId, limit: options.limit ?? 10_000 });
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
