import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ResponseGrade, gradeResponse, loadResponseFixtures } from '../evals/grade-response';
import { createAiEngine } from './engine';

/**
 * Suggested responses against the graded fixtures (evals/responses/README.md): the share an analyst
 * would accept. 'dev' was written with the writer; blind splits after it was frozen. Floors keep them
 * from sliding back; the figures themselves are in docs/PERFORMANCE.md.
 */

// Each blind split was scored once as written (blind1 52.5%, blind2 42.5%, blind3 70.0%, blind4 52.5%, blind5 52.5%,
// blind6 32.5%, blind7 62.5%, blind8 52.5%, blind9 57.5%, blind10 47.5%, blind11 50.0%, blind12 60.0%, blind13 65.0%, blind14 47.5%, blind15 60.0%,
// blind16 57.5%, blind17 45.0%, blind18 65.0%, blind19 40.0%, blind20 50.0%, blind21 42.5%, blind22 62.5%, blind23 55.0%, blind24 42.5%, blind25 40.0%, blind26 57.5%, blind27 55.0%, blind28 52.5%, blind29 60.0%, blind30 40.0%, blind31 52.5%, blind32 47.5%, blind33 30.0%, blind34 45.0%, blind35 62.5%, blind36 40.0%, blind37 52.5%, blind38 55.0%, blind39 35.0%, blind40 50.0%, blind41 60.0%, blind42 60.0%, blind43 60.0%, blind44 40.0%, blind45 32.5%, blind46 32.5%, blind47 35.0% (40.0% once the grader took "U.S." for an abbreviation), blind48 60.0%, blind49 35.0%, blind50 50.0%, blind51 47.5%, blind52 50.0%, blind53 57.5%, blind54 42.5%, blind55 42.5%, blind56 55.0%, blind57 50.0%, blind58 45.0%, blind59 60.0%, blind60 52.5%, blind61 45.0%, blind62 52.5% of 40) and then studied (blind17 and blind18, scored at b20b072, as first scored); the latest scores are
// in docs/PERFORMANCE.md. Each floor sits at or below its latest score.
const FLOORS: Record<string, number> = {
  dev: 0.9, blind1: 0.75, blind2: 0.72, blind3: 0.85, blind4: 0.77, blind5: 0.62, blind6: 0.7, blind7: 0.62, blind8: 0.7, blind9: 0.72, blind10: 0.65, blind11: 0.65, blind12: 0.62, blind13: 0.7, blind14: 0.55, blind15: 0.65,
  blind16: 0.67, blind17: 0.45, blind18: 0.65, blind19: 0.47, blind20: 0.47, blind21: 0.42, blind22: 0.62, blind23: 0.55, blind24: 0.42, blind25: 0.4, blind26: 0.57, blind27: 0.6, blind28: 0.57, blind29: 0.62, blind30: 0.55, blind31: 0.52, blind32: 0.65, blind33: 0.3, blind34: 0.45, blind35: 0.6, blind36: 0.4, blind37: 0.52, blind38: 0.55, blind39: 0.35, blind40: 0.5, blind41: 0.6, blind42: 0.6, blind43: 0.6, blind44: 0.4, blind45: 0.32, blind46: 0.32, blind47: 0.4, blind48: 0.6, blind49: 0.47, blind50: 0.52, blind51: 0.47, blind52: 0.5, blind53: 0.6, blind54: 0.42, blind55: 0.42, blind56: 0.55, blind57: 0.5, blind58: 0.45, blind59: 0.6, blind60: 0.52, blind61: 0.45, blind62: 0.52,
};

describe.each(Object.keys(FLOORS).filter((split) => existsSync(join(__dirname, '../evals/responses', `${split}.json`))))('suggested responses: %s split', (split) => {
  it('are acceptable to an analyst, never cite a file name and never quote a fragment', async () => {
    const engine = createAiEngine({ provider: 'local' });
    const fixtures = loadResponseFixtures(split);
    expect(fixtures.length).toBeGreaterThan(0);
    const grades: ResponseGrade[] = [];
    for (const fixture of fixtures) {
      const out = await engine.suggestResponse({ requirement: { text: fixture.requirement }, evidence: fixture.evidence.map((e) => ({ ...e, excerpt: e.passage })) }, { signal: new AbortController().signal });
      grades.push(gradeResponse(fixture, out.text));
    }
    const share = grades.filter((g) => g.acceptable).length / grades.length;
    console.log(`[responses ${split}] acceptable ${(share * 100).toFixed(1)}% of ${grades.length}`);
    for (const g of grades.filter((x) => !x.acceptable)) console.log(`  ✗ ${g.id}: ${g.why.join('; ')}\n    ${g.text.replace(/\n+/g, ' / ')}`);
    expect(grades.filter((g) => g.why.some((w) => w.startsWith('cites a file name') || w.startsWith('not a whole sentence')))).toEqual([]);
    expect(share).toBeGreaterThanOrEqual(FLOORS[split]!);
  });
});

describe('the response grader', () => {
  const fixture = (name: string) => ({
    id: 'grader',
    requirement: 'Add rate limiting to the public API.',
    evidence: [{ name, passage: 'Rate limiting is enforced on the public API gateway.' }],
    expect: { coverage: 'full' as const, support_any: ['Rate limiting is enforced'], reject_any: [], gap_any: [] },
  });

  it("takes 'e.g.', a company's 'Inc.' or 'S.A.' and a country's 'U.S.' inside a sentence for abbreviations, not the end of the sentence", () => {
    const text = 'We meet this requirement through our API Standard. Rate limiting is enforced on the public API gateway (e.g. the partner and mobile routes) (API Standard).';
    expect(gradeResponse(fixture('API Standard'), text).why).toEqual([]);
    expect(gradeResponse(fixture('API Standard'), `${text} and then.`).why).toContain('not a whole sentence: "and then."');
    const company = 'Our Master Services Agreement - Mark43, Inc. and our API Standard cover this requirement. Rate limiting is enforced on the public API gateway (API Standard).';
    expect(gradeResponse(fixture('API Standard'), company).why).toEqual([]);
    const sociedad = 'Our API Standard covers this requirement. Rate limiting is enforced on the public API gateway run by Kestrel Mexico S.A. de C.V (API Standard).';
    expect(gradeResponse(fixture('API Standard'), sociedad).why).toEqual([]);
    const country = 'Our API Standard covers this requirement. Rate limiting is enforced on the public API gateway for U.S. persons and U.K. partners (API Standard).';
    expect(gradeResponse(fixture('API Standard'), country).why).toEqual([]);
  });

  it('refuses a document cited by its stored file name and accepts one cited by its name as words', () => {
    const text = (cited: string) => `We meet this requirement through our ${cited}. Rate limiting is enforced on the public API gateway (${cited}).`;
    expect(gradeResponse(fixture('api_gateway_config.txt'), text('api_gateway_config')).why).toContain('cites a file name: api_gateway_config.txt');
    expect(gradeResponse(fixture('api_gateway_config.txt'), text('API Gateway Config')).acceptable).toBe(true);
    // A quoted setting that holds the file's stem ('arn:aws:securityhub:…') does not cite it.
    const quoted = 'We meet this requirement through our Securityhub. Setting standards_arn = "arn:aws:securityhub:eu-west-1::standards/cis" (Securityhub). Rate limiting is enforced on the public API gateway (Securityhub).';
    expect(gradeResponse(fixture('securityhub.tf'), quoted).why).toEqual([]);
    // A ticket exported as 'SEC-2291.pdf' is cited as 'SEC-2291': nothing about it is a file name any more.
    expect(gradeResponse(fixture('SEC-2291.pdf'), text('SEC-2291')).acceptable).toBe(true);
  });
});
