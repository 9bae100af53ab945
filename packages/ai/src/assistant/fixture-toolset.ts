import { canonicalFramework, referenceMatches } from '@compliance/contracts/frameworks';
import type { ChatRequest, ChatTurn } from '../engine';
import type { AssistantToolset, Passage, Vocabulary, ComplianceSummary, ContractObligations, DomainBreakdownRow, EvidenceSummary, FrameworkBreakdownRow, OwnersAndStatuses, RequirementRef, ToolName } from './tools';

/**
 * A hand-made tenant for the assistant's tests: fixed tool results (the input of the unit under test),
 * a record of every tool call, and an empty variant (no evidence, no contracts).
 */

export const FIXTURE_CONTEXT: ChatRequest['context'] = {
  tenant_name: 'Acme Health',
  organization_name: 'Acme Group',
  frameworks: ['NIST 800-53 rev 5', 'HIPAA'],
  other_tenants: ['Globex Retail'],
};

const NIST = 'NIST 800-53 rev 5';
const HIPAA = 'HIPAA';

const EVIDENCE_LINKS: Record<string, string[]> = {
  'Access Control Policy': ['3.1', '3.2'],
  'Information Security Policy': ['1.1', '4.1'],
  'Backup Procedure': ['13.3', '13.1'],
  'Incident Response Plan': ['10.2'],
  '2024 Penetration Test Report': [],
};

function requirement(id: string, priority: RequirementRef['priority'], status: string, domain_name: string, text: string, owner_name: string | null, nist: string[], hipaa: string[] = []): RequirementRef {
  const control_ids: Record<string, string[]> = { [NIST]: nist, ...(hipaa.length ? { [HIPAA]: hipaa } : {}) };
  const evidence_count = Object.values(EVIDENCE_LINKS).filter((ids) => ids.includes(id)).length;
  return { id, text, priority, status, domain_name, frameworks: Object.keys(control_ids), evidence_count, owner_name, control_ids };
}

/** The open gaps, already ranked by priority and status (as the domain ranks them). */
export const FIXTURE_GAPS: RequirementRef[] = [
  requirement('3.4', 'High', 'Not Started', 'Identity & Access Management', 'Enforce multi-factor authentication for all remote and privileged access.', null, ['IA-2(1)', 'IA-2(2)'], ['164.312(d)']),
  requirement('4.2', 'High', 'Not Started', 'Data Protection & Privacy', 'Encrypt sensitive data at rest using strong, managed encryption keys.', 'Dana Lee', ['SC-28', 'SC-28(1)'], ['164.312(a)(2)(iv)']),
  requirement('13.1', 'High', 'Not Started', 'Business Continuity & Disaster Recovery', 'Back up critical systems and data regularly and protect the backups from alteration.', null, ['CP-9'], ['164.308(a)(7)(ii)(A)']),
  requirement('10.2', 'High', 'In Progress', 'Incident Response & Recovery', 'Maintain and test an incident response plan with defined roles and notification steps.', 'Sam Patel', ['IR-8', 'IR-3'], ['164.308(a)(6)']),
  requirement('3.1', 'High', 'In Progress', 'Identity & Access Management', 'Review user access rights at least quarterly and remove access that is no longer needed.', 'Dana Lee', ['AC-2(3)', 'AC-6(7)']),
  requirement('4.5', 'Medium', 'Not Started', 'Data Protection & Privacy', 'Encrypt data in transit over public networks with TLS 1.2 or higher.', null, ['SC-8(1)'], ['164.312(e)(1)']),
  requirement('9.3', 'Medium', 'Not Started', 'Security Monitoring & Logging', 'Centralise security logs and retain them for at least one year.', 'Sam Patel', ['AU-6', 'AU-11']),
  requirement('15.2', 'Medium', 'Not Started', 'Physical Security', 'Control physical access to data centres and server rooms.', null, ['PE-3']),
  requirement('13.3', 'Medium', 'In Progress', 'Business Continuity & Disaster Recovery', 'Test restoring data from backups at least annually.', 'Dana Lee', ['CP-4', 'CP-9(1)']),
  requirement('9.1', 'Low', 'In Progress', 'Security Monitoring & Logging', 'Review audit logs for anomalies every week.', null, ['AU-6(1)']),
];

const COMPLIANT: RequirementRef[] = [
  requirement('1.1', 'High', 'Compliant', 'Governance & Risk Management', 'Maintain an information security policy approved by management.', 'Alex Kim', ['PL-1', 'PM-1'], ['164.316(a)']),
  requirement('3.2', 'Medium', 'Compliant', 'Identity & Access Management', 'Assign unique user IDs and disable shared accounts.', 'Dana Lee', ['IA-2', 'AC-2'], ['164.312(a)(2)(i)']),
  requirement('4.1', 'Medium', 'Compliant', 'Data Protection & Privacy', 'Classify data by sensitivity and label it accordingly.', 'Alex Kim', ['RA-2']),
];

const DOMAIN_NUMBERS: Record<string, number> = {
  'Governance & Risk Management': 1,
  'Identity & Access Management': 3,
  'Data Protection & Privacy': 4,
  'Security Monitoring & Logging': 9,
  'Incident Response & Recovery': 10,
  'Business Continuity & Disaster Recovery': 13,
  'Physical Security': 15,
};

export const FIXTURE_SUMMARY: ComplianceSummary = {
  tenant_name: 'Acme Health',
  organization_name: 'Acme Group',
  frameworks: [NIST, HIPAA],
  compliance_rate: 41.7,
  total_requirements: 120,
  compliant: 45,
  in_progress: 25,
  not_started: 38,
  not_applicable: 12,
  total_evidence: 5,
  total_contracts: 1,
};

export const FIXTURE_FRAMEWORKS: FrameworkBreakdownRow[] = [
  { framework: NIST, total: 110, compliant: 40, in_progress: 22, not_started: 36, compliance_rate: 40.8 },
  { framework: HIPAA, total: 48, compliant: 22, in_progress: 9, not_started: 12, compliance_rate: 51.2 },
];

const domainRow = (domain_number: number, domain_name: string, total: number, compliant: number, in_progress: number, not_started: number, compliance_rate: number): DomainBreakdownRow => ({
  domain_number,
  domain_name,
  total,
  compliant,
  in_progress,
  not_started,
  compliance_rate,
});

export const FIXTURE_DOMAINS: DomainBreakdownRow[] = [
  domainRow(1, 'Governance & Risk Management', 10, 8, 1, 0, 88.9),
  domainRow(3, 'Identity & Access Management', 18, 6, 5, 6, 35.3),
  domainRow(4, 'Data Protection & Privacy', 14, 5, 4, 4, 38.5),
  domainRow(9, 'Security Monitoring & Logging', 12, 5, 3, 3, 45.5),
  domainRow(10, 'Incident Response & Recovery', 10, 3, 2, 5, 30),
  domainRow(12, 'Security Awareness & Training', 6, 6, 0, 0, 100),
  domainRow(13, 'Business Continuity & Disaster Recovery', 8, 1, 2, 5, 12.5),
  domainRow(14, 'Compliance & Audit', 0, 0, 0, 0, 0),
  domainRow(15, 'Physical Security', 6, 0, 0, 2, 0),
];

export const FIXTURE_EVIDENCE: EvidenceSummary = {
  total: 5,
  by_type: [
    { document_type: 'Policy', count: 2 },
    { document_type: 'Procedure', count: 2 },
    { document_type: 'Penetration Test', count: 1 },
  ],
  documents: [
    { name: 'Access Control Policy', document_type: 'Policy', upload_date: '2025-01-10T09:00:00.000Z', requirement_count: 2, status: 'completed' },
    { name: 'Information Security Policy', document_type: 'Policy', upload_date: '2025-01-12T09:00:00.000Z', requirement_count: 2, status: 'completed' },
    { name: 'Backup Procedure', document_type: 'Procedure', upload_date: '2025-02-03T09:00:00.000Z', requirement_count: 2, status: 'completed' },
    { name: 'Incident Response Plan', document_type: 'Procedure', upload_date: '2025-02-20T09:00:00.000Z', requirement_count: 1, status: 'completed' },
    { name: '2024 Penetration Test Report', document_type: 'Penetration Test', upload_date: '2025-03-01T09:00:00.000Z', requirement_count: 0, status: 'completed' },
  ],
};

export const FIXTURE_CONTRACTS: ContractObligations = {
  contracts: [{ name: 'Northwind MSA.pdf', obligation_count: 3, uncovered_count: 2, provider_name: 'Acme Health Inc.', customer_name: 'Northwind Traders' }],
  obligations: [
    { contract: 'Northwind MSA.pdf', clause: '7.1', text: 'The Supplier shall encrypt all Customer Data at rest.', requirement_id: '4.2', covered: false },
    { contract: 'Northwind MSA.pdf', clause: '7.2', text: 'The Supplier shall notify the Customer of any security incident within 24 hours.', requirement_id: '10.2', covered: true },
    { contract: 'Northwind MSA.pdf', clause: '7.4', text: 'The Supplier shall back up Customer Data every day.', requirement_id: 'C-1', covered: false },
  ],
};

export const FIXTURE_OWNERS: OwnersAndStatuses = {
  owners: [
    { owner_name: 'Dana Lee', total: 30, compliant: 12, in_progress: 10, not_started: 8, compliance_rate: 42.9 },
    { owner_name: 'Sam Patel', total: 25, compliant: 10, in_progress: 6, not_started: 9, compliance_rate: 40 },
    { owner_name: 'Alex Kim', total: 20, compliant: 18, in_progress: 1, not_started: 0, compliance_rate: 94.7 },
  ],
  unassigned: { total: 45, compliant: 5, in_progress: 8, not_started: 21, compliance_rate: 14.7 },
};

export const FIXTURE_VOCABULARY: Vocabulary = {
  contracts: [{ name: 'Northwind MSA.pdf', provider_name: 'Acme Health Inc.', customer_name: 'Northwind Traders' }],
  evidence: FIXTURE_EVIDENCE.documents.map((d) => ({ name: d.name, document_type: d.document_type })),
  owners: ['Alex Kim', 'Dana Lee', 'Sam Patel'],
  me: 'Dana Lee',
  requirement_ids: [...FIXTURE_GAPS, ...COMPLIANT].map((r) => r.id),
};

const FIXTURE_PASSAGES: Passage[] = [
  { document: 'Backup Procedure', kind: 'evidence', text: 'The last disaster recovery test was held on 12 March 2025; systems were restored in 3 hours against an RTO of 4 hours.', score: 4.2 },
];

const GAP_TOTALS: Record<string, { total_requirements: number; total_gaps: number }> = {
  [NIST]: { total_requirements: 110, total_gaps: 58 },
  [HIPAA]: { total_requirements: 48, total_gaps: 21 },
};

export type ToolCall = { name: ToolName; args: unknown; result?: unknown };

export type FixtureToolset = { tools: AssistantToolset; calls: ToolCall[] };

/** The fixture's today, for the daily trend. */
const FIXTURE_TODAY = '2026-06-30T12:00:00Z';

/** The fixture tenant's tools; `empty` gives a tenant with requirements but no evidence and no contracts. */
export function createFixtureToolset(options: { empty?: boolean } = {}): FixtureToolset {
  const calls: ToolCall[] = [];
  const all = [...FIXTURE_GAPS, ...COMPLIANT];
  const record = <T>(name: ToolName, args: unknown, value: T): Promise<T> => {
    calls.push({ name, args, result: value });
    return Promise.resolve(structuredClone(value));
  };
  const empty = options.empty === true;
  const refs = (list: RequirementRef[]) => (empty ? list.map((r) => ({ ...r, evidence_count: 0 })) : list);
  const tools: AssistantToolset = {
    get_compliance_summary: (args) => record('get_compliance_summary', args, empty ? { ...FIXTURE_SUMMARY, total_evidence: 0, total_contracts: 0 } : FIXTURE_SUMMARY),
    get_domain_breakdown: (args) => record('get_domain_breakdown', args, FIXTURE_DOMAINS),
    get_framework_breakdown: (args) => record('get_framework_breakdown', args, FIXTURE_FRAMEWORKS),
    list_framework_gaps: (args) => {
      const canonical = canonicalFramework(args.framework);
      const totals = canonical ? GAP_TOTALS[canonical] : undefined;
      if (!canonical || !totals) return record('list_framework_gaps', args, { framework: canonical, assigned: false, total_requirements: 0, total_gaps: 0, gaps: [] });
      const gaps = refs(FIXTURE_GAPS.filter((r) => r.control_ids[canonical])).slice(0, args.limit ?? 10);
      return record('list_framework_gaps', args, { framework: canonical, assigned: true, ...totals, gaps });
    },
    list_top_priority_requirements: (args) => record('list_top_priority_requirements', args, refs(FIXTURE_GAPS).slice(0, args.limit ?? 10)),
    search_requirements: (args) => {
      const words = (args.query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const canonical = args.framework ? canonicalFramework(args.framework) : null;
      const found = refs(all).filter(
          (r) =>
            words.every((w) => `${r.id} ${r.text} ${r.domain_name}`.toLowerCase().includes(w)) &&
            (!args.status?.length || (args.status as string[]).includes(r.status)) &&
            (!args.owner || (args.owner === 'unassigned' ? r.owner_name === null : args.owner === 'me' ? r.owner_name === FIXTURE_VOCABULARY.me : r.owner_name === args.owner)) &&
            (!args.ids?.length || args.ids.includes(r.id)) &&
            (!args.domain_number || DOMAIN_NUMBERS[r.domain_name] === args.domain_number) &&
            (!canonical || r.frameworks.includes(canonical)) &&
            (args.has_evidence === undefined || r.evidence_count > 0 === args.has_evidence) &&
            (!args.control || Object.values(r.control_ids).some((list) => list.some((ref) => referenceMatches(ref, args.control!)))) &&
            (args.overdue === undefined || !!r.overdue === args.overdue) &&
            (!args.due_after || (!!r.due_date && r.due_date >= args.due_after)) &&
            (!args.due_before || (!!r.due_date && r.due_date <= args.due_before)),
        );
      return record('search_requirements', args, { total: found.length, requirements: found.slice(0, args.limit ?? 10) });
    },
    list_evidence: (args) => record('list_evidence', args, empty ? { total: 0, by_type: [], documents: [] } : FIXTURE_EVIDENCE),
    get_evidence_coverage: (args) => {
      const wanted = args.name.toLowerCase();
      const name = empty ? undefined : Object.keys(EVIDENCE_LINKS).find((n) => n.toLowerCase().includes(wanted));
      const document = FIXTURE_EVIDENCE.documents.find((d) => d.name === name);
      const coverage = name && document ? { name, document_type: document.document_type, requirements: all.filter((r) => EVIDENCE_LINKS[name]?.includes(r.id)) } : null;
      return record('get_evidence_coverage', args, coverage);
    },
    list_contract_obligations: (args) => {
      const data = empty ? { contracts: [], obligations: [] } : FIXTURE_CONTRACTS;
      return record('list_contract_obligations', args, args.uncovered_only ? { ...data, obligations: data.obligations.filter((o) => !o.covered) } : data);
    },
    list_owners_and_statuses: (args) => record('list_owners_and_statuses', args, FIXTURE_OWNERS),
    get_requirement: (args) => {
      const requirement = refs(all).find((r) => r.id === args.id);
      const evidence = Object.entries(EVIDENCE_LINKS)
        .filter(([, ids]) => !empty && ids.includes(args.id))
        .map(([name]) => ({ name, document_type: FIXTURE_EVIDENCE.documents.find((d) => d.name === name)?.document_type ?? 'Other', confidence: 0.8, excerpt: `${name} section 2.` }));
      return record('get_requirement', args, requirement ? { requirement, suggested_response: null, evidence, obligations: [] } : null);
    },
    search_evidence: (args) => {
      const documents = (empty ? [] : FIXTURE_EVIDENCE.documents)
        .map((d) => ({ name: d.name, document_type: d.document_type, upload_date: d.upload_date, requirement_ids: EVIDENCE_LINKS[d.name] ?? [], domains: [] as string[] }))
        .filter((d) => (!args.document_type || d.document_type === args.document_type) && (!args.name || d.name.toLowerCase().includes(args.name.toLowerCase())) && (!args.requirement_id || d.requirement_ids.includes(args.requirement_id)));
      return record('search_evidence', args, { total: documents.length, documents });
    },
    search_passages: (args) => {
      const words = args.query.toLowerCase().split(/\s+/);
      const passages = empty ? [] : FIXTURE_PASSAGES.filter((p) => words.some((w) => w.length > 2 && p.text.toLowerCase().includes(w)));
      return record('search_passages', args, { passages });
    },
    list_activity: (args) => record('list_activity', args, { since: args.since, until: args.until ?? args.since, total: 0, by_action: [], entries: [] }),
    get_compliance_trend: (args) => {
      const days = args.days ?? 30;
      const today = new Date(FIXTURE_TODAY);
      const points = Array.from({ length: days }, (_, i) => {
        const compliant = 40 + Math.floor((i * 5) / Math.max(days - 1, 1));
        const date = new Date(today.getTime() - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10);
        return { date, compliance_rate: Math.round((compliant / 115) * 1000) / 10, compliant, in_progress: 25, not_started: 50 - (compliant - 40), not_applicable: 5 };
      });
      const first = points[0] ?? null;
      const last = points[points.length - 1] ?? null;
      return record('get_compliance_trend', args, { days, points, first, last, change: first && last ? Math.round((last.compliance_rate - first.compliance_rate) * 10) / 10 : null });
    },
    compare_tenants: (args) =>
      record('compare_tenants', args, {
        tenants: [
          { name: 'Acme Health', current: true, total: 120, compliant: 45, in_progress: 25, not_started: 38, compliance_rate: 41.7, evidence: 5, contracts: 1 },
          { name: 'Globex Retail', current: false, total: 80, compliant: 20, in_progress: 10, not_started: 50, compliance_rate: 25, evidence: 2, contracts: 0 },
        ],
      }),
    draft_response: (args) => record('draft_response', args, { requirement_id: args.requirement_id, text: null, problem: 'Upload evidence that supports this requirement first' }),
    get_vocabulary: (args) => record('get_vocabulary', args, empty ? { ...FIXTURE_VOCABULARY, contracts: [], evidence: [] } : FIXTURE_VOCABULARY),
  };
  return { tools, calls };
}

/**
 * A toolset whose every tool throws: proves a refusal reads no data. With `vocabulary`, the tenant's own
 * names may be read (a name in the question is checked against them before it is refused).
 */
export function createForbiddenToolset(options: { vocabulary?: boolean } = {}): FixtureToolset {
  const calls: ToolCall[] = [];
  const handler: ProxyHandler<AssistantToolset> = {
    get: (_target, name) => (args: unknown) => {
      calls.push({ name: name as ToolName, args });
      if (options.vocabulary && name === 'get_vocabulary') return Promise.resolve(structuredClone(FIXTURE_VOCABULARY));
      return Promise.reject(new Error(`tool ${String(name)} must not be called`));
    },
  };
  return { tools: new Proxy({} as AssistantToolset, handler), calls };
}

export function conversation(...questions: string[]): ChatTurn[] {
  return questions.flatMap((content, index) => (index < questions.length - 1 ? [{ role: 'user' as const, content }, { role: 'assistant' as const, content: 'OK.' }] : [{ role: 'user' as const, content }]));
}
