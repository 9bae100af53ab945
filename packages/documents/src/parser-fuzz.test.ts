import { describe, expect, it } from 'vitest';
import { isDocumentError } from './document-error';
import { extractText } from './extract-text';
import { EVIDENCE_FILE_KINDS, type FileKind, detectFileType } from './file-type';
import { expectUserFacingMessage } from './testing/expect-document-error';
import { type FixtureName, readFixture } from './testing/fixtures';
import { createRng } from './testing/seeded-random';

/**
 * The upload parsers under random damage: random bytes, valid fixtures truncated at random points, and
 * the same fixtures with random bytes flipped. Every call must end, within the time limit, with the text
 * accepted or a DocumentError fit for the uploader; any other exception fails. Seeded, so a failure
 * reproduces (FUZZ_SEED replays another seed, FUZZ_RUNS raises the number of cases per fixture).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_240_611);
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const TIME_LIMIT_MS = 10_000;


const FIXTURES: [FixtureName, FileKind][] = [
  ['contract.pdf', 'pdf'],
  ['standard-font.pdf', 'pdf'],
  ['contract.docx', 'docx'],
  ['controls.xlsx', 'xlsx'],
  ['contract.doc', 'doc'],
  ['controls.xls', 'xls'],
];

const outcomes = new Map<string, number>();
const count = (outcome: string) => outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);

/** Sniffs then parses (as the sniffed kind, and always as the kind the file claims): accepted or a DocumentError. */
async function parseOnce(buffer: Buffer, fileName: string, claimed: FileKind, label: string) {
  const attempt = async (run: () => Promise<unknown> | unknown) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${label}: no answer within ${TIME_LIMIT_MS} ms`)), TIME_LIMIT_MS);
    });
    try {
      await Promise.race([Promise.resolve().then(run), timeout]);
      count('accepted');
    } catch (error) {
      expect(isDocumentError(error), `${label}: ${String(error)}`).toBe(true);
      expectUserFacingMessage(error as never);
      count((error as { code: string }).code);
    } finally {
      clearTimeout(timer);
    }
  };
  await attempt(() => detectFileType(buffer, fileName, EVIDENCE_FILE_KINDS));
  await attempt(() => extractText(buffer, claimed));
}

describe(`parser fuzz (seed ${SEED}, ${RUNS} cases per fixture and kind of damage)`, () => {
  it(`random bytes as every kind, seed ${SEED}`, async () => {
    const rng = createRng(SEED);
    for (let run = 0; run < RUNS; run++) {
      const bytes = Buffer.from(Array.from({ length: rng.int(0, 4_096) }, () => rng.int(0, 255)));
      for (const [, kind] of FIXTURES) await parseOnce(bytes, `random.${kind}`, kind, `random #${run} as ${kind}`);
    }
  }, 120_000);

  it.each(FIXTURES)(`%s truncated at random points, seed ${SEED}`, async (name, kind) => {
    const valid = await readFixture(name);
    const rng = createRng(SEED ^ valid.length);
    for (let run = 0; run < RUNS; run++) {
      const at = rng.int(0, valid.length - 1);
      await parseOnce(valid.subarray(0, at), name, kind, `${name} cut at ${at}`);
    }
  }, 120_000);

  it.each(FIXTURES)(`%s with random bytes flipped, seed ${SEED}`, async (name, kind) => {
    const valid = await readFixture(name);
    const rng = createRng(SEED ^ (valid.length * 31));
    for (let run = 0; run < RUNS; run++) {
      const damaged = Buffer.from(valid);
      const flips = rng.int(1, 64);
      for (let i = 0; i < flips; i++) damaged[rng.int(0, damaged.length - 1)] = rng.int(0, 255);
      await parseOnce(damaged, name, kind, `${name} with ${flips} bytes flipped (run ${run})`);
    }
  }, 120_000);

  it('ended every call accepted or with a DocumentError', () => {
    const total = [...outcomes.values()].reduce((a, b) => a + b, 0);
    const summary = [...outcomes].sort(([a], [b]) => a.localeCompare(b)).map(([o, n]) => `${o}=${n}`).join(' ');
    console.log(`parser-fuzz seed=${SEED} runs=${RUNS}: calls=${total} ${summary} other exceptions=0`);
    expect(total).toBe(2 * RUNS * FIXTURES.length * 3);
  });
});
