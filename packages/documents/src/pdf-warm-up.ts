import { buildTextPdf } from './minimal-pdf';
import { extractPdfText } from './pdf-text';

/**
 * The first PDF a process reads pays for loading pdf.js's worker code and compiling its parser (about
 * 0.5–1 s here). A worker can call this once at start-up so the first real job does not.
 */
export async function warmUpPdfExtraction(): Promise<void> {
  const pdf = buildTextPdf([['1.1 The Supplier shall keep this warm-up text short.']]);
  await extractPdfText(pdf, { maxPages: 1, maxChars: 1_000 });
}
