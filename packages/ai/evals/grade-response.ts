import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { citedName } from '../src/cited-name';

/** The graded fixtures of suggested responses (responses/README.md) and their grader. */

export type ResponseFixture = {
  id: string;
  requirement: string;
  evidence: Array<{ name: string; passage: string; section?: string }>;
  expect: { coverage: 'full' | 'partial' | 'none'; support_any: string[]; reject_any: string[]; gap_any: string[] };
};

export type ResponseGrade = { id: string; acceptable: boolean; why: string[]; text: string };

export function loadResponseFixtures(split: string): ResponseFixture[] {
  return (JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'responses', `${split}.json`), 'utf8')) as { fixtures: ResponseFixture[] }).fixtures;
}

const GAP_STATEMENT = /\b(?:not (?:yet )?covered|does not show|do not show)\b/i;
const CLAIMS_MET = /\b(?:we meet|fully|in full|compliant with this requirement)\b/i;
const FILE_NAME = /\b[\w-]+\.(?:pdf|docx?|txt|xlsx?|md|png|jpe?g|csv|yml|yaml|json)\b/i;

const norm = (s: string) => s.toLowerCase().replace(/[“”]/g, '"').replace(/[‘’]/g, "'").replace(/\s+/g, ' ');

/** Sentences of a response, paragraph by paragraph. */
function sentencesOf(text: string): string[] {
  return text
    .split(/\n\s*\n|\n/)
    // ('e.g.', 'i.e.', a company's 'Inc.' or 'S.A.' and a country's 'U.S.' end no sentence.)
    .flatMap((p) => p.trim().split(/(?<=[.!?]["”’)]*)(?<!\b(?:e\.g|i\.e|vs|cf|incl|approx|Inc|Ltd|Corp|Co|LLC|Pty|S\.A|N\.V|B\.V|C\.V|U\.S|U\.K|E\.U)\.)\s+(?=\S)/))
    .map((s) => s.trim())
    .filter(Boolean);
}

export function gradeResponse(fixture: ResponseFixture, text: string): ResponseGrade {
  const why: string[] = [];
  const lower = norm(text);
  const has = (phrase: string) => lower.includes(norm(phrase));
  const { coverage, support_any: support, reject_any: reject, gap_any: gaps } = fixture.expect;
  if (!/\b(?:we|our|us)\b/i.test(text)) why.push('not in our voice');
  // A document's name as stored when it is a file name ('backup_procedure_v3.docx'), or any file name.
  // 'SEC-2291.pdf' cited as 'SEC-2291' is its cited name: only a stem still written as a file name counts.
  const stem = (n: string) => n.replace(/\.[a-z0-9]{2,4}$/i, '');
  // Cited means where a document is named: after 'our' or 'and', or opening a citation's bracket (a quoted
  // setting such as 'arn:aws:securityhub:…' is not a citation of 'securityhub.tf').
  const escape = (n: string) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const citesAs = (n: string) => new RegExp(`(?:\\(|\\bour |\\band )${escape(n)}(?=[\\s,.)]|$)`).test(text);
  const stored = fixture.evidence.map((e) => e.name).find((n) => n !== citedName(n) && stem(n) !== citedName(n) && citesAs(stem(n)));
  const fileName = stored ?? FILE_NAME.exec(text)?.[0];
  if (fileName) why.push(`cites a file name: ${fileName}`);
  const broken = sentencesOf(text).find((s) => !/^[A-Z0-9"“‘'(]/.test(s) || !/[.!?]["”’)]*$/.test(s));
  if (broken) why.push(`not a whole sentence: "${broken.slice(0, 80)}"`);
  const usedSupport = support.some(has);
  const gapStated = GAP_STATEMENT.test(text);
  const gapNamed = gaps.some((g) => {
    const statement = text.slice(text.search(GAP_STATEMENT));
    return norm(statement).includes(norm(g));
  });
  for (const phrase of reject) if (has(phrase)) why.push(`offers "${phrase}" as support`);
  if (coverage === 'full') {
    if (!usedSupport) why.push('does not use the sentence that shows the control');
    if (gapStated) why.push('says something is not covered although the evidence covers it');
  } else if (coverage === 'partial') {
    if (!usedSupport) why.push('does not use the sentence that shows the covered part');
    if (!gapStated || !gapNamed) why.push('does not say which part is not covered');
    if (CLAIMS_MET.test(text)) why.push('claims the requirement is met');
  } else {
    if (!gapStated || !(gapNamed || /as a whole/i.test(text))) why.push('does not say the evidence does not show it');
    if (CLAIMS_MET.test(text)) why.push('claims the requirement is met');
  }
  // Every document whose sentence is used is cited by its name as words.
  for (const item of fixture.evidence) {
    const used = support.some((p) => norm(item.passage).includes(norm(p)) && has(p));
    if (used && !has(citedName(item.name))) why.push(`does not cite ${citedName(item.name)}`);
  }
  return { id: fixture.id, acceptable: why.length === 0, why, text };
}
