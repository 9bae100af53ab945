/**
 * Times content detection + text extraction, as an upload and an analysis job run them.
 *   npx tsx packages/documents/scripts/bench-extract.ts [runs] [--cold] [--in-process]
 * Extraction runs in a parser thread, as the jobs run it; --in-process calls extractText directly.
 * The evidence pipeline's target is ≤ 2 s for a 20-page PDF end to end; extraction should be a small part.
 */
import * as XLSX from 'xlsx';
import { extractText } from '../src/extract-text';
import { ParserPool } from '../src/parse-sandbox';
import { detectFileType, EVIDENCE_FILE_KINDS } from '../src/file-type';
import { sha256Hex } from '../src/hash';
import { warmUpPdfExtraction } from '../src/pdf-warm-up';
import { getPolicySection, POLICY_PAGE_COUNT } from '../src/testing/fixture-content';
import { readFixture, type FixtureName } from '../src/testing/fixtures';
import { buildMinimalDocx } from '../src/testing/zip-writer';

interface Case {
  label: string;
  fileName: string;
  buffer: Buffer;
}

const WARM_UP_RUNS = 2;
const inProcess = process.argv.includes('--in-process');
const parsers = new ParserPool({ maxHeapMb: 384, timeLimitMs: 30_000, maxIdle: 1 });

function largeDocx(): Buffer {
  const paragraphs = Array.from({ length: POLICY_PAGE_COUNT }, (_, index) => {
    const section = getPolicySection(index + 1);
    return [section.heading, ...section.clauses.map((clause) => `${clause.number} ${clause.text}`)];
  }).flat();
  return buildMinimalDocx(paragraphs);
}

function largeXlsx(rows: number, columns: number): Buffer {
  const data = Array.from({ length: rows }, (_, row) => Array.from({ length: columns }, (_, column) => (column === 0 ? `CTRL-${row}` : `Value ${row}.${column} implemented and reviewed`)));
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(data), 'Controls');
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

async function fixtureCase(name: FixtureName, label: string): Promise<Case> {
  return { label, fileName: name, buffer: await readFixture(name) };
}

async function processOnce(item: Case): Promise<{ milliseconds: number; words: number }> {
  const started = performance.now();
  sha256Hex(item.buffer);
  const kind = detectFileType(item.buffer, item.fileName, EVIDENCE_FILE_KINDS);
  const result = inProcess ? await extractText(item.buffer, kind) : await parsers.extract(item.buffer, kind);
  return { milliseconds: performance.now() - started, words: result.wordCount };
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

async function benchCase(item: Case, runs: number): Promise<string> {
  const cold = await processOnce(item);
  for (let index = 1; index < WARM_UP_RUNS; index += 1) await processOnce(item);
  const times: number[] = [];
  for (let index = 0; index < runs; index += 1) times.push((await processOnce(item)).milliseconds);
  times.sort((a, b) => a - b);
  const format = (value: number) => `${value.toFixed(1)} ms`.padStart(10);
  const size = `${(item.buffer.length / 1024).toFixed(0)} KB`.padStart(7);
  return `${item.label.padEnd(34)} ${size} ${String(cold.words).padStart(6)} words  first ${format(cold.milliseconds)}  p50 ${format(percentile(times, 0.5))}  max ${format(times.at(-1) ?? 0)}`;
}

async function main(): Promise<void> {
  const runs = Number(process.argv.find((argument) => /^\d+$/.test(argument)) ?? 20);
  const cases: Case[] = [
    await fixtureCase('policy-20-pages.pdf', 'PDF, 20 pages (pdfmake, Roboto)'),
    await fixtureCase('contract.pdf', 'PDF, 1 page contract'),
    await fixtureCase('contract.docx', 'DOCX, contract'),
    { label: 'DOCX, 20-section policy', fileName: 'policy.docx', buffer: largeDocx() },
    await fixtureCase('contract.doc', 'DOC, contract'),
    await fixtureCase('controls.xlsx', 'XLSX, 2 small sheets'),
    { label: 'XLSX, 5,000 rows x 8 columns', fileName: 'controls-large.xlsx', buffer: largeXlsx(5_000, 8) },
    await fixtureCase('controls.xls', 'XLS, 2 small sheets'),
  ];
  const where = inProcess ? 'in this thread' : 'in a parser thread';
  console.log(`sha256 + detectFileType + extractText ${where}, ${runs} timed runs after ${WARM_UP_RUNS} warm-up; 'first' is each file's first run`);
  const warmUpStarted = performance.now();
  if (!process.argv.includes('--cold')) await (inProcess ? warmUpPdfExtraction() : parsers.warmUp());
  console.log(`warm-up (${inProcess ? 'pdf.js' : 'parser thread start + pdf.js'}): ${(performance.now() - warmUpStarted).toFixed(1)} ms (skip with --cold)`);
  for (const item of cases) console.log(await benchCase(item, runs));
  await parsers.close();
}

await main();
