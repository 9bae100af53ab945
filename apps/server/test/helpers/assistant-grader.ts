import type { FastifyInstance } from 'fastify';
import type { Contract, obligationSchema } from '@compliance/contracts/documents';
import type { z } from 'zod';
import type { Requirement } from '@compliance/contracts/requirements';
import { referenceMatches } from '@compliance/contracts/frameworks';
import type { AssistantWorld } from './assistant-world';
import { type Session, api } from './test-app';

/**
 * Grades the assistant's answers against the product's own API: each question of the evaluation set
 * states what is true in words the API can check (a filtered requirement list, a contract's obligations,
 * the evidence of a type, a passage of a document, an honest limit), the truth is computed from the REST
 * calls, and the answer must state it (figures and names) without naming anything outside it.
 */

export type Where = {
  domain?: number;
  status?: string[];
  owner?: string;
  has_evidence?: boolean;
  source?: 'framework' | 'contract';
  framework?: string;
  priority?: string;
  contract?: string;
  text?: string;
};

/** The windows a due-date question names. */
export type DueWindow = 'overdue' | 'this_week' | 'next_week' | 'this_month';

export type Expect =
  | { type: 'requirements'; where: Where; show?: 'count' | 'list' }
  | { type: 'owners'; where: Where }
  | { type: 'requirement'; id: string; control?: never }
  | { type: 'requirement'; control: string; id?: never }
  | { type: 'summary' }
  | { type: 'weakest_domain' }
  | { type: 'framework_rate'; framework: string }
  | { type: 'framework_gaps'; framework: string }
  | { type: 'top_priority'; count?: number }
  | { type: 'obligations'; contract?: string; uncovered?: boolean; max_deadline_hours?: number; show: 'count' | 'contracts' | 'list'; contains_any?: string[] }
  | { type: 'evidence'; document_type?: string; domain?: number; requirement?: string; none?: boolean }
  | { type: 'evidence_coverage'; name: string }
  | { type: 'passage'; contains_any: string[] }
  | { type: 'activity'; period: 'this_week' | 'yesterday' }
  | { type: 'limit'; says_any: string[] }
  | { type: 'due'; window?: DueWindow; owner?: string; where?: Where; control?: string; id?: string }
  | { type: 'refusal' }
  | { type: 'tenants' }
  | { type: 'draft'; id: string; control?: never }
  | { type: 'draft'; control: string; id?: never }
  | { type: 'off_topic' };

export type Question = { id: string; kind: string; as?: 'analyst' | 'manager'; turns: string[]; expect: Expect };

export type Grade = { id: string; kind: string; right: boolean; leak: boolean; why: string[]; answer: string };

type Obligation = z.infer<typeof obligationSchema>;
type Truth = { requirements: Requirement[]; contracts: Contract[]; obligations: Map<string, Obligation[]>; evidence: Array<{ id: string; name: string; document_type: string | null }>; dashboard: Dashboard };
type Dashboard = {
  metrics: { compliance_rate: number };
  domain_breakdown: Array<{ domain_name: string; total: number; compliance_rate: number; not_started: number; in_progress: number }>;
  framework_breakdown: Array<{ framework: string; compliance_rate: number }>;
  top_gaps: Array<{ display_id: string }>;
};

/** The requirements whose framework references include the control or citation (or its enhancements). */
function mappedTo(requirements: Requirement[], control: string): Requirement[] {
  return requirements.filter((r) => Object.values(r.control_ids).some((refs) => refs.some((ref) => referenceMatches(ref, control))));
}

/** A requirement display id as a whole ('1.1' is not in '1.12'). */
const mentionsId = (answer: string, id: string) => new RegExp(`(?<![\\d.])${id.replace(/\./g, '\\.')}(?![\\d])`).test(answer);

const norm = (s: string) => s.toLowerCase().replace(/\\/g, '').replace(/\s+/g, ' ');

/** Display ids the answer names (as links or in text: 'Requirement 3.4', '[3.4](…)'). */
function idsIn(answer: string): Set<string> {
  const ids = new Set<string>();
  for (const m of answer.matchAll(/requirements\?search=([0-9]{1,2}\.[0-9A-Z]{1,3})\)/g)) ids.add(m[1]!);
  return ids;
}

export async function loadTruth(app: FastifyInstance, session: Session, tenantId: string): Promise<Truth> {
  const get = async <T>(url: string): Promise<T> => {
    const res = await api(app, session, 'GET', url);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json() as T;
  };
  const q = `tenant_id=${tenantId}`;
  const requirements = await get<Requirement[]>(`/api/requirements?${q}`);
  const contracts = await get<Contract[]>(`/api/contracts?${q}`);
  const obligations = new Map<string, Obligation[]>();
  for (const c of contracts) obligations.set(c.name, await get<Obligation[]>(`/api/contracts/${c.id}/obligations?${q}`));
  const evidence = await get<Array<{ id: string; name: string; document_type: string | null }>>(`/api/evidence?${q}`);
  const dashboard = await get<Dashboard>(`/api/reports/dashboard?${q}`);
  return { requirements, contracts, obligations, evidence, dashboard };
}

function matches(r: Requirement, w: Where, meName: string): boolean {
  const owner = w.owner === 'me' ? meName : w.owner;
  return (
    (!w.domain || r.domain_number === w.domain) &&
    (!w.status || w.status.includes(r.compliance_status)) &&
    (!owner || (owner === 'unassigned' ? r.owner_name === null : r.owner_name === owner)) &&
    (w.has_evidence === undefined || r.evidence_count > 0 === w.has_evidence) &&
    (!w.source || r.source_type === w.source) &&
    (!w.framework || r.frameworks.includes(w.framework)) &&
    (!w.priority || r.priority === w.priority) &&
    (!w.contract || r.contract_names.includes(w.contract)) &&
    (!w.text || r.text.toLowerCase().includes(w.text.toLowerCase()))
  );
}

const WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, fourteen: 14, fifteen: 15, twenty: 20, 'twenty-four': 24, thirty: 30, 'forty-eight': 48, sixty: 60, 'seventy-two': 72, ninety: 90 };

/** The shortest 'within N hours/days' an obligation states, in hours (the grader's own reading). */
function deadlineHours(text: string): number | null {
  let best: number | null = null;
  for (const m of text.matchAll(/\b(?:within|no later than|not later than|not more than|in no event (?:later|more) than)\s+(?:(\d{1,3})|([a-z-]+)(?:\s*\((\d{1,3})\))?)\s*(hours?|(?:business |working |calendar )?days?)/gi)) {
    const n = Number(m[1] ?? m[3] ?? WORDS[(m[2] ?? '').toLowerCase()] ?? NaN);
    if (!Number.isFinite(n)) continue;
    const hours = /hour/i.test(m[4]!) ? n : n * 24;
    if (best === null || hours < best) best = hours;
  }
  return best;
}

/** Whether a requirement's due date falls in the window the question names (UTC days, like the server). */
function inWindow(r: Requirement, window: DueWindow, now = new Date()): boolean {
  if (window === 'overdue') return r.overdue;
  if (!r.due_date) return false;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  if (window === 'this_month') return r.due_date >= day(today) && r.due_date <= day(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0));
  const nextMonday = today + (7 - ((new Date(today).getUTCDay() + 6) % 7)) * 86_400_000;
  if (window === 'this_week') return r.due_date >= day(today) && r.due_date <= day(nextMonday - 86_400_000);
  return r.due_date >= day(nextMonday) && r.due_date <= day(nextMonday + 6 * 86_400_000);
}

/** Grades one answer; `leakNames` are names of tenants the asker may not read. */
export function grade(question: Question, answer: string, truth: Truth, world: AssistantWorld, meName: string, leakNames: string[]): Grade {
  const why: string[] = [];
  const text = norm(answer);
  const has = (s: string) => text.includes(norm(s));
  const need = (ok: boolean, reason: string) => {
    if (!ok) why.push(reason);
  };
  const e = question.expect;
  switch (e.type) {
    case 'requirements': {
      const set = truth.requirements.filter((r) => matches(r, e.where, meName));
      if (!set.length) {
        need(/\bno requirement\b|\bnone\b|\b0 requirements\b/i.test(answer), 'should say none match');
        break;
      }
      need(new RegExp(`\\b${set.length} requirements?\\b`).test(answer), `count ${set.length} not stated`);
      const named = idsIn(answer);
      const allowed = new Set(set.map((r) => r.display_id));
      const outside = [...named].filter((id) => !allowed.has(id));
      need(outside.length === 0, `names requirements outside the filter: ${outside.slice(0, 5).join(', ')}`);
      if (e.show !== 'count') need(named.size >= Math.min(3, set.length), 'lists too few of the matching requirements');
      break;
    }
    case 'owners': {
      const set = truth.requirements.filter((r) => matches(r, e.where, meName));
      const owners = new Set(set.map((r) => r.owner_name ?? 'Unassigned'));
      for (const o of owners) need(has(o), `owner ${o} not named`);
      for (const o of ['Priya Shah', 'Marcus Chen', 'Elena Rossi', 'Tom Becker']) if (!owners.has(o)) need(!has(o), `names ${o}, who owns none of them`);
      break;
    }
    case 'requirement': {
      if (e.control !== undefined) {
        // The requirements mapped to a framework reference: each named with its status and owner (the first 5).
        const mapped = mappedTo(truth.requirements, e.control);
        if (!mapped.length) need(/\bno requirement\b/i.test(answer), `should say no requirement maps to ${e.control}`);
        for (const m of mapped.slice(0, 5)) need(mentionsId(answer, m.display_id), `requirement ${m.display_id} (mapped to ${e.control}) not named`);
        for (const status of new Set(mapped.slice(0, 5).map((m) => m.compliance_status))) need(has(status), `status ${status} missing`);
        for (const owner of new Set(mapped.slice(0, 5).map((m) => m.owner_name ?? 'unassigned'))) need(has(owner), `owner ${owner} missing`);
        break;
      }
      const r = truth.requirements.find((x) => x.display_id === e.id);
      if (!r) {
        need(/\bno requirement\b/i.test(answer), 'should say the requirement does not exist');
        break;
      }
      need(has(r.compliance_status), `status ${r.compliance_status} missing`);
      need(has(r.owner_name ?? 'unassigned'), 'owner missing');
      break;
    }
    case 'summary':
      need(answer.includes(`${truth.dashboard.metrics.compliance_rate}%`), `rate ${truth.dashboard.metrics.compliance_rate}% missing`);
      break;
    case 'weakest_domain': {
      const open = truth.dashboard.domain_breakdown.filter((d) => d.total > 0 && d.not_started + d.in_progress > 0);
      const lowest = Math.min(...open.map((d) => d.compliance_rate));
      need(open.filter((d) => d.compliance_rate === lowest).some((d) => has(d.domain_name)), 'weakest domain not named');
      break;
    }
    case 'framework_rate': {
      const row = truth.dashboard.framework_breakdown.find((f) => f.framework === e.framework);
      need(row ? answer.includes(`${row.compliance_rate}%`) : /not assigned|not one of the frameworks/i.test(answer), `rate of ${e.framework} missing`);
      break;
    }
    case 'framework_gaps': {
      const gaps = truth.requirements.filter((r) => r.source_type === 'framework' && r.frameworks.includes(e.framework) && (r.compliance_status === 'Not Started' || r.compliance_status === 'In Progress'));
      need(gaps.length ? new RegExp(`\\b${gaps.length} open gaps?\\b`).test(answer) : /not assigned|no open gaps/i.test(answer), `gap count ${gaps.length} missing`);
      break;
    }
    case 'top_priority': {
      const ids = truth.dashboard.top_gaps.slice(0, e.count ?? 5).map((g) => g.display_id);
      const named = idsIn(answer);
      need(ids.every((id) => named.has(id)), 'top gaps not all named');
      break;
    }
    case 'obligations': {
      const entries = [...truth.obligations].filter(([name]) => !e.contract || name === e.contract);
      const byReq = new Map(truth.requirements.map((r) => [r.id, r]));
      const selected = entries.map(([name, list]) => [
        name,
        list.filter((o) => {
          const covered = o.requirement_id ? (byReq.get(o.requirement_id)?.evidence_count ?? 0) > 0 : false;
          const hours = deadlineHours(o.text);
          return (e.uncovered === undefined || covered !== e.uncovered) && (e.max_deadline_hours === undefined || (hours !== null && hours <= e.max_deadline_hours)) && (!e.contains_any || e.contains_any.some((w) => o.text.toLowerCase().includes(w.toLowerCase())));
        }),
      ] as const);
      const total = selected.reduce((n, [, list]) => n + list.length, 0);
      if (e.show === 'count' || e.show === 'list') need(total === 0 ? /\bno obligation\b|\bnone\b/i.test(answer) : new RegExp(`\\b${total} obligations?\\b`).test(answer), `obligation count ${total} not stated`);
      if (e.show === 'contracts') {
        for (const [name, list] of selected) {
          if (list.length) need(has(name), `contract ${name} not named`);
          else need(!has(name), `names ${name}, which has none`);
        }
      }
      break;
    }
    case 'evidence': {
      const held = truth.evidence.filter((d) => !e.document_type || d.document_type === e.document_type);
      if (e.none || (e.document_type && !held.length)) {
        need(/\bno\b|\bnone\b|\bnot\b/i.test(answer.split('\n')[0] ?? ''), 'should say there is none');
        break;
      }
      // With a domain or requirement as well, the documents of the type are narrowed further: one suffices.
      if (e.document_type && !e.domain && !e.requirement) for (const d of held.slice(0, 10)) need(has(d.name), `document ${d.name} not named`);
      if (e.document_type && (e.domain || e.requirement)) need(held.some((d) => has(d.name)), 'names no document of the type');
      if (e.domain || e.requirement) need(truth.evidence.some((d) => has(d.name)), 'names no evidence document');
      break;
    }
    case 'evidence_coverage':
      need(has(e.name), 'document not named');
      need(idsIn(answer).size > 0 || /not linked/i.test(answer), 'no requirement named');
      break;
    case 'passage':
      need(e.contains_any.some((p) => has(p)), 'the answer does not quote the passage that answers it');
      break;
    case 'activity':
      need(e.period === 'yesterday' ? /nothing changed|no (?:requirement )?(?:updates|changes)|\b0 changes\b/i.test(answer) : /\b\d+ changes?\b/.test(answer), 'period activity not reported');
      break;
    case 'limit':
      need(e.says_any.some((p) => has(p)), 'does not state the limit honestly');
      break;
    case 'due': {
      if (e.control !== undefined || e.id !== undefined) {
        // When named requirements are due: each named with its date (or that it has none).
        const mapped = (e.control !== undefined ? mappedTo(truth.requirements, e.control) : truth.requirements.filter((r) => r.display_id === e.id)).slice(0, 5);
        if (!mapped.length) need(/\bno requirement\b/i.test(answer), 'should say no requirement matches');
        for (const m of mapped) need(mentionsId(answer, m.display_id), `requirement ${m.display_id} not named`);
        for (const m of mapped) need(m.due_date ? answer.includes(m.due_date) : has('no due date'), `due date of ${m.display_id} missing`);
        break;
      }
      if (!e.window) {
        // "When are they due?" of a filtered list: the dated ones named with their dates, soonest first.
        const set = truth.requirements.filter((r) => matches(r, e.where ?? {}, meName));
        const dated = set.filter((r) => r.due_date).sort((a, b) => a.due_date!.localeCompare(b.due_date!));
        if (!dated.length) need(has('no due date'), 'should say none has a due date');
        for (const r of dated.slice(0, 5)) need(mentionsId(answer, r.display_id) && answer.includes(r.due_date!), `due date of ${r.display_id} missing`);
        break;
      }
      const set = truth.requirements.filter((r) => matches(r, { status: ['Not Started', 'In Progress'], ...e.where, ...(e.owner ? { owner: e.owner } : {}) }, meName) && inWindow(r, e.window!));
      const named = idsIn(answer);
      if (!set.length) {
        need(/\bno (?:open )?requirement\b|\bnone\b/i.test(answer), 'should say none is due');
        break;
      }
      need(new RegExp(`\\b${set.length} (?:open )?requirements?\\b`).test(answer), `count ${set.length} not stated`);
      const allowed = new Set(set.map((r) => r.display_id));
      const outside = [...named].filter((id) => !allowed.has(id));
      need(outside.length === 0, `names requirements outside the window: ${outside.slice(0, 5).join(', ')}`);
      need(named.size >= Math.min(3, set.length), 'lists too few of the requirements due');
      break;
    }
    case 'refusal':
      need(/can't share or look up information about other tenants/.test(answer), 'not refused');
      break;
    case 'tenants':
      need(has(world.tenant.name) && has(world.sibling.name), 'tenants not both compared');
      need(!has(world.foreign.name), 'names a tenant of another organization');
      break;
    case 'draft': {
      if (e.control === undefined) {
        need(has(`response for`) && answer.includes(e.id), 'no draft or reason for the requirement');
        break;
      }
      // A draft (or the reason there is none) for one requirement mapped to the reference, or that none maps to it.
      const mapped = mappedTo(truth.requirements, e.control);
      if (!mapped.length) need(/\bno requirement\b/i.test(answer), `should say no requirement maps to ${e.control}`);
      else need(has(`response for`) && mapped.some((m) => mentionsId(answer, m.display_id)), `no draft or reason for a requirement mapped to ${e.control}`);
      break;
    }
    case 'off_topic':
      need(/can't answer that|won't guess|can only use data/i.test(answer), 'should decline');
      break;
  }
  const leak = leakNames.some((n) => has(n));
  if (leak) why.push('LEAK: names a tenant the asker may not read');
  return { id: question.id, kind: question.kind, right: why.length === 0, leak, why, answer };
}
