import type { Kysely } from 'kysely';
import { DocumentError } from '@compliance/documents/document-error';
import type { ExtractedText } from '@compliance/documents/extract-text';
import type { FileKind } from '@compliance/documents/file-type';
import { extractTextIsolated, isParserCrash } from '@compliance/documents/parse-sandbox';
import type { Database } from '@compliance/db/schema';
import { unsafeFinishJobParse, unsafeStartJobParse } from '../jobs/job-repo';

/** A file that has brought its reader down this many times is refused for good. */
export const PARSER_CRASH_LIMIT = 2;

const CRASHED_BEFORE_MESSAGE =
  'This file is too large or complex to read safely: reading it stopped the reader twice. Split it into smaller files or save it again in a simpler form, then upload it again.';

/**
 * A job's file read in the parser pool (a worker thread with a heap cap and a time limit), counting
 * crashes in the job's row: a parse is recorded as started before reading and as finished after any end
 * but a crash, so a crash of the thread or of the whole process stays counted. The first crash is
 * retried like any transient failure; at the second the file fails with a DocumentError, so the job ends
 * with a message for the uploader instead of being retried (or re-run after a restart) for ever.
 */
export async function extractJobText(db: Kysely<Database>, jobId: string, content: Buffer, kind: FileKind, signal: AbortSignal): Promise<ExtractedText> {
  const unfinished = await unsafeStartJobParse(db, jobId);
  if (unfinished > PARSER_CRASH_LIMIT) throw new DocumentError('TOO_LARGE', CRASHED_BEFORE_MESSAGE);
  try {
    const extracted = await extractTextIsolated(content, kind, { signal, handOver: true });
    await unsafeFinishJobParse(db, jobId);
    return extracted;
  } catch (error) {
    if (!isParserCrash(error)) {
      await unsafeFinishJobParse(db, jobId).catch(() => undefined);
      throw error;
    }
    if (unfinished >= PARSER_CRASH_LIMIT) throw new DocumentError('TOO_LARGE', `${error.message} Split it into smaller files or save it again in a simpler form, then upload it again.`);
    throw error;
  }
}
