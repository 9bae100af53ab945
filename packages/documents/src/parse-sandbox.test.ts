import { afterAll, describe, expect, it } from 'vitest';
import { DocumentError } from './document-error';
import { availableParallelism } from 'node:os';
import { extractText } from './extract-text';
import { buildTextPdf } from './minimal-pdf';
import { PDF_READERS, ParserCrashedError, ParserPool } from './parse-sandbox';
import { readFixture } from './testing/fixtures';
import { buildSharedStringXlsx, buildTinyParagraphsDocx } from './testing/hostile-files';

/** The longest the event loop of this thread went without a turn while `work` ran. */
async function worstLoopLag<T>(work: () => Promise<T>): Promise<{ lagMs: number; outcome: T | unknown }> {
  let last = performance.now();
  let lagMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    lagMs = Math.max(lagMs, now - last);
    last = now;
  }, 10);
  try {
    return { lagMs, outcome: await work().catch((error: unknown) => error) };
  } finally {
    clearInterval(timer);
    lagMs = Math.max(lagMs, performance.now() - last);
  }
}

const pools: ParserPool[] = [];
function pool(limits: Partial<ConstructorParameters<typeof ParserPool>[0]> = {}): ParserPool {
  const created = new ParserPool({ maxHeapMb: 384, timeLimitMs: 30_000, maxIdle: 1, ...limits });
  pools.push(created);
  return created;
}

afterAll(async () => {
  await Promise.all(pools.map((item) => item.close()));
});

/** One pool with the default limits for the tests that need no others: a thread starts once, not per test. */
const defaults = pool();

describe('ParserPool', () => {
  it('answers the same text as extractText, and reuses its warm thread', async () => {
    const parsers = defaults;
    const first = await parsers.extract(await readFixture('contract.docx'), 'docx');
    const started = performance.now();
    const second = await parsers.extract(await readFixture('policy-20-pages.pdf'), 'pdf');
    expect(first.wordCount).toBeGreaterThan(100);
    expect(second.pages).toBe(20);
    // A new thread takes most of a second to load; the reused one reads 20 pages in well under that on a quiet machine.
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("reads a PDF's pages in two threads at once and answers exactly what one reader does", async () => {
    expect(PDF_READERS).toBe(Math.min(2, availableParallelism()));
    for (const name of ['policy-20-pages.pdf', 'contract.pdf'] as const) {
      const bytes = await readFixture(name);
      const alone = await extractText(bytes, 'pdf');
      expect(await defaults.extract(bytes, 'pdf')).toEqual(alone);
    }
    // An odd page count: the first reader takes one page more.
    const pages = Array.from({ length: 5 }, (_, i) => [`${i + 1}.1 Page ${i + 1} says the Supplier shall keep records for ${i + 1} years.`]);
    const odd = buildTextPdf(pages);
    const text = (await defaults.extract(odd, 'pdf')).text;
    expect(text.match(/Page \d/g)).toEqual(['Page 1', 'Page 2', 'Page 3', 'Page 4', 'Page 5']);
    expect(text).toBe((await extractText(odd, 'pdf')).text);
    // A share's text budget is its own, but the whole text is still held to the limit.
    const limited = await defaults.extract(await readFixture('policy-20-pages.pdf'), 'pdf', { maxChars: 20_000 }).catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(DocumentError);
    expect((limited as DocumentError).code).toBe('TOO_LARGE');
  });

  it('copies the bytes it is given, or moves them when asked to hand them over', async () => {
    const parsers = defaults;
    const kept = await readFixture('contract.docx');
    await parsers.extract(kept, 'docx');
    expect(kept.length).toBeGreaterThan(0);
    const moved = await readFixture('contract.docx');
    const text = await parsers.extract(moved, 'docx', { handOver: true });
    expect(moved.length).toBe(0);
    expect(text.wordCount).toBeGreaterThan(100);
  });

  it('passes a refused file back as the same DocumentError', async () => {
    const error = await defaults.extract(await readFixture('encrypted.pdf'), 'pdf').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DocumentError);
    expect((error as DocumentError).code).toBe('ENCRYPTED');
  });

  it('stops the 190 MB paragraph bomb in its thread while this event loop keeps turning', async () => {
    const docx = buildTinyParagraphsDocx();
    const { lagMs, outcome } = await worstLoopLag(() => defaults.extract(docx, 'docx'));
    expect(outcome).toBeInstanceOf(DocumentError);
    expect((outcome as DocumentError).message).toMatch(/too large or complex to read safely \(it has more than 200,000 paragraphs\)/);
    expect(lagMs).toBeLessThan(200);
  });

  it('contains a parse that runs out of memory: the thread dies, the caller gets ParserCrashedError and the pool carries on', async () => {
    const parsers = pool({ maxHeapMb: 128 });
    const workbook = buildSharedStringXlsx();
    // With the text limits lifted, the 390 MB row is built for real and exhausts the thread's heap.
    const { lagMs, outcome } = await worstLoopLag(() => parsers.extract(workbook, 'xlsx', { maxChars: 1e12, maxCells: 1e9 }));
    expect(outcome).toBeInstanceOf(ParserCrashedError);
    expect((outcome as ParserCrashedError).reason).toBe('memory');
    expect((outcome as Error).message).toMatch(/^This file is too large or complex to read safely/);
    expect(lagMs).toBeLessThan(200);
    const after = await parsers.extract(await readFixture('controls.xlsx'), 'xlsx');
    expect(after.sheets).toBeGreaterThan(0);
  }, 60_000);

  it('ends a parse that passes its time limit', async () => {
    const outcome = await pool({ timeLimitMs: 200 }).extract(await readFixture('policy-20-pages.pdf'), 'pdf').catch((error: unknown) => error);
    expect(outcome).toBeInstanceOf(ParserCrashedError);
    expect((outcome as ParserCrashedError).reason).toBe('time');
  });

  it('gives up a parse when its signal aborts, with the signal reason', async () => {
    const controller = new AbortController();
    const reason = new Error('deadline');
    const parse = pool().extract(await readFixture('policy-20-pages.pdf'), 'pdf', { signal: controller.signal });
    setTimeout(() => controller.abort(reason), 50);
    await expect(parse).rejects.toBe(reason);
  });
});
