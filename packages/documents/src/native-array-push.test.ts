import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const pdfText = fileURLToPath(new URL('./pdf-text.ts', import.meta.url));
const minimalPdf = fileURLToPath(new URL('./minimal-pdf.ts', import.meta.url));

describe('the built-in Array.prototype.push beside pdf.js', () => {
  // In a plain Node process, as the parser threads run. The polyfill's toString claims native code, so identity is compared.
  it('is the built-in again once pdf.js and its worker code have loaded and read a PDF', () => {
    const script = `
      const builtIn = Array.prototype.push;
      const { extractPdfText } = await import(${JSON.stringify(pdfText)});
      const { buildTextPdf } = await import(${JSON.stringify(minimalPdf)});
      const afterImport = Array.prototype.push === builtIn;
      await extractPdfText(buildTextPdf([['1.1 The Supplier shall keep records.']]), { maxPages: 1, maxChars: 1000 });
      console.log(JSON.stringify({ afterImport, afterRead: Array.prototype.push === builtIn }));`;
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(JSON.parse(output.trim().split('\n').at(-1)!)).toEqual({ afterImport: true, afterRead: true });
  });
});
