import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { classifyDomain } from '../src/local/domain-classifier';
import { analyzeEvidenceLocally } from '../src/local/evidence-analyzer';
import { termsOf } from '../src/local/nlp';
import { CATALOG } from './evaluate';
import { type ResponseFixture, loadResponseFixtures } from './grade-response';

/**
 * How well the evidence linker's confidence tells a passage that shows a requirement from one that only
 * mentions its topic, measured on the graded response fixtures (evals/responses): each fixture's best
 * passage is linked as an upload would be, against the whole catalog with the fixture's requirement added,
 * and its confidence is read. 'full' and 'partial' passages show the requirement (or part of it); 'none'
 * passages only mention it. Usage: `tsx evals/link-calibration.ts [split …]` (default: every blind split).
 */

const KEY = 'FIXTURE-REQ';
const noop = () => undefined;

type Row = { split: string; id: string; coverage: ResponseFixture['expect']['coverage']; confidence: number; listed: boolean };

/** The confidence of the fixture requirement's link to its first evidence passage (0 when it is not among those returned). */
export function fixtureConfidence(fixture: ResponseFixture): { confidence: number; listed: boolean } {
  const evidence = fixture.evidence[0]!;
  const domain = classifyDomain([{ stems: termsOf(fixture.requirement.toLowerCase()).stems, weight: 1 }]).domain_number;
  const requirements = [...CATALOG, { key: KEY, text: fixture.requirement, domain_number: domain }];
  const result = analyzeEvidenceLocally({ text: evidence.passage, fileName: evidence.name, requirements }, noop, noop, 0);
  const link = result.links.find((l) => l.requirement_key === KEY);
  return { confidence: link?.confidence ?? 0, listed: link !== undefined };
}

/** Probability that a passage that shows the requirement scores above one that only mentions it. */
function auc(shows: readonly number[], mentions: readonly number[]): number {
  let wins = 0;
  for (const s of shows) for (const m of mentions) wins += s > m ? 1 : s === m ? 0.5 : 0;
  return wins / (shows.length * mentions.length || 1);
}

export function calibrationTable(rows: readonly Row[], threshold: number): string[] {
  const lines = ['| Passages | n | mean confidence | linked (≥ threshold) |', '|---|---:|---:|---:|'];
  for (const coverage of ['full', 'partial', 'none'] as const) {
    const of = rows.filter((r) => r.coverage === coverage);
    const mean = of.reduce((sum, r) => sum + r.confidence, 0) / (of.length || 1);
    const linked = of.filter((r) => r.confidence >= threshold).length / (of.length || 1);
    lines.push(`| ${coverage} | ${of.length} | ${mean.toFixed(3)} | ${(linked * 100).toFixed(1)}% |`);
  }
  const shows = rows.filter((r) => r.coverage !== 'none').map((r) => r.confidence);
  const mentions = rows.filter((r) => r.coverage === 'none').map((r) => r.confidence);
  lines.push('', `AUC (shows vs only mentions): ${auc(shows, mentions).toFixed(3)}; passages not among the returned links: ${rows.filter((r) => !r.listed).length}`);
  return lines;
}

function main(): void {
  const dir = join(dirname(fileURLToPath(import.meta.url)), 'responses');
  const asked = process.argv.slice(2);
  const splits = asked.length ? asked : readdirSync(dir).filter((f) => /^blind\d+\.json$/.test(f)).map((f) => f.replace(/\.json$/, ''));
  const rows: Row[] = [];
  for (const split of splits) {
    for (const fixture of loadResponseFixtures(split)) rows.push({ split, id: fixture.id, coverage: fixture.expect.coverage, ...fixtureConfidence(fixture) });
  }
  console.log(`Splits: ${splits.join(', ')}\n`);
  for (const line of calibrationTable(rows, 0.5)) console.log(line);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
