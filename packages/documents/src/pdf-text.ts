import { createRequire } from 'node:module';
import path from 'node:path';
import { restoreBuiltInPush } from './native-array-push';
import { getDocument, VerbosityLevel, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { DocumentError, encryptedFileError } from './document-error';
import { layoutPageText, type PositionedText } from './pdf-layout';
import { assertPdfStreamsWithinLimits, type PdfInflateLimits } from './pdf-stream-guard';
import { TextBudget } from './text-budget';
import { normaliseText } from './text-normalise';

export interface PdfTextOptions {
  signal?: AbortSignal;
  maxPages: number;
  maxChars: number;
  inflateLimits?: PdfInflateLimits;
}

export interface PdfText {
  text: string;
  pages: number;
}

/** Which pages one reader takes when several read a PDF at once: page p (from 1) when (p - 1) % of === index. */
export interface PdfShare {
  index: number;
  of: number;
}

/** One reader's pages: the document's page count and the text of each page it read, in page order. */
export interface PdfPages {
  pages: number;
  texts: string[];
}

restoreBuiltInPush();

const require = createRequire(import.meta.url);
const pdfjsDir = path.dirname(require.resolve('pdfjs-dist/package.json'));

/**
 * pdf.js runs in-process with its "fake worker" (no network, no eval, no system fonts). Font metrics and
 * CMaps come from the pdfjs-dist package on disk: Node's pdf.js reads these URLs as local file paths.
 */
function openPdf(buffer: Buffer) {
  return getDocument({
    data: new Uint8Array(buffer),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    isOffscreenCanvasSupported: false,
    useWorkerFetch: false,
    enableXfa: false,
    standardFontDataUrl: `${path.join(pdfjsDir, 'standard_fonts')}${path.sep}`,
    cMapUrl: `${path.join(pdfjsDir, 'cmaps')}${path.sep}`,
    cMapPacked: true,
    verbosity: VerbosityLevel.ERRORS,
  });
}

function corruptPdf(cause: unknown): DocumentError {
  return new DocumentError('CORRUPT', 'The PDF is damaged and cannot be read. Re-save or re-export it and upload again.', { cause });
}

function toPdfError(error: unknown): DocumentError {
  if (error instanceof DocumentError) return error;
  if (error instanceof Error && error.name === 'PasswordException') return encryptedFileError();
  return corruptPdf(error);
}

function toPositionedText(item: object): PositionedText | null {
  if (!('str' in item) || typeof item.str !== 'string' || !('transform' in item) || !Array.isArray(item.transform)) return null;
  const transform = item.transform as number[];
  const width = 'width' in item && typeof item.width === 'number' ? item.width : 0;
  const height = 'height' in item && typeof item.height === 'number' ? item.height : 0;
  const endsLine = 'hasEOL' in item && item.hasEOL === true;
  return { text: item.str, x: transform[4] ?? 0, y: transform[5] ?? 0, width, height, endsLine };
}

async function readPageText(page: PDFPageProxy): Promise<string> {
  const content = await page.getTextContent();
  const runs = content.items.map(toPositionedText).filter((run): run is PositionedText => run !== null);
  return normaliseText(layoutPageText(runs));
}

function assertPageCount(pdf: PDFDocumentProxy, maxPages: number): void {
  if (pdf.numPages > maxPages) {
    throw new DocumentError('TOO_LARGE', `The PDF has ${pdf.numPages.toLocaleString('en-US')} pages; the maximum is ${maxPages.toLocaleString('en-US')}. Split it into smaller files.`);
  }
}

async function readPages(pdf: PDFDocumentProxy, options: PdfTextOptions, share: PdfShare): Promise<string[]> {
  const budget = new TextBudget(options.maxChars);
  const pages: string[] = [];
  for (let number = 1 + share.index; number <= pdf.numPages; number += share.of) {
    options.signal?.throwIfAborted();
    const page = await pdf.getPage(number);
    try {
      const text = await readPageText(page);
      budget.spend(text.length);
      pages.push(text);
    } finally {
      page.cleanup();
    }
  }
  return pages;
}

/**
 * The text of every page, in content order, pages separated by a blank line. Compressed streams are
 * checked first (decompression bombs → ZIP_BOMB); a password needed to open it → ENCRYPTED (an owner-only
 * password is fine); anything pdf.js cannot parse → CORRUPT. An abort between pages rethrows its reason.
 */
export async function extractPdfText(buffer: Buffer, options: PdfTextOptions): Promise<PdfText> {
  return joinPdfPages([await extractPdfPages(buffer, options, { index: 0, of: 1 })]);
}

/** The pages of one share (extractPdfText's checks and errors); each share's text budget is its own. */
export async function extractPdfPages(buffer: Buffer, options: PdfTextOptions, share: PdfShare): Promise<PdfPages> {
  await assertPdfStreamsWithinLimits(buffer, options.inflateLimits, options.signal);
  const task = openPdf(buffer);
  try {
    const pdf = await task.promise.catch((error: unknown) => {
      throw toPdfError(error);
    });
    // The first document loads pdf.js's worker code, whose polyfills replace push again.
    restoreBuiltInPush();
    assertPageCount(pdf, options.maxPages);
    const texts = await readPages(pdf, options, share).catch((error: unknown) => {
      if (options.signal?.aborted || error instanceof DocumentError) throw error;
      throw toPdfError(error);
    });
    return { pages: pdf.numPages, texts };
  } finally {
    await task.destroy();
  }
}

/** The shares of every reader (share i at index i) put back in page order, pages separated by a blank line. */
export function joinPdfPages(shares: readonly PdfPages[]): PdfText {
  const pages: string[] = [];
  shares.forEach((share, index) => share.texts.forEach((text, k) => (pages[index + k * shares.length] = text)));
  return { text: pages.filter((page) => page !== '').join('\n\n'), pages: shares[0]?.pages ?? 0 };
}
