import { afterEach, describe, expect, it } from 'vitest';
import { createAiEngine, type GeneratePolicyInput, type PolicyRequirement } from '../engine';
import { policyDraftOutput } from './schemas';
import { startFakeOpenAiServer, type FakeBehaviour, type FakeServer } from '../testing/fake-openai-server';

const NIST = 'NIST 800-53 rev 5';

function requirement(id: string, text: string, domain_number: number, domain_name: string, controls: string[]): PolicyRequirement {
  return { id, key: null, text, domain_number, domain_name, priority: 'High', source_type: 'framework', status: 'Not Started', control_ids: { [NIST]: controls }, contract_names: [] };
}

const INPUT: GeneratePolicyInput = {
  template: {
    name: 'Access Control Policy',
    description: 'Governs how accounts are created, reviewed and removed.',
    purpose: 'This policy ensures only authorized people reach the organization’s systems. It sets the account rules.',
    scope: 'This policy applies to every account the organization operates. It covers remote access.',
    roles: [
      { role: 'Chief Information Security Officer', responsibility: 'Owns this policy.' },
      { role: 'System Owners', responsibility: 'Approve access to their systems.' },
      { role: 'All Workforce Members', responsibility: 'Protect their credentials.' },
    ],
    domains: [3],
  },
  organization_name: 'Acme Corp',
  tenant_name: 'Acme EU Payments',
  frameworks: [NIST],
  requirements: [
    requirement('3.1', 'Assign a unique user ID to every person.', 3, 'Identity & Access Management', ['IA-2']),
    requirement('3.7', 'Require MFA for all remote network access.', 3, 'Identity & Access Management', ['IA-2(1)']),
    requirement('6.8', 'Provide remote access only through a managed VPN.', 6, 'Network Security & Infrastructure', ['AC-17']),
  ],
  obligations: [{ contract: 'Beta MSA', clause: '7.2', text: 'The Supplier shall enforce MFA for remote access.', requirement_id: '3.7' }],
  effective_date: '2026-02-01',
};

let server: FakeServer | undefined;

async function engineFor(behaviour: FakeBehaviour = {}) {
  server = await startFakeOpenAiServer(behaviour);
  return createAiEngine({ provider: 'openai', baseUrl: server.baseUrl, apiKey: 'test-key', model: 'fake-model-1', maxRetries: 1 });
}

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('openai engine: policy drafting', () => {
  it('asks for a strict policy_draft schema', () => {
    const schema = policyDraftOutput.jsonSchema as { additionalProperties: boolean; required: string[]; properties: { statements: { items: { additionalProperties: boolean; required: string[] } } } };
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required).toEqual(['purpose', 'scope', 'statements']);
    expect(schema.properties.statements.items).toMatchObject({ additionalProperties: false, required: ['requirement_id', 'text'] });
    expect(() => policyDraftOutput.parse({ purpose: 'p', scope: 's' })).toThrow();
  });

  it('renders the model’s prose with every requirement, the local fallback for a missing statement and the mapping table', async () => {
    const engine = await engineFor();
    const progress: Array<[string, number]> = [];
    const result = await engine.generatePolicy(INPUT, { signal: AbortSignal.timeout(10_000), onProgress: (stage, percent) => progress.push([stage, percent]) });
    const content = result.content;
    expect(result).toMatchObject({ provider: 'openai', model: 'fake-model-1' });

    expect(server?.requests.map((r) => r.schema)).toEqual(['policy_draft']);
    const sent = JSON.parse(server?.requests[0]?.body.messages.find((m) => m.role === 'user')?.content ?? '{}');
    expect(sent.requirements.map((r: { id: string }) => r.id)).toEqual(['3.1', '3.7', '6.8']);
    expect(sent.organization_name).toBe('Acme Corp');

    expect(content).toContain('Model-drafted purpose for Acme Corp.');
    expect(content).toContain('Model-drafted scope for Acme EU Payments.');
    expect(content).toContain('**4.1.1** Acme Corp shall meet drafted requirement 3.1 as the model wrote it. *(Requirement 3.1; NIST 800-53 rev 5: IA-2)*');
    expect(content).toContain('**4.1.2** Acme Corp shall meet drafted requirement 3.7 as the model wrote it.');
    expect(content).toContain('**4.2.1** Acme Corp shall provide remote access only through a managed VPN. *(Requirement 6.8; NIST 800-53 rev 5: AC-17)*');
    expect(content).not.toContain('Drafted heading');
    expect(content).not.toContain('no requirement asks for');

    for (const id of ['3.1', '3.7', '6.8']) {
      expect(content).toContain(`*(Requirement ${id};`);
      expect(content).toMatch(new RegExp(`^\\| 4\\.\\d\\.\\d \\| ${id.replace('.', '\\.')} \\|`, 'm'));
    }
    expect(content).toContain(`| Statement | Requirement | ${NIST} |`);
    expect(content).toContain('- **Beta MSA**, clause 7.2: “The Supplier shall enforce MFA for remote access.” — Requirement 3.7 (statement 4.1.2)');
    expect(progress[0]).toEqual(['Drafting policy with AI', 10]);
    expect(progress.at(-1)).toEqual(['Finalizing policy', 100]);
  });

  it('stops when the signal aborts', async () => {
    const engine = await engineFor({ hang: true });
    const started = Date.now();
    await expect(engine.generatePolicy(INPUT, { signal: AbortSignal.timeout(300) })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('fails with the schema name when the model never answers in shape', async () => {
    const engine = await engineFor({ invalidJson: true });
    await expect(engine.generatePolicy(INPUT, { signal: AbortSignal.timeout(10_000) })).rejects.toThrow(/policy_draft/);
  });
});
