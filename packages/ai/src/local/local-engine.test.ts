import { catalogRequirements } from '@compliance/catalog/catalog';
import { describe, expect, it } from 'vitest';
import { createAiEngine, type RequirementCandidate } from '../engine';
import { LOCAL_MODEL } from './local-engine';

const CATALOG: RequirementCandidate[] = catalogRequirements.map((r) => ({ key: r.key, text: r.text, keywords: r.keywords, domain_number: r.domain_number }));

const CONTRACT = `SECURITY SCHEDULE
This Schedule is agreed between Acme Cloud Ltd (the "Supplier") and Harbour Bank plc (the "Customer").

1. Definitions
1.1 "Customer Data" means all data processed by the Supplier for the Customer.

2. Security
2.1 The Supplier shall implement the following measures:
(a) encryption of all Customer Data at rest using AES-256;
(b) multi-factor authentication for all administrative access.
2.2 The Supplier shall notify the Customer of any security incident within 24 hours of becoming aware of it.
2.3 The Supplier shall keep the offices tidy and repaint them every five years.

3. Payment
3.1 The Customer shall pay each invoice within 30 days.
`;

const signal = () => new AbortController().signal;

describe('local engine', () => {
  const engine = createAiEngine();

  it('is the default provider and records provider and model on every result', async () => {
    expect(engine.provider).toBe('local');
    const result = await engine.extractObligations({ text: CONTRACT, requirements: CATALOG }, { signal: signal() });
    expect(result).toMatchObject({ provider: 'local', model: LOCAL_MODEL });
    const evidence = await engine.analyzeEvidence({ text: 'Backups are tested quarterly.', fileName: 'x.txt', requirements: CATALOG }, { signal: signal() });
    expect(evidence).toMatchObject({ provider: 'local', model: LOCAL_MODEL });
    const response = await engine.suggestResponse({ requirement: { text: 'Test backups.' }, evidence: [] }, { signal: signal() });
    expect(response).toMatchObject({ provider: 'local', model: LOCAL_MODEL });
  });

  it('extracts the security obligations with exact text, clause, domain and a catalog match', async () => {
    const { obligations } = await engine.extractObligations({ text: CONTRACT, requirements: CATALOG }, { signal: signal() });
    expect(obligations.map((o) => o.clause)).toEqual(['2.1(a)', '2.1(b)', '2.2']);
    for (const o of obligations) {
      expect(CONTRACT).toContain(o.text);
      expect(o.confidence).toBeGreaterThan(0);
      expect(o.match.score).toBeGreaterThanOrEqual(0);
      expect(o.match.score).toBeLessThanOrEqual(1);
    }
    const [encryption, mfa, incident] = obligations;
    expect(encryption).toMatchObject({ domain_number: 4, match: { requirement_key: 'DPP-07' } });
    expect(mfa).toMatchObject({ domain_number: 3, match: { requirement_key: 'IAM-08' } });
    expect(incident?.domain_number).toBe(10);
  });

  it('leaves an obligation unmatched when no requirement fits', async () => {
    const text = '1.1 The Supplier shall keep its security team in the same building as its finance team.';
    const { obligations } = await engine.extractObligations({ text, requirements: CATALOG.slice(0, 5) }, { signal: signal() });
    for (const o of obligations) if (o.match.score < 0.5) expect(o.match.requirement_key).toBeNull();
  });

  it('is deterministic', async () => {
    const a = await engine.extractObligations({ text: CONTRACT, requirements: CATALOG }, { signal: signal() });
    const b = await engine.extractObligations({ text: CONTRACT, requirements: CATALOG }, { signal: signal() });
    expect(a).toEqual(b);
  });

  it('reports progress with the spec stage names, ending at 100', async () => {
    const progress: Array<[string, number]> = [];
    await engine.extractObligations({ text: CONTRACT, requirements: CATALOG }, { signal: signal(), onProgress: (stage, percent) => progress.push([stage, percent]) });
    expect(progress.map(([stage]) => stage)).toEqual(expect.arrayContaining(['Analyzing with AI batch 1/1', 'Matching requirements']));
    expect(progress.at(-1)?.[1]).toBe(100);
    const percents = progress.map(([, p]) => p);
    expect([...percents].sort((x, y) => x - y)).toEqual(percents);
  });

  it('stops between phases when the deadline passes mid-call', async () => {
    const controller = new AbortController();
    const abortWhenMatching = (stage: string) => {
      if (stage === 'Matching requirements') controller.abort(new Error('deadline'));
    };
    await expect(
      engine.extractObligations({ text: CONTRACT, requirements: CATALOG }, { signal: controller.signal, onProgress: abortWhenMatching }),
    ).rejects.toThrow('deadline');
    const second = new AbortController();
    await expect(
      engine.analyzeEvidence(
        { text: CONTRACT, fileName: 'x.txt', requirements: CATALOG },
        { signal: second.signal, onProgress: (stage) => stage === 'Matching requirements' && second.abort(new Error('deadline')) },
      ),
    ).rejects.toThrow('deadline');
  });

  it('rejects at once when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('deadline'));
    await expect(engine.extractObligations({ text: CONTRACT, requirements: CATALOG }, { signal: controller.signal })).rejects.toThrow('deadline');
    await expect(engine.analyzeEvidence({ text: CONTRACT, fileName: 'x', requirements: CATALOG }, { signal: controller.signal })).rejects.toThrow('deadline');
    await expect(engine.suggestResponse({ requirement: { text: 'x' }, evidence: [] }, { signal: controller.signal })).rejects.toThrow('deadline');
  });
});
