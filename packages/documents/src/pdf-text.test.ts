import { describe, expect, it } from 'vitest';
import { DocumentError } from './document-error';
import { extractText } from './extract-text';
import { warmUpPdfExtraction } from './pdf-warm-up';
import { expectDocumentError } from './testing/expect-document-error';
import { CONTRACT_CLAUSES, CONTRACT_TITLE, getPolicySection, POLICY_PAGE_COUNT } from './testing/fixture-content';
import { readFixture } from './testing/fixtures';
import { buildFlateBombPdf } from './testing/pdf-bomb';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A clause number must open a line, followed by the start of its own text. */
function expectClauseAtLineStart(text: string, number: string, clauseText: string): void {
  const opening = clauseText.split(' ').slice(0, 3).join(' ');
  expect(text).toMatch(new RegExp(`^${escapeRegExp(number)} ${escapeRegExp(opening)}`, 'm'));
}

/** Reports "aborted" from its nth check on, so an abort lands deterministically between pages. */
function signalAbortingAfter(checks: number, reason: Error): AbortSignal {
  const controller = new AbortController();
  let seen = 0;
  return new Proxy(controller.signal, {
    get(target, property) {
      if (property === 'throwIfAborted') {
        return () => {
          seen += 1;
          if (seen >= checks) throw reason;
        };
      }
      if (property === 'aborted') return seen >= checks;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe('extractText: PDF', () => {
  it('extracts a generated contract with each clause number at the start of its line', async () => {
    const result = await extractText(await readFixture('contract.pdf'), 'pdf');
    expect(result.pages).toBe(1);
    expect(result.text.split('\n')[0]).toBe(CONTRACT_TITLE);
    for (const clause of CONTRACT_CLAUSES) expectClauseAtLineStart(result.text, clause.number, clause.text);
    expect(result.text).toContain('within 72 hours');
    expect(result.wordCount).toBeGreaterThan(150);
  });

  it('separates headings into their own paragraphs and keeps wrapped lines in order', async () => {
    const { text } = await extractText(await readFixture('contract.pdf'), 'pdf');
    expect(text).toContain('\n\n2. Security Obligations\n2.1 The Supplier shall');
    expect(text.replace(/\n/g, ' ')).toContain('at least quarterly and revoke access within 24 hours of termination.');
  });

  it('extracts all 20 pages of a multi-page policy, in page order', async () => {
    const { text, pages, wordCount } = await extractText(await readFixture('policy-20-pages.pdf'), 'pdf');
    expect(pages).toBe(POLICY_PAGE_COUNT);
    const positions = Array.from({ length: POLICY_PAGE_COUNT }, (_, index) => text.indexOf(getPolicySection(index + 1).heading));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    for (const clause of getPolicySection(20).clauses) expectClauseAtLineStart(text, clause.number, clause.text);
    expect(wordCount).toBeGreaterThan(20 * 200);
  });

  it('reads a PDF in a standard, non-embedded font (Helvetica) across two pages', async () => {
    const { text, pages } = await extractText(await readFixture('standard-font.pdf'), 'pdf');
    expect(pages).toBe(2);
    for (const clause of CONTRACT_CLAUSES) expectClauseAtLineStart(text, clause.number, clause.text);
  });

  it('reads a PDF with only an owner password (opens without one, printing restricted)', async () => {
    const { text } = await extractText(await readFixture('owner-locked.pdf'), 'pdf');
    expect(text).toContain('2.2 The Supplier shall encrypt Customer Data at rest');
  });

  it('refuses an image-only PDF with NO_TEXT and the scanned-document hint', async () => {
    await expectDocumentError(
      extractText(await readFixture('image-only.pdf'), 'pdf'),
      'NO_TEXT',
      'This PDF has no extractable text. It may be a scanned image; upload a text-based PDF.',
    );
  });

  it('refuses a PDF that needs a password to open with ENCRYPTED', async () => {
    await expectDocumentError(extractText(await readFixture('encrypted.pdf'), 'pdf'), 'ENCRYPTED', /password-protected/);
  });

  it.each([
    ['truncated to 60%', (pdf: Buffer) => pdf.subarray(0, Math.floor(pdf.length * 0.6))],
    ['truncated to 20%', (pdf: Buffer) => pdf.subarray(0, Math.floor(pdf.length * 0.2))],
    ['a header followed by garbage', () => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(4096, 0x37)])],
    ['only a header', () => Buffer.from('%PDF-1.7\n')],
  ])('refuses a damaged PDF (%s) with CORRUPT', async (_label, damage) => {
    const pdf = damage(await readFixture('contract.pdf'));
    const error = await expectDocumentError(extractText(pdf, 'pdf'), 'CORRUPT', 'The PDF is damaged and cannot be read. Re-save or re-export it and upload again.');
    expect(error.cause).toBeDefined();
  });

  it('recovers a PDF that lost only its trailer, as readers do (pdf.js rebuilds the cross-reference table)', async () => {
    const pdf = await readFixture('contract.pdf');
    const { text } = await extractText(pdf.subarray(0, pdf.length - 100), 'pdf');
    expect(text).toContain('5.1 This Agreement is governed by the laws of England and Wales.');
  });

  it('refuses a PDF whose content stream inflates to 1 GiB (about 1 MB on disk) before pdf.js decodes it', async () => {
    const bomb = buildFlateBombPdf(1024);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    await expectDocumentError(extractText(bomb, 'pdf'), 'ZIP_BOMB', /expands to more than 128 MB/);
  });

  it('refuses a PDF whose streams together inflate past the total limit', async () => {
    const limits = { maxStreamBytes: 8 * 1024 * 1024, maxTotalBytes: 4 * 1024 * 1024 };
    await expectDocumentError(extractText(buildFlateBombPdf(6), 'pdf', { pdfInflateLimits: limits }), 'ZIP_BOMB', /more than 4 MB in all/);
  });

  it('refuses more pages than maxPages and more characters than maxChars with TOO_LARGE', async () => {
    const policy = await readFixture('policy-20-pages.pdf');
    await expectDocumentError(extractText(policy, 'pdf', { maxPages: 10 }), 'TOO_LARGE', 'The PDF has 20 pages; the maximum is 10. Split it into smaller files.');
    await expectDocumentError(extractText(policy, 'pdf', { maxChars: 5_000 }), 'TOO_LARGE', /more than 5,000 characters of text/);
  });

  it('stops between pages when the signal aborts, rethrowing its reason', async () => {
    const reason = new Error('job deadline passed');
    const rejection = await extractText(await readFixture('policy-20-pages.pdf'), 'pdf', { signal: signalAbortingAfter(4, reason) }).catch((error: unknown) => error);
    expect(rejection).toBe(reason);
    expect(rejection).not.toBeInstanceOf(DocumentError);
  });

  it('does not start on an already aborted signal', async () => {
    const signal = AbortSignal.abort(new Error('cancelled'));
    await expect(extractText(await readFixture('contract.pdf'), 'pdf', { signal })).rejects.toThrow('cancelled');
  });
});

describe('warmUpPdfExtraction', () => {
  it('reads a small built-in PDF without error', async () => {
    await expect(warmUpPdfExtraction()).resolves.toBeUndefined();
  });
});
