import { createInflateRaw } from 'node:zlib';
import { DocumentError } from './document-error';
import { formatSize } from './format-size';

export interface PdfInflateLimits {
  /** pdf.js holds a decoded stream in memory whole; no content stream or font needs this much. */
  maxStreamBytes: number;
  /** Bounds the work of this check itself, and of pdf.js, over all streams. */
  maxTotalBytes: number;
}

export const DEFAULT_PDF_INFLATE_LIMITS: PdfInflateLimits = {
  maxStreamBytes: 128 * 1024 * 1024,
  maxTotalBytes: 1024 * 1024 * 1024,
};

const STREAM_KEYWORD = Buffer.from('stream', 'latin1');
const END_PREFIX = Buffer.from('end', 'latin1');
const ZLIB_HEADER_BYTES = 2;
const CR = 0x0d;
const LF = 0x0a;

function pdfBomb(reason: string): DocumentError {
  return new DocumentError('ZIP_BOMB', `The PDF was refused because ${reason}. This is typical of a "decompression bomb"; upload an ordinary PDF.`);
}

/** Where a stream's data starts: after the 'stream' keyword and its end of line. */
function streamDataStart(buffer: Buffer, keyword: number): number {
  let start = keyword + STREAM_KEYWORD.length;
  if (buffer[start] === CR) start += 1;
  if (buffer[start] === LF) start += 1;
  return start;
}

/** A zlib header (deflate method, valid check bits), as FlateDecode streams begin. */
function hasZlibHeader(buffer: Buffer, start: number): boolean {
  const cmf = buffer[start];
  const flg = buffer[start + 1];
  return cmf !== undefined && flg !== undefined && (cmf & 0x0f) === 8 && ((cmf << 8) | flg) % 31 === 0;
}

/** Starts of the data of every stream that looks zlib-compressed. */
function findFlateStreams(buffer: Buffer): number[] {
  const starts: number[] = [];
  for (let at = buffer.indexOf(STREAM_KEYWORD); at !== -1; at = buffer.indexOf(STREAM_KEYWORD, at + STREAM_KEYWORD.length)) {
    if (at >= END_PREFIX.length && buffer.subarray(at - END_PREFIX.length, at).equals(END_PREFIX)) continue;
    const start = streamDataStart(buffer, at);
    if (hasZlibHeader(buffer, start)) starts.push(start);
  }
  return starts;
}

/**
 * Inflates one deflate stream into a counter, keeping nothing, until it ends by itself (deflate data is
 * self-delimiting, so a wrong /Length cannot hide a bomb) or passes `limit`. Damaged data counts what it
 * produced: judging it is pdf.js's job.
 */
function countInflatedBytes(data: Buffer, limit: number): Promise<number> {
  return new Promise((resolve) => {
    const inflater = createInflateRaw({ chunkSize: 64 * 1024 });
    let total = 0;
    inflater.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) {
        inflater.destroy();
        resolve(total);
      }
    });
    inflater.on('end', () => resolve(total));
    inflater.on('error', () => resolve(total));
    inflater.end(data);
  });
}

/**
 * pdf.js decodes a page's content streams whole, so one small PDF could make it allocate gigabytes. This
 * finds every zlib-compressed stream by scanning for the 'stream' keyword (no object parsing to fool) and
 * counts what each inflates to: one over `maxStreamBytes`, or all together over `maxTotalBytes` → ZIP_BOMB.
 */
export async function assertPdfStreamsWithinLimits(buffer: Buffer, limits: PdfInflateLimits = DEFAULT_PDF_INFLATE_LIMITS, signal?: AbortSignal): Promise<void> {
  let total = 0;
  for (const start of findFlateStreams(buffer)) {
    signal?.throwIfAborted();
    const produced = await countInflatedBytes(buffer.subarray(start + ZLIB_HEADER_BYTES), Math.min(limits.maxStreamBytes, limits.maxTotalBytes - total));
    if (produced > limits.maxStreamBytes) throw pdfBomb(`one of its compressed parts expands to more than ${formatSize(limits.maxStreamBytes)}`);
    total += produced;
    if (total > limits.maxTotalBytes) throw pdfBomb(`its compressed parts expand to more than ${formatSize(limits.maxTotalBytes)} in all`);
  }
}
