import { afterEach, describe, expect, it } from 'vitest';
import { createAiEngine, type RequirementCandidate } from '../engine';
import { startFakeOpenAiServer, type FakeBehaviour, type FakeServer } from '../testing/fake-openai-server';

const CONTRACT = [
  'SECURITY TERMS between Acme Ltd (the "Supplier") and Beta plc (the "Customer").',
  '',
  '1.1 The Supplier shall encrypt all Customer Data at rest.',
  '1.2 The Supplier shall notify the Customer of any security incident within 24 hours.',
  '1.3 The Customer shall pay each invoice within 30 days.',
  '1.4 The Supplier shall restrict access to production systems to named engineers.',
].join('\n');

const REQUIREMENTS: RequirementCandidate[] = Array.from({ length: 60 }, (_, i) => ({
  key: `REQ-${String(i).padStart(2, '0')}`,
  domain_number: (i % 15) + 1,
  text: `Requirement ${i}`,
  keywords: [i === 2 ? 'multi-factor' : `keyword-${i}`],
}));

let server: FakeServer | undefined;

async function engineFor(behaviour: FakeBehaviour = {}, overrides: Record<string, unknown> = {}) {
  server = await startFakeOpenAiServer(behaviour);
  return createAiEngine({ provider: 'openai', baseUrl: server.baseUrl, apiKey: 'test-key', model: 'fake-model-1', batchSize: 10, concurrency: 3, ...overrides });
}

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('openai engine: extraction', () => {
  it('extracts obligations with exact spans, drops invented text and records provider and model', async () => {
    const engine = await engineFor();
    const result = await engine.extractObligations({ text: CONTRACT, requirements: REQUIREMENTS }, { signal: AbortSignal.timeout(10_000) });
    expect(result).toMatchObject({ provider: 'openai', model: 'fake-model-1' });
    expect(result.obligations.map((o) => o.clause)).toEqual(['1.1', '1.2', '1.4']);
    for (const o of result.obligations) expect(CONTRACT).toContain(o.text);
    expect(result.obligations.some((o) => o.text.includes('never says'))).toBe(false);
  });

  it('matches in parallel requirement batches, merges the best match and ignores unknown keys', async () => {
    const engine = await engineFor({ delayMs: 40 });
    const progress: string[] = [];
    const { obligations } = await engine.extractObligations(
      { text: CONTRACT, requirements: REQUIREMENTS },
      { signal: AbortSignal.timeout(10_000), onProgress: (stage) => progress.push(stage) },
    );
    const matching = server?.requests.filter((r) => r.schema === 'requirement_matches') ?? [];
    expect(matching).toHaveLength(6);
    expect(server?.maxInFlight).toBeGreaterThan(1);
    expect(server?.maxInFlight).toBeLessThanOrEqual(3);
    expect(obligations[0]?.match).toEqual({ requirement_key: 'REQ-03', score: 0.8 });
    expect(obligations.every((o) => o.match.requirement_key !== 'NOT-A-KEY')).toBe(true);
    expect(progress).toContain('Analyzing with AI batch 2/7');
    expect(progress).toContain('Matching requirements');
  });

  it('reads the contract through the shared structure layer: page furniture never reaches the model, parties and sides come back', async () => {
    const engine = await engineFor();
    const paged = [
      'SECURITY TERMS between Acme Services Ltd ("Acme" or the "Supplier") and Beta Retail plc ("Beta" or the "Customer").',
      '',
      '1.1 The Supplier shall encrypt all Customer Data at rest.',
      '',
      'Acme / Beta Security Terms',
      'Page 1 of 2',
      '',
      'Acme / Beta Security Terms',
      '1.2 The Customer shall protect the access credentials of its users.',
      '1.3 Each party shall report any security incident it discovers to the other within 24 hours.',
      '',
      'Page 2 of 2',
    ].join('\n');
    const result = await engine.extractObligations({ text: paged, requirements: REQUIREMENTS.slice(0, 5) }, { signal: AbortSignal.timeout(10_000) });
    const sent = (server?.requests ?? []).filter((r) => r.schema === 'contract_obligations').map((r) => JSON.stringify(r.body));
    expect(sent.length).toBeGreaterThan(0);
    for (const body of sent) expect(body).not.toMatch(/Page [12] of 2|Security Terms\b/);
    expect(result.parties).toEqual({ provider: 'Acme Services Ltd', customer: 'Beta Retail plc' });
    expect(result.obligations.map((o) => [o.clause, o.party])).toEqual([
      ['1.1', 'provider'],
      ['1.2', 'customer'],
      ['1.3', 'both'],
    ]);
    for (const o of result.obligations) expect(paged.slice(o.start, o.end)).toBe(o.text);
  });

  it('sends strict JSON-schema response formats', async () => {
    const engine = await engineFor();
    await engine.extractObligations({ text: CONTRACT, requirements: REQUIREMENTS.slice(0, 5) }, { signal: AbortSignal.timeout(10_000) });
    const format = server?.requests[0]?.body.response_format;
    expect(format).toMatchObject({ type: 'json_schema', json_schema: { name: 'contract_obligations', strict: true } });
    expect(server?.requests[0]?.body.model).toBe('fake-model-1');
  });
});

describe('openai engine: evidence and responses', () => {
  it('links evidence with exact excerpts and a suggested type', async () => {
    const engine = await engineFor();
    const text = 'Access Control Policy\nMulti-factor authentication is required for remote access.\nVisitors sign in.';
    const result = await engine.analyzeEvidence({ text, fileName: 'policy.pdf', requirements: REQUIREMENTS }, { signal: AbortSignal.timeout(10_000) });
    expect(result).toMatchObject({ provider: 'openai', model: 'fake-model-1', suggested_document_type: 'Policy' });
    expect(result.links).toEqual([{ requirement_key: 'REQ-02', confidence: 0.75, excerpt: 'Multi-factor authentication is required for remote access.' }]);
  });

  it('cites the evidence names, adding them when the model leaves them out', async () => {
    const input = { requirement: { text: 'Use MFA.' }, evidence: [{ name: 'Access Control Policy', excerpt: 'MFA is required.' }] };
    const engine = await engineFor({ omitCitations: true });
    const result = await engine.suggestResponse(input, { signal: AbortSignal.timeout(10_000) });
    expect(result.text).toContain('Access Control Policy');
    expect(result).toMatchObject({ provider: 'openai', model: 'fake-model-1' });
  });
});

describe('openai engine: deadlines and failures', () => {
  it('stops a hanging request when the signal aborts', async () => {
    const engine = await engineFor({ hang: true });
    const started = Date.now();
    await expect(engine.extractObligations({ text: CONTRACT, requirements: REQUIREMENTS }, { signal: AbortSignal.timeout(300) })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(server?.requests.length).toBeGreaterThan(0);
  });

  it('retries a 500 and then succeeds', async () => {
    const engine = await engineFor({ failFirst: { count: 1, status: 500 } });
    const result = await engine.suggestResponse({ requirement: { text: 'x' }, evidence: [{ name: 'Doc', excerpt: 'y' }] }, { signal: AbortSignal.timeout(10_000) });
    expect(result.text).toContain('Doc');
    expect(server?.requests).toHaveLength(2);
  });

  it('retries a 429, honouring Retry-After', async () => {
    const engine = await engineFor({ failFirst: { count: 2, status: 429, headers: { 'retry-after-ms': '10' } } });
    await engine.suggestResponse({ requirement: { text: 'x' }, evidence: [] }, { signal: AbortSignal.timeout(10_000) });
    expect(server?.requests).toHaveLength(3);
  });

  it('does not retry a 400', async () => {
    const engine = await engineFor({ failFirst: { count: 5, status: 400 } });
    await expect(engine.suggestResponse({ requirement: { text: 'x' }, evidence: [] }, { signal: AbortSignal.timeout(10_000) })).rejects.toThrow();
    expect(server?.requests).toHaveLength(1);
  });

  it('gives up on output that never fits the schema', async () => {
    const engine = await engineFor({ invalidJson: true }, { maxRetries: 1 });
    await expect(engine.suggestResponse({ requirement: { text: 'x' }, evidence: [] }, { signal: AbortSignal.timeout(10_000) })).rejects.toThrow(/suggested_response/);
    expect(server?.requests).toHaveLength(2);
  });

  it('does not wait out a backoff past the deadline', async () => {
    const engine = await engineFor({ failFirst: { count: 10, status: 503, headers: { 'retry-after': '30' } } });
    const started = Date.now();
    await expect(engine.suggestResponse({ requirement: { text: 'x' }, evidence: [] }, { signal: AbortSignal.timeout(300) })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
