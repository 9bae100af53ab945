import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Grade, type Question, grade, loadTruth } from './helpers/assistant-grader';
import { type AssistantWorld, seedAssistantWorld } from './helpers/assistant-world';
import { type TestApp, api, createTestApp } from './helpers/test-app';

/**
 * The assistant's evaluation: questions an analyst asks in their own words (and two-turn follow-ups) on a
 * seeded tenant, graded against the API. 'dev' was written with the parser; each blind round was written
 * after it was frozen, by someone who had not seen the code (see README.md). Floors keep them from
 * sliding back.
 */

const SETS = join(__dirname, '../evals/assistant');
const FLOORS: Record<string, { questions: number; followUps: number }> = {
  dev: { questions: 0.95, followUps: 0.9 },
  blind1: { questions: 0.93, followUps: 0.9 },
  blind2: { questions: 0.92, followUps: 0.9 },
  blind3: { questions: 0.92, followUps: 0.9 },
  blind4: { questions: 0.93, followUps: 0.85 },
  // Studied after its first score (84.4% of questions, 78.4% of follow-ups), like rounds 1–4: its floor is
  // the score after that study, less a margin.
  blind5: { questions: 0.96, followUps: 0.95 },
  // Studied after its first score (83.1% of questions, 71.2% of follow-ups): its floor is the score after
  // that study (92.6% / 80.8%), less a margin; follow-ups since resolved better (88.5%), less three questions.
  blind6: { questions: 0.9, followUps: 0.82 },
  // Studied after its first score (91.8% of questions, 76.2% of follow-ups): its floor is the score after
  // that study (91.8% / 79.4%), less a margin (three follow-ups).
  blind7: { questions: 0.89, followUps: 0.74 },
  // Scored once as written (93.8% of questions, 83.3% of follow-ups), then studied: floor below the first score.
  blind8: { questions: 0.91, followUps: 0.8 },
  // Scored once as written (90.7% of questions, 75.9% of follow-ups), then studied: floor below the first score.
  blind9: { questions: 0.88, followUps: 0.72 },
  // Scored once as written (93.1% of questions, 86.6% of follow-ups): the floor is that score less a margin.
  blind10: { questions: 0.9, followUps: 0.83 },
};

let t: TestApp;
let world: AssistantWorld;
const results: Record<string, Grade[]> = {};

function load(split: string): Question[] {
  const file = join(SETS, `questions.${split}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { questions: Question[] }).questions : [];
}

async function askAll(questions: Question[], split: string) {
  const grades: Grade[] = [];
  const truthOf = { analyst: await loadTruth(t.app, world.analyst, world.tenant.id), manager: await loadTruth(t.app, world.manager, world.tenant.id) };
  for (const question of questions) {
    const session = question.as === 'manager' ? world.manager : world.analyst;
    const messages: Array<{ role: 'user' | 'assistant'; content: string }> = [];
    let answer = '';
    for (const turn of question.turns) {
      messages.push({ role: 'user', content: turn });
      const res = await api(t.app, session, 'POST', `/api/assistant/chat?tenant_id=${world.tenant.id}`, { messages });
      expect(res.statusCode, `${question.id}: ${res.body}`).toBe(200);
      answer = (res.json() as { response: string }).response;
      // As the web client sends it back: the opening of an answer (apps/web chat-history.ts).
      messages.push({ role: 'assistant', content: answer.length > 600 ? `${answer.slice(0, 599)}…` : answer });
    }
    const leakNames = question.as === 'manager' ? [world.foreign.name] : [world.sibling.name, world.foreign.name];
    grades.push(grade(question, answer, truthOf[question.as ?? 'analyst'], world, 'Priya Shah', leakNames));
  }
  results[split] = grades;
  return grades;
}

function score(grades: Grade[]) {
  const single = grades.filter((g) => !g.kind.startsWith('follow'));
  const follow = grades.filter((g) => g.kind.startsWith('follow'));
  const share = (list: Grade[]) => (list.length ? list.filter((g) => g.right).length / list.length : 1);
  return { questions: share(single), followUps: share(follow), singleCount: single.length, followCount: follow.length, leaks: grades.filter((g) => g.leak).length };
}

beforeAll(async () => {
  t = await createTestApp();
  world = await seedAssistantWorld(t);
}, 300_000);

/** What the seeded tenant holds, for people writing questions (ASSISTANT_WORLD_MANIFEST=<file>). */
async function writeManifest(file: string) {
  const truth = await loadTruth(t.app, world.analyst, world.tenant.id);
  const count = (key: (r: (typeof truth.requirements)[number]) => string) => {
    const map: Record<string, number> = {};
    for (const r of truth.requirements) map[key(r)] = (map[key(r)] ?? 0) + 1;
    return map;
  };
  const manifest = {
    organization: 'Harborview Health',
    tenant: world.tenant.name,
    sibling_tenant_readable_by_manager_only: world.sibling.name,
    other_organization_tenant: world.foreign.name,
    analyst: 'Priya Shah (Editor; the person asking unless "as": "manager")',
    manager: 'Omar Haddad (manages the organization; reads both of its tenants)',
    frameworks: ['HIPAA', 'NIST 800-53 rev 5'],
    requirements: { total: truth.requirements.length, by_status: count((r) => r.compliance_status), by_owner: count((r) => r.owner_name ?? 'unassigned'), by_domain: count((r) => `${r.domain_number} ${r.domain_name}`) },
    contracts: truth.contracts.map((c) => ({ file_name: c.name, customer_name: c.customer_name, provider_name: c.provider_name, obligations: truth.obligations.get(c.name)?.length ?? 0 })),
    evidence: truth.evidence.map((d) => ({ name: d.name, document_type: d.document_type })),
    // How requirement ids and framework references are written (a `control` expect names one of the latter).
    requirement_references_sample: truth.requirements
      .filter((r, i) => i % Math.max(1, Math.floor(truth.requirements.length / 25)) === 0)
      .slice(0, 25)
      .map((r) => ({ display_id: r.display_id, framework_references: r.control_ids })),
  };
  writeFileSync(file, JSON.stringify(manifest, null, 2));
}

afterAll(async () => {
  const report = process.env.ASSISTANT_EVAL_REPORT;
  if (report) writeFileSync(report, JSON.stringify(results, null, 2));
  if (process.env.ASSISTANT_WORLD_MANIFEST) await writeManifest(process.env.ASSISTANT_WORLD_MANIFEST);
  await t.close();
});

describe.each(Object.keys(FLOORS))('assistant evaluation: %s split', (split) => {
  const questions = load(split);
  it(`answers the ${split} questions right, and never another tenant's data`, async () => {
    expect(questions.length).toBeGreaterThan(0);
    const grades = await askAll(questions, split);
    const s = score(grades);
    const byKind = new Map<string, { right: number; total: number }>();
    for (const g of grades) {
      const k = byKind.get(g.kind) ?? { right: 0, total: 0 };
      k.total += 1;
      if (g.right) k.right += 1;
      byKind.set(g.kind, k);
    }
    console.log(`[assistant eval ${split}] questions ${(s.questions * 100).toFixed(1)}% of ${s.singleCount}, follow-ups ${(s.followUps * 100).toFixed(1)}% of ${s.followCount}, leaks ${s.leaks}`);
    console.log([...byKind].map(([k, v]) => `  ${k}: ${v.right}/${v.total}`).join('\n'));
    for (const g of grades.filter((x) => !x.right)) console.log(`  ✗ ${g.id}: ${g.why.join('; ')}`);
    expect(s.leaks).toBe(0);
    expect(s.questions).toBeGreaterThanOrEqual(FLOORS[split]!.questions);
    expect(s.followUps).toBeGreaterThanOrEqual(FLOORS[split]!.followUps);
  }, 600_000);
});
