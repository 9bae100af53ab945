import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { isDocumentError } from './document-error';
import { extractPdfShare, extractText } from './extract-text';
import type { ParseReply, ParseRequest } from './parse-messages';
import { warmUpPdfExtraction } from './pdf-warm-up';

/** The parser thread: one request at a time, answered with the text or the file's DocumentError. */
async function handle(request: ParseRequest): Promise<ParseReply> {
  try {
    if (request.task === 'warm-up') {
      await warmUpPdfExtraction();
      return { id: request.id, ok: true, result: null };
    }
    const buffer = Buffer.from(request.bytes.buffer, request.bytes.byteOffset, request.bytes.byteLength);
    if (request.task === 'pdf-share') return { id: request.id, ok: true, result: await extractPdfShare(buffer, request.options, request.share) };
    return { id: request.id, ok: true, result: await extractText(buffer, request.kind, request.options) };
  } catch (error) {
    const documentError = isDocumentError(error) ? { code: error.code } : null;
    return { id: request.id, ok: false, error: { documentError, message: error instanceof Error ? error.message : String(error) } };
  }
}

/**
 * On Linux a nice value belongs to a thread: this one yields the CPU to its process's main thread (and to
 * everything else), so a long parse on a busy machine does not delay the event loop that answers requests.
 */
const PARSER_NICENESS = 10;
try {
  setPriority(PARSER_NICENESS);
} catch {
  // Not permitted here (some containers): the parse runs at normal priority, still off the event loop.
}

parentPort?.on('message', (request: ParseRequest) => {
  void handle(request).then((reply) => parentPort?.postMessage(reply));
});
