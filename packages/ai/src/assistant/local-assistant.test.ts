import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../engine';
import {
  FIXTURE_CONTEXT,
  FIXTURE_EVIDENCE,
  FIXTURE_GAPS,
  conversation,
  createFixtureToolset,
  createForbiddenToolset,
  type FixtureToolset,
} from './fixture-toolset';
import { answerLocally } from './local-assistant';

type AskOptions = { toolset?: FixtureToolset; context?: Partial<ChatRequest['context']>; signal?: AbortSignal };

async function ask(questions: string | string[], options: AskOptions = {}) {
  const toolset = options.toolset ?? createFixtureToolset();
  const deltas: string[] = [];
  const answer = await answerLocally(
    { messages: conversation(...[questions].flat()), context: { ...FIXTURE_CONTEXT, ...options.context }, tools: toolset.tools },
    { signal: options.signal ?? new AbortController().signal, onDelta: (text) => deltas.push(text) },
  );
  // The vocabulary lookup is how the question is read, not a source of the answer.
  return { ...answer, deltas, calls: toolset.calls.filter((c) => c.name !== 'get_vocabulary') };
}

/** Every number the answer prints must come from a tool result (list ordinals 1–10 aside). */
function expectNumbersFromTools(text: string, results: unknown[]) {
  const source = JSON.stringify(results);
  const ordinals = new Set(Array.from({ length: 10 }, (_, i) => String(i + 1)));
  const numbers = text.replace(/_Source:.*$/s, '').replace(/\]\([^)]*\)/g, ']').match(/\d+(?:\.\d+)?/g) ?? [];
  for (const n of numbers) if (!ordinals.has(n)) expect(source, `the number ${n} is not in any tool result`).toContain(n);
}

const gapIds = (framework: string) => FIXTURE_GAPS.filter((r) => r.control_ids[framework]).map((r) => r.id);

function idsInOrder(text: string): string[] {
  return [...text.matchAll(/\*\*\[Requirement ([\d.]+)\]\([^)]*\)\*\*/g)].map((m) => m[1] ?? '');
}

describe('local assistant: the six suggested questions', () => {
  it.each(['What is our overall compliance rate?', 'How compliant are we overall?', "What's our current compliance status?"])('overall rate: "%s"', async (question) => {
    const answer = await ask(question);
    expect(answer.text).toContain('**Overall compliance rate for Acme Health: 41.7%**');
    for (const line of ['- Compliant: 45', '- In Progress: 25', '- Not Started: 38', '- Not Applicable: 12', '- Total requirements: 120', '- Evidence documents: 5', '- Customer contracts: 1'])
      expect(answer.text).toContain(line);
    expect(answer.text).toContain('NIST 800-53 rev 5: 40.8% compliant (40 of 110 requirements; 22 in progress, 36 not started)');
    expect(answer.text).toContain('HIPAA: 51.2% compliant (22 of 48 requirements; 9 in progress, 12 not started)');
    expect(answer.sources).toEqual(['get_compliance_summary', 'get_framework_breakdown']);
    expect(answer.text).toContain('_Source: ');
    expectNumbersFromTools(answer.text, answer.calls.map((c) => c.result));
  });

  it.each(['Which domains need the most attention?', 'What are our weakest domains?', 'Which areas are lagging behind?'])('domains: "%s"', async (question) => {
    const answer = await ask(question);
    const ranked = [...answer.text.matchAll(/^\d+\. \*\*(.+?)\*\*/gm)].map((m) => m[1]);
    expect(ranked).toEqual(['Physical Security', 'Business Continuity & Disaster Recovery', 'Incident Response & Recovery', 'Identity & Access Management', 'Data Protection & Privacy']);
    expect(answer.text).toContain('**Business Continuity & Disaster Recovery**: 12.5% compliant (1 of 8 requirements; 2 in progress, 5 not started)');
    expect(answer.text).toContain('Strongest domain: Security Awareness & Training at 100%.');
    expect(answer.sources).toEqual(['get_domain_breakdown']);
    expectNumbersFromTools(answer.text, answer.calls.map((c) => c.result));
  });

  it.each([
    ['What are the gaps in NIST 800-53 rev 5?', 'NIST 800-53 rev 5', '58 open gaps** out of 110 requirements', 'IA-2(1), IA-2(2)'],
    ['Show NIST gaps', 'NIST 800-53 rev 5', '58 open gaps** out of 110 requirements', 'SC-28, SC-28(1)'],
    ['What is missing for HIPAA?', 'HIPAA', '21 open gaps** out of 48 requirements', '164.312(d)'],
  ])('framework gaps: "%s"', async (question, framework, totals, controls) => {
    const answer = await ask(question);
    expect(answer.text).toContain(`**${framework}: ${totals}`);
    expect(idsInOrder(answer.text)).toEqual(gapIds(framework));
    expect(answer.text).toContain(controls);
    expect(answer.text).toContain('**[Requirement 3.4](/requirements?search=3.4)** (High priority, Not Started)');
    expect(answer.sources).toEqual([`list_framework_gaps: ${framework}`]);
    expect(answer.calls[0]?.args).toEqual({ framework, limit: 10 });
    expectNumbersFromTools(answer.text, answer.calls.map((c) => c.result));
  });

  it('says when the framework is not assigned to the tenant, or not one the product tracks', async () => {
    const pci = await ask('What are the gaps in PCI DSS?');
    expect(pci.text).toContain('**PCI DSS 4.0** is not assigned to Acme Health');
    expect(pci.text).toContain('Frameworks assigned: NIST 800-53 rev 5, HIPAA');
    const soc = await ask('What are the gaps in SOC 2?');
    expect(soc.text).toContain('**SOC 2** is not one of the frameworks the product tracks');
  });

  it.each(['What types of evidence do we have?', 'List our evidence documents', 'What evidence have we uploaded?'])('evidence: "%s"', async (question) => {
    const answer = await ask(question);
    expect(answer.text).toContain('**Acme Health holds 5 evidence documents** of 3 types');
    expect(answer.text).toContain('- **Policy** (2): [Access Control Policy](/evidence?search=Access%20Control%20Policy) (supports 2 requirements), [Information Security Policy](/evidence?search=Information%20Security%20Policy) (supports 2 requirements)');
    expect(answer.text).toContain('- **Procedure** (2): [Backup Procedure](/evidence?search=Backup%20Procedure) (supports 2 requirements), [Incident Response Plan](/evidence?search=Incident%20Response%20Plan) (supports 1 requirement)');
    for (const document of FIXTURE_EVIDENCE.documents) expect(answer.text).toContain(document.name);
    expect(answer.text).toContain('Not linked to any requirement yet: 2024 Penetration Test Report.');
    expect(answer.sources).toEqual(['list_evidence']);
    expectNumbersFromTools(answer.text, answer.calls.map((c) => c.result));
  });

  it.each(['How can I improve our compliance score?', 'What should we focus on next?', 'How do we raise our compliance rate?'])('improvement plan: "%s"', async (question) => {
    const answer = await ask(question);
    expect(answer.text).toContain("**How to raise Acme Health's compliance rate** (now 41.7%: 45 of 120 requirements Compliant)");
    expect(answer.text).toMatch(/\*\*1\. Start the high-priority requirements that have not started\*\*\n\n- \[Requirement 3\.4\].*\n- \[Requirement 4\.2\].*\n- \[Requirement 13\.1\]/);
    expect(answer.text).toContain('**2. Quick wins: evidence is already linked (3 in progress, 1 not started)**');
    expect(answer.text).toContain('- [Requirement 10.2](/requirements?search=10.2) (In Progress, 1 evidence document)');
    expect(answer.text).toContain('- Physical Security: 0% compliant, 2 not started, 0 in progress');
    expect(answer.text).toContain('**4. Cover customer contract obligations (2 obligations without evidence)**');
    expect(answer.text).toContain('[Northwind MSA.pdf](/contracts?search=Northwind%20MSA.pdf), clause 7.1: "The Supplier shall encrypt all Customer Data at rest." → [Requirement 4.2](/requirements?search=4.2)');
    expect(answer.text).toContain('21 not started and 8 in-progress requirements have no owner');
    expect(answer.sources).toEqual([
      'get_compliance_summary',
      'list_top_priority_requirements',
      'search_requirements: In Progress, with evidence',
      'search_requirements: Not Started, with evidence',
      'get_domain_breakdown',
      'list_contract_obligations: uncovered only',
      'list_owners_and_statuses',
    ]);
    expectNumbersFromTools(answer.text, answer.calls.map((c) => c.result));
  });

  it.each([
    ['What are our top priority requirements?', 10],
    ['Show the 5 most urgent requirements', 5],
    ['Which requirements should we prioritize?', 10],
  ])('top priorities: "%s"', async (question, limit) => {
    const answer = await ask(question);
    expect(idsInOrder(answer.text)).toEqual(FIXTURE_GAPS.slice(0, limit).map((r) => r.id));
    expect(answer.text).toContain(`**Top ${limit} priority requirements for Acme Health**`);
    expect(answer.text).toContain('1. **[Requirement 3.4](/requirements?search=3.4)** (High priority, Not Started): Enforce multi-factor authentication');
    expect(answer.sources).toEqual(['list_top_priority_requirements']);
    expect(answer.calls[0]?.args).toEqual({ limit });
    expectNumbersFromTools(answer.text, answer.calls.map((c) => c.result));
  });
});

describe('local assistant: streaming', () => {
  it.each(['What is our overall compliance rate?', 'How can I improve our compliance score?', 'What are the gaps in NIST 800-53 rev 5?', 'Hello'])('streams "%s" line by line', async (question) => {
    const answer = await ask(question);
    expect(answer.deltas.length).toBeGreaterThan(3);
    expect(answer.deltas.join('')).toBe(answer.text);
  });

  it('stops at once when the signal is already aborted, without calling a tool', async () => {
    const toolset = createForbiddenToolset();
    const controller = new AbortController();
    controller.abort();
    await expect(ask('What is our overall compliance rate?', { toolset, signal: controller.signal })).rejects.toThrow(/abort/i);
    expect(toolset.calls).toEqual([]);
  });

  it('stops between tool calls when the signal aborts mid-answer', async () => {
    const controller = new AbortController();
    const toolset = createFixtureToolset();
    const summary = toolset.tools.get_compliance_summary;
    toolset.tools.get_compliance_summary = async (args) => {
      const result = await summary(args);
      controller.abort();
      return result;
    };
    await expect(ask('How can I improve our compliance score?', { toolset, signal: controller.signal })).rejects.toThrow(/abort/i);
    expect(toolset.calls.map((c) => c.name)).toEqual(['get_vocabulary', 'get_compliance_summary']);
  });
});

describe('local assistant: scope', () => {
  const PLAIN = "I can only use data of Acme Health (Acme Group). I can't share or look up information about other tenants or organizations.";

  it.each(['What are the compliance rates of all tenants?', 'Show me the gaps of another organization', 'Compare us with other companies'])(
    'refuses the generic question "%s" without calling any tool',
    async (question) => {
      const toolset = createForbiddenToolset();
      const answer = await ask(question, { toolset, context: { other_tenants: [] } });
      expect(answer.text).toBe(PLAIN);
      expect(answer.sources).toEqual([]);
      expect(answer.deltas.join('')).toBe(PLAIN);
      expect(toolset.calls).toEqual([]);
    },
  );

  it.each(['What is the compliance rate of Globex Retail?', 'Show me the gaps for the Acme Research tenant', 'How is Initech doing on HIPAA?'])(
    'refuses the named entity in "%s" the same way whether or not it exists, reading only the tenant’s own names',
    async (question) => {
      const toolset = createForbiddenToolset({ vocabulary: true });
      const answer = await ask(question, { toolset, context: { other_tenants: [] } });
      expect(answer.text).toBe(PLAIN);
      expect(toolset.calls.map((c) => c.name)).toEqual(['get_vocabulary']);
    },
  );

  it('answers about the tenant’s own people and customers, named like companies', async () => {
    const owner = await ask('What is Sam Patel working on that is not started?');
    expect(owner.text).not.toContain("can't share");
    expect(owner.text).toContain('owned by Sam Patel');
    const customer = await ask('How many obligations does the Northwind MSA have?');
    expect(customer.text).toContain('3 obligations');
  });

  it('offers the tenant selector for a tenant the user can access, still without any tool call', async () => {
    const toolset = createForbiddenToolset();
    const answer = await ask(['What is our overall compliance rate?', 'and what is the compliance rate of Globex Retail?'], { toolset });
    expect(answer.text).toBe(`${PLAIN} You also have access to Globex Retail: switch the tenant selector to Globex Retail and ask again.`);
    expect(toolset.calls).toEqual([]);
  });

  it.each(['What is the compliance rate of Acme Health?', 'How is Acme Group doing on HIPAA?', "Show Acme Health's top priority requirements"])(
    'answers a question that names the current tenant or organization: "%s"',
    async (question) => {
      const answer = await ask(question);
      expect(answer.text).not.toContain("I can't share");
      expect(answer.sources.length).toBeGreaterThan(0);
    },
  );
});

describe('local assistant: other questions', () => {
  it('lists contract obligations and the ones evidence does not cover', async () => {
    const answer = await ask('Which contract obligations are not covered by evidence?');
    expect(answer.text).toContain('**2 obligations** of [Northwind MSA.pdf](/contracts?search=Northwind%20MSA.pdf) (with Northwind Traders) not covered by evidence:');
    expect(answer.text).toContain('- clause 7.4: "The Supplier shall back up Customer Data every day." → [Requirement C-1](/requirements?search=C-1) (no evidence yet)');
    expect(answer.text).not.toContain('clause 7.2');
    expect(answer.sources).toEqual(['list_contract_obligations']);
  });

  it('says what an evidence document covers, and lists the documents when the name is unknown', async () => {
    const covered = await ask('What does the Access Control Policy cover?');
    expect(covered.text).toContain('**[Access Control Policy](/evidence?search=Access%20Control%20Policy)** (Policy) supports 2 requirements');
    expect(idsInOrder(covered.text)).toEqual(['3.1', '3.2']);
    expect(covered.sources).toEqual(['get_evidence_coverage: Access Control Policy']);
    const unknown = await ask('What does the Firewall Standard cover?');
    expect(unknown.text).toContain('I found no evidence document called "Firewall Standard" in Acme Health.');
    expect(unknown.text).toContain('- [Backup Procedure](/evidence?search=Backup%20Procedure) (Procedure)');
    expect(unknown.sources).toEqual(['get_evidence_coverage: Firewall Standard', 'list_evidence']);
  });

  it.each([
    ['Do we have anything on encryption?', ['4.2', '4.5'], 'search_requirements: "encrypt"'],
    ['show requirements about backups', ['13.1', '13.3'], 'search_requirements: "backup"'],
  ])('searches requirements: "%s"', async (question, ids, source) => {
    const answer = await ask(question);
    expect(idsInOrder(answer.text)).toEqual(ids);
    expect(answer.text).toContain(`**${ids.length} requirements of Acme Health match**`);
    expect(answer.sources).toEqual([source]);
  });

  it('names the owners of what a document supports, asked as a follow-up', async () => {
    const answer = await ask(['What does the Access Control Policy support?', 'who owns those requirements?']);
    expect(answer.calls.map((c) => c.name)).toContain('get_evidence_coverage');
    const search = answer.calls.find((c) => c.name === 'search_requirements');
    expect((search!.args as { ids?: string[] }).ids?.length).toBeGreaterThan(0);
  });

  it('ranks owners by open items and counts the unassigned ones', async () => {
    const answer = await ask('Who owns the most open items?');
    expect(answer.text).toContain('**Dana Lee** owns the most open items: 8 not started and 10 in progress (of 30 requirements).');
    expect(answer.text).toContain('Unassigned: 45 requirements have no owner (21 not started, 8 in progress).');
    expect(answer.sources).toEqual(['list_owners_and_statuses']);
  });

  it('answers per framework and follows up on another framework', async () => {
    const hipaa = await ask('How compliant are we with HIPAA?');
    expect(hipaa.text).toContain('**HIPAA: 51.2% compliant** for Acme Health');
    expect(hipaa.text).toContain('- Compliant: 22 of 48 requirements');
    const followUp = await ask(['What are the gaps in NIST 800-53 rev 5?', 'and for HIPAA?']);
    expect(followUp.text).toContain('**HIPAA: 21 open gaps**');
    const pci = await ask(['How compliant are we with HIPAA?', 'what about PCI?']);
    expect(pci.text).toContain('**PCI DSS 4.0** is not assigned to Acme Health');
  });

  it('greets, and says what it can answer instead of guessing', async () => {
    const hello = await ask('Hello');
    expect(hello.text).toContain("Hello! I'm the AI Compliance Assistant for **Acme Health** (Acme Group).");
    expect(hello.text).toContain('- What are the gaps in NIST 800-53 rev 5?');
    expect(hello.sources).toEqual([]);
    const toolset = createFixtureToolset();
    const unknown = await ask('Tell me a joke', { toolset });
    expect(unknown.text).toContain("I can't answer that from Acme Health's compliance data, and I won't guess.");
    expect(toolset.calls.map((c) => c.name)).toEqual(['get_vocabulary']);
  });

  it('handles a tenant with no evidence and no contracts', async () => {
    const toolset = () => createFixtureToolset({ empty: true });
    const evidence = await ask('What types of evidence do we have?', { toolset: toolset() });
    expect(evidence.text).toContain('Acme Health has no evidence documents yet.');
    const contracts = await ask('What are our contract obligations?', { toolset: toolset() });
    expect(contracts.text).toContain('No customer contracts have been analysed for Acme Health yet.');
    const plan = await ask('How can I improve our compliance score?', { toolset: toolset() });
    expect(plan.text).not.toContain('Quick wins');
    expect(plan.text).not.toContain('contract obligations (');
    expect(plan.text).toContain('Upload evidence');
    const coverage = await ask('What does the Access Control Policy cover?', { toolset: toolset() });
    expect(coverage.text).toContain('Acme Health has no evidence documents yet.');
  });
});
