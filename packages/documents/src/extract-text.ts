import { DocumentError, emptyFileError } from './document-error';
import type { FileKind } from './file-type';
import { DEFAULT_MAX_PARAGRAPHS } from './ooxml-census';
import { DEFAULT_PDF_INFLATE_LIMITS, type PdfInflateLimits } from './pdf-stream-guard';
import { type PdfPages, type PdfShare, extractPdfPages, extractPdfText, joinPdfPages } from './pdf-text';
import { extractSheetText } from './sheet-text';
import { DEFAULT_MAX_CHARS, tooMuchTextError } from './text-budget';
import { countWords, normaliseText } from './text-normalise';
import { extractDocText, extractDocxText } from './word-text';
import { DEFAULT_ZIP_LIMITS, type ZipLimits } from './zip-guard';

export interface ExtractTextOptions {
  /** Checked between pages and sheets; an abort rethrows the signal's reason (not a DocumentError). */
  signal?: AbortSignal;
  /** PDFs with more pages are refused (TOO_LARGE). Default 1,000. */
  maxPages?: number;
  /** Text longer than this is refused (TOO_LARGE). Default 2,000,000 characters. */
  maxChars?: number;
  /** Workbooks with more filled cells (or rows) are refused (TOO_LARGE). Default 200,000. */
  maxCells?: number;
  /** Word documents with more paragraphs are refused (TOO_LARGE), counted while unpacking. Default 200,000. */
  maxParagraphs?: number;
  zipLimits?: ZipLimits;
  /** Per-stream and total inflated sizes of a PDF's compressed streams. Default 128 MB and 1 GB. */
  pdfInflateLimits?: PdfInflateLimits;
}

export interface ExtractedText {
  /** Normalised: '\n' between lines, a blank line between paragraphs, pages and sheets. */
  text: string;
  pages?: number;
  sheets?: number;
  wordCount: number;
}

type RawText = { text: string; pages?: number; sheets?: number };

interface ResolvedOptions {
  signal?: AbortSignal;
  maxPages: number;
  maxChars: number;
  maxCells: number;
  maxParagraphs: number;
  zipLimits: ZipLimits;
  pdfInflateLimits: PdfInflateLimits;
}

export const DEFAULT_MAX_PAGES = 1_000;
/** About 40 MB of sheet data in memory; more than any control matrix or risk register. */
export const DEFAULT_MAX_CELLS = 200_000;

const PDF_NO_TEXT = 'This PDF has no extractable text. It may be a scanned image; upload a text-based PDF.';
const NO_TEXT_BY_KIND: Record<FileKind, string> = {
  pdf: PDF_NO_TEXT,
  docx: 'This Word document contains no text to analyse.',
  doc: 'This Word document contains no text to analyse.',
  xlsx: 'This workbook contains no filled cells to analyse.',
  xls: 'This workbook contains no filled cells to analyse.',
  txt: 'This text file is empty or contains only blank space.',
  md: 'This text file is empty or contains only blank space.',
};

function resolveOptions(options: ExtractTextOptions): ResolvedOptions {
  return {
    signal: options.signal,
    maxPages: options.maxPages ?? DEFAULT_MAX_PAGES,
    maxChars: options.maxChars ?? DEFAULT_MAX_CHARS,
    maxCells: options.maxCells ?? DEFAULT_MAX_CELLS,
    maxParagraphs: options.maxParagraphs ?? DEFAULT_MAX_PARAGRAPHS,
    zipLimits: options.zipLimits ?? DEFAULT_ZIP_LIMITS,
    pdfInflateLimits: options.pdfInflateLimits ?? DEFAULT_PDF_INFLATE_LIMITS,
  };
}

function decodeUtf8(buffer: Buffer): string {
  return new TextDecoder('utf-8').decode(buffer);
}

async function extractRawText(buffer: Buffer, kind: FileKind, options: ResolvedOptions): Promise<RawText> {
  switch (kind) {
    case 'pdf':
      return extractPdfText(buffer, { ...options, inflateLimits: options.pdfInflateLimits });
    case 'docx':
      return { text: await extractDocxText(buffer, options) };
    case 'doc':
      return { text: await extractDocText(buffer, options.signal) };
    case 'xlsx':
    case 'xls':
      return extractSheetText(buffer, kind, options);
    case 'txt':
    case 'md':
      return { text: decodeUtf8(buffer) };
  }
}

/** Normalising squeezes blank space, but never halves real text: past twice the cap it is refused unread. */
const RAW_CHARS_PER_CHAR = 2;

function finishText(raw: RawText, kind: FileKind, maxChars: number): ExtractedText {
  if (raw.text.length > maxChars * RAW_CHARS_PER_CHAR) throw tooMuchTextError(maxChars);
  const text = normaliseText(raw.text);
  if (text === '') throw new DocumentError('NO_TEXT', NO_TEXT_BY_KIND[kind]);
  if (text.length > maxChars) throw tooMuchTextError(maxChars);
  return {
    text,
    ...(raw.pages === undefined ? {} : { pages: raw.pages }),
    ...(raw.sheets === undefined ? {} : { sheets: raw.sheets }),
    wordCount: countWords(text),
  };
}

/**
 * The text of a file whose kind detectFileType has established. Every problem with the file is a
 * DocumentError with a message for the uploader; the BOM of a text file is dropped by the UTF-8 decoder.
 */
export async function extractText(buffer: Buffer, kind: FileKind, options: ExtractTextOptions = {}): Promise<ExtractedText> {
  const resolved = resolveOptions(options);
  resolved.signal?.throwIfAborted();
  if (buffer.length === 0) throw emptyFileError();
  const raw = await extractRawText(buffer, kind, resolved);
  resolved.signal?.throwIfAborted();
  return finishText(raw, kind, resolved.maxChars);
}

/** One reader's share of a PDF's pages (several threads read a long PDF at once): extractText's options and errors. */
export async function extractPdfShare(buffer: Buffer, options: ExtractTextOptions, share: PdfShare): Promise<PdfPages> {
  const resolved = resolveOptions(options);
  resolved.signal?.throwIfAborted();
  if (buffer.length === 0) throw emptyFileError();
  return extractPdfPages(buffer, { ...resolved, inflateLimits: resolved.pdfInflateLimits }, share);
}

/** Every reader's share of a PDF (share i at index i), finished as extractText finishes a PDF's text. */
export function joinPdfShares(shares: readonly PdfPages[], options: Pick<ExtractTextOptions, 'maxChars'> = {}): ExtractedText {
  return finishText(joinPdfPages(shares), 'pdf', options.maxChars ?? DEFAULT_MAX_CHARS);
}
