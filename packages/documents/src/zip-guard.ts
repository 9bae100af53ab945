import { createInflateRaw } from 'node:zlib';
import { DocumentError, encryptedFileError } from './document-error';
import { formatSize } from './format-size';
import type { XmlCensus } from './xml-census';
import { corruptZip, readZipDirectory, type ZipDirectory, type ZipEntry } from './zip-directory';

export interface ZipLimits {
  /** Sum of the declared uncompressed sizes. */
  maxTotalUncompressedBytes: number;
  maxEntries: number;
  /** Uncompressed ÷ compressed, checked only for entries larger than `ratioCheckMinBytes`. */
  maxCompressionRatio: number;
  ratioCheckMinBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  // Real Word and Excel files inflate to a few times their size; 200 MB leaves room for big workbooks.
  maxTotalUncompressedBytes: 200 * 1024 * 1024,
  // An .xlsx with hundreds of sheets has a few thousand parts; ten thousand is never legitimate.
  maxEntries: 10_000,
  // XML compresses 10–30:1; zeros compress ~1000:1. Small parts (styles, empty sheets) may legitimately exceed it.
  maxCompressionRatio: 100,
  ratioCheckMinBytes: 1024 * 1024,
};

const METHOD_STORED = 0;
const METHOD_DEFLATE = 8;
const FLAG_ENCRYPTED = 0x0001;

function zipBomb(reason: string): DocumentError {
  return new DocumentError('ZIP_BOMB', `The file was refused because ${reason}. This is typical of a "zip bomb"; upload an ordinary Word or Excel file.`);
}

function assertEntryCount(count: number, limits: ZipLimits): void {
  if (count > limits.maxEntries) throw zipBomb(`it contains ${count.toLocaleString('en-US')} internal parts (the limit is ${limits.maxEntries.toLocaleString('en-US')})`);
}

function assertEntryReadable(entry: ZipEntry): void {
  if (entry.flags & FLAG_ENCRYPTED) {
    throw encryptedFileError();
  }
  if (entry.method !== METHOD_STORED && entry.method !== METHOD_DEFLATE) {
    throw new DocumentError('CORRUPT', 'The file uses a compression method that is not supported. Re-save it from Word or Excel and upload again.');
  }
  if (entry.method === METHOD_STORED && entry.compressedSize !== entry.uncompressedSize) throw corruptZip();
}

function assertEntryRatio(entry: ZipEntry, limits: ZipLimits): void {
  if (entry.uncompressedSize <= limits.ratioCheckMinBytes) return;
  const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
  if (ratio > limits.maxCompressionRatio) {
    throw zipBomb(`one of its parts expands ${Math.round(ratio).toLocaleString('en-US')} times when unpacked (the limit is ${limits.maxCompressionRatio}:1)`);
  }
}

function assertTotalSize(entries: ZipEntry[], limits: ZipLimits): void {
  const total = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (total > limits.maxTotalUncompressedBytes) {
    throw zipBomb(`it would unpack to ${formatSize(total)} (the limit is ${formatSize(limits.maxTotalUncompressedBytes)})`);
  }
}

/** Entries whose data overlap let a small file declare the same compressed bytes many times over. */
function assertNoOverlap(entries: ZipEntry[]): void {
  const ranges = entries.map((entry) => [entry.localHeaderOffset, entry.dataOffset + entry.compressedSize] as const).sort((a, b) => a[0] - b[0]);
  for (let index = 1; index < ranges.length; index += 1) {
    const previous = ranges[index - 1];
    const current = ranges[index];
    if (previous && current && current[0] < previous[1]) throw zipBomb('its internal parts overlap each other');
  }
}

/**
 * Checks an OOXML (zip) file from its central directory alone, before any library inflates it: entry count,
 * declared total size, per-entry compression ratio, overlapping entries, encryption and compression method.
 * A malformed directory is CORRUPT. Returns the directory for further checks.
 */
export function assertSafeZip(buffer: Buffer, limits: ZipLimits = DEFAULT_ZIP_LIMITS): ZipDirectory {
  const directory = readZipDirectory(buffer, limits.maxEntries);
  assertEntryCount(directory.declaredEntryCount, limits);
  directory.entries.forEach(assertEntryReadable);
  assertTotalSize(directory.entries, limits);
  for (const entry of directory.entries) assertEntryRatio(entry, limits);
  assertNoOverlap(directory.entries);
  return directory;
}

/**
 * Inflates one entry as a stream, counting bytes and keeping none, and stops as soon as it passes its
 * declared size or the census (if any) refuses what it has seen so far.
 */
function countInflatedBytes(compressed: Buffer, limit: number, census?: XmlCensus): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflater = createInflateRaw({ chunkSize: 64 * 1024 });
    let total = 0;
    inflater.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) {
        inflater.destroy();
        resolve(total);
        return;
      }
      try {
        census?.feed(chunk);
      } catch (error) {
        inflater.destroy();
        reject(error);
      }
    });
    inflater.on('end', () => resolve(total));
    inflater.on('error', () => reject(corruptZip()));
    inflater.end(compressed);
  });
}

/** The census a part's bytes go through, or undefined for parts nobody parses as XML (images, binaries). */
export type CensusOfPart = (entryName: string) => XmlCensus | undefined;

/**
 * Declared sizes can lie. This inflates every deflated entry into a counter (nothing is kept) and refuses the
 * file when an entry produces more than it declared, so the limits above hold for what the libraries will
 * really allocate. XML parts also stream through their census (nesting depth, paragraph, row and cell
 * counts), so a part that would overwhelm a parser is refused before any parser sees it. Cost: one extra
 * inflate pass, bounded by the declared total.
 */
export async function assertZipSizesHonest(buffer: Buffer, directory: ZipDirectory, signal?: AbortSignal, censusOf?: CensusOfPart): Promise<void> {
  for (const entry of directory.entries) {
    signal?.throwIfAborted();
    const census = censusOf?.(entry.name);
    census?.startPart();
    const compressed = buffer.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
    if (entry.method !== METHOD_DEFLATE) {
      census?.feed(compressed);
      continue;
    }
    const produced = await countInflatedBytes(compressed, entry.uncompressedSize, census);
    if (produced > entry.uncompressedSize) throw zipBomb('its internal parts are larger than they declare');
    if (produced < entry.uncompressedSize) throw corruptZip();
  }
}
