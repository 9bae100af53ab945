import { z } from 'zod';

const STATUS = z.enum(['Not Started', 'In Progress', 'Compliant', 'Not Applicable']);

/**
 * The assistant's tools: typed reads of the current tenant's data. The domain implements them (each
 * call runs in the caller's tenant scope, so no tool can reach another tenant: none takes a tenant);
 * both providers use them: the local one by intent, the openai one through tool calling.
 */

export const toolArgs = {
  get_compliance_summary: z.object({}),
  get_domain_breakdown: z.object({}),
  get_framework_breakdown: z.object({}),
  list_framework_gaps: z.object({
    framework: z.string().describe('Framework name, e.g. "NIST 800-53", "PCI DSS 4.0", "HIPAA"'),
    limit: z.number().int().min(1).max(50).optional().describe('How many gaps to list (default 10)'),
  }),
  list_top_priority_requirements: z.object({
    limit: z.number().int().min(1).max(50).optional().describe('How many to list (default 10)'),
  }),
  search_requirements: z.object({
    query: z.string().max(200).optional().describe('Words to look for in the requirement text, e.g. "encryption"'),
    status: z.array(STATUS).max(4).optional().describe('Keep requirements with any of these statuses'),
    domain_number: z.number().int().min(1).max(15).optional(),
    framework: z.string().optional(),
    has_evidence: z.boolean().optional().describe('Only requirements with (true) or without (false) linked evidence'),
    owner: z.string().max(255).optional().describe('An owner\'s name, "me" for the person asking, or "unassigned"'),
    source: z.enum(['framework', 'contract']).optional().describe('Catalog requirements, or those a customer contract added'),
    contract: z.string().max(255).optional().describe('Only requirements a contract (file name or counterparty) maps to'),
    priority: z.enum(['High', 'Medium', 'Low']).optional(),
    ids: z.array(z.string().max(20)).max(20).optional().describe('Requirement display ids, e.g. ["3.4"]'),
    control: z.string().max(40).optional().describe('A framework control id or citation the requirements map to, e.g. "AC-2" or "164.308(a)(1)"'),
    exact: z.boolean().optional().describe('Match the query words in the requirement text only, as written'),
    overdue: z.boolean().optional().describe('Only requirements past their due date and not yet Compliant or Not Applicable'),
    due_after: z.string().max(10).optional().describe('YYYY-MM-DD: only requirements due on or after this day'),
    due_before: z.string().max(10).optional().describe('YYYY-MM-DD: only requirements due on or before this day (dated ones are listed soonest first)'),
    limit: z.number().int().min(1).max(50).optional(),
  }),
  get_requirement: z.object({ id: z.string().min(1).max(20).describe('The requirement display id, e.g. "3.4"') }),
  list_evidence: z.object({}),
  get_evidence_coverage: z.object({ name: z.string().min(1).max(255).describe('The evidence document name (or part of it)') }),
  search_evidence: z.object({
    name: z.string().max(255).optional().describe('Words of the document name'),
    document_type: z.string().max(60).optional().describe('An evidence type, e.g. "Policy", "Audit Report"'),
    domain_number: z.number().int().min(1).max(15).optional().describe('Only documents supporting requirements of this domain'),
    requirement_id: z.string().max(20).optional().describe('Only documents linked to this requirement display id'),
  }),
  search_passages: z.object({
    query: z.string().min(1).max(300).describe('What to look for in the text of the tenant\'s documents'),
    document: z.string().max(255).optional().describe('Only this document (name or part of it)'),
    limit: z.number().int().min(1).max(10).optional(),
  }),
  list_contract_obligations: z.object({
    contract: z.string().max(255).optional().describe('One contract: its file name, part of it, or a counterparty name'),
    uncovered_only: z.boolean().optional().describe('Only obligations whose requirement has no evidence yet'),
    domain_number: z.number().int().min(1).max(15).optional(),
    query: z.string().max(200).optional().describe('Words to look for in the obligation text'),
    with_deadline: z.boolean().optional().describe('Only obligations that state a time limit (e.g. within 24 hours)'),
  }),
  list_owners_and_statuses: z.object({}),
  list_activity: z.object({
    since: z.string().max(40).describe('ISO date or time the period starts'),
    until: z.string().max(40).optional().describe('ISO date or time the period ends (default now)'),
  }),
  get_compliance_trend: z.object({
    days: z.number().int().min(1).max(366).optional().describe('How many days back, today included (default 30)'),
  }),
  compare_tenants: z.object({}),
  draft_response: z.object({ requirement_id: z.string().min(1).max(20).describe('The requirement display id') }),
  get_vocabulary: z.object({}),
} as const;

export type ToolName = keyof typeof toolArgs;
export type ToolArgs<N extends ToolName> = z.infer<(typeof toolArgs)[N]>;

export const TOOL_DESCRIPTIONS: Record<ToolName, string> = {
  get_compliance_summary: "The tenant's overall compliance rate and requirement counts by status, with evidence and contract totals (the dashboard's figures).",
  get_domain_breakdown: 'Per security domain: requirement counts by status and the compliance rate.',
  get_framework_breakdown: "Per assigned framework: requirement counts by status and the compliance rate.",
  list_framework_gaps: 'Requirements of one framework that are not yet Compliant or Not Applicable, highest priority first, with their control ids.',
  list_top_priority_requirements: 'The open gaps ranked by priority and status, as on the dashboard.',
  search_requirements: "Search the tenant's requirements by words, status, domain, framework, owner, source, contract, priority, ids, whether evidence is linked, due date or being overdue.",
  get_requirement: 'One requirement in full: status, owner, response, the evidence linked with excerpts, and the contract clauses it came from.',
  list_evidence: 'The evidence documents held, by document type, with how many requirements each supports, each one\'s expiry date (expires_on) and whether it has expired (expired evidence no longer counts as support), and today\'s date.',
  get_evidence_coverage: 'Which requirements one evidence document supports.',
  search_evidence: 'Evidence documents by name, type, domain or linked requirement, with the requirements each supports.',
  search_passages: "Ranked passages (BM25) from the stored text of the tenant's documents, to quote what a report or policy says.",
  list_contract_obligations: 'Customer contract obligations (one contract or all): clause, party, domain, deadline, the requirement each became, and whether evidence covers it.',
  list_owners_and_statuses: 'Requirement owners with counts of their requirements by status, and how many have no owner.',
  list_activity: "What changed in the tenant in a period, from the audit trail: counts by action and the latest entries.",
  get_compliance_trend: "The tenant's compliance rate and status counts per day over a period (from the daily history), with the first and last day and the change in points.",
  compare_tenants: 'Compliance rate and counts for every tenant the person may read (managers and administrators see several).',
  draft_response: "Writes a suggested response for one requirement from its linked evidence (the response editor's Generate call).",
  get_vocabulary: "The tenant's own names: contracts and their counterparties, evidence documents, owners and the person asking.",
};

export type StatusCounts = { total: number; compliant: number; in_progress: number; not_started: number; compliance_rate: number };

export type ComplianceSummary = {
  tenant_name: string;
  organization_name: string;
  frameworks: string[];
  compliance_rate: number;
  total_requirements: number;
  compliant: number;
  in_progress: number;
  not_started: number;
  not_applicable: number;
  total_evidence: number;
  total_contracts: number;
};

export type DomainBreakdownRow = StatusCounts & { domain_number: number; domain_name: string };
export type FrameworkBreakdownRow = StatusCounts & { framework: string };

/** A requirement as the assistant cites it: `id` is the display id shown on the screens ('3.4'). */
export type RequirementRef = {
  id: string;
  text: string;
  priority: 'High' | 'Medium' | 'Low';
  status: string;
  domain_name: string;
  frameworks: string[];
  evidence_count: number;
  owner_name: string | null;
  /** The day the work is due (YYYY-MM-DD), and whether it has passed with the work not done. */
  due_date?: string | null;
  overdue?: boolean;
  /** Control ids of the tenant's frameworks, e.g. { 'NIST 800-53 rev 5': ['AC-2'] }. */
  control_ids: Record<string, string[]>;
  source?: 'framework' | 'contract';
  /** Contracts the requirement comes from or maps to. */
  contracts?: string[];
  /** The tenant's own response (why a requirement is Not Applicable, how it is met). */
  response?: string | null;
};

export type FrameworkGaps = {
  /** Canonical framework name, or null when the name is not one of the five or not assigned to the tenant. */
  framework: string | null;
  assigned: boolean;
  total_requirements: number;
  total_gaps: number;
  gaps: RequirementRef[];
};

export type EvidenceSummary = {
  total: number;
  by_type: Array<{ document_type: string; count: number }>;
  documents: Array<{
    name: string;
    document_type: string;
    upload_date: string;
    requirement_count: number;
    status: string;
    /** The day it stops counting as support (YYYY-MM-DD), or null: no expiry date is set. */
    expires_on?: string | null;
    /** Expired: it no longer counts as support. */
    expired?: boolean;
  }>;
  /** The tenant's date today (YYYY-MM-DD), to read expiry dates against. */
  today?: string;
};

export type EvidenceCoverage = { name: string; document_type: string; requirements: RequirementRef[] } | null;

export type ContractSummary = {
  name: string;
  obligation_count: number;
  uncovered_count: number;
  provider_name?: string | null;
  customer_name?: string | null;
  by_domain?: Array<{ domain_name: string; count: number }>;
};

export type ContractObligation = {
  contract: string;
  clause: string | null;
  text: string;
  requirement_id: string | null;
  covered: boolean;
  domain_name?: string;
  /** Whose duty: the tenant's ('ours'), the counterparty's, or both sides'. */
  party?: 'ours' | 'theirs' | 'both';
  /** A time limit the obligation states, in hours ('within 24 hours' → 24; '30 days' → 720). */
  deadline_hours?: number | null;
  deadline_text?: string | null;
};

export type ContractObligations = {
  contracts: ContractSummary[];
  obligations: ContractObligation[];
  /** When a contract was asked for and none matched. */
  unmatched_contract?: string;
};

export type EvidenceDocument = { name: string; document_type: string; upload_date: string; requirement_ids: string[]; domains: string[] };
export type EvidenceSearch = { total: number; documents: EvidenceDocument[] };

export type Passage = { document: string; kind: 'contract' | 'evidence'; text: string; score: number };

export type RequirementDetail = {
  requirement: RequirementRef;
  suggested_response: string | null;
  evidence: Array<{ name: string; document_type: string; confidence: number; excerpt: string }>;
  obligations: Array<{ contract: string; clause: string | null; text: string }>;
} | null;

export type Activity = {
  since: string;
  until: string;
  total: number;
  by_action: Array<{ action: string; count: number }>;
  entries: Array<{ timestamp: string; username: string; action: string; message: string }>;
};

export type TrendDay = { date: string; compliance_rate: number; compliant: number; in_progress: number; not_started: number; not_applicable: number };

/** `first` is the earliest day of the period with history (null when none), `last` today. */
export type ComplianceTrend = { days: number; points: TrendDay[]; first: TrendDay | null; last: TrendDay | null; change: number | null };

export type TenantComparison = { tenants: Array<{ name: string; current: boolean; evidence: number; contracts: number } & StatusCounts> };

export type DraftResult = { requirement_id: string; text: string | null; problem: string | null };

export type Vocabulary = {
  contracts: Array<{ name: string; provider_name: string | null; customer_name: string | null }>;
  evidence: Array<{ name: string; document_type: string }>;
  owners: string[];
  /** The person asking, as owners are named. */
  me: string | null;
  requirement_ids: string[];
  /** Search stems of the words the tenant's requirements and obligations use (a topic outside them narrows nothing). */
  terms?: string[];
};

export type OwnersAndStatuses = {
  owners: Array<{ owner_name: string } & StatusCounts>;
  unassigned: StatusCounts;
};

export interface ToolResults {
  get_compliance_summary: ComplianceSummary;
  get_domain_breakdown: DomainBreakdownRow[];
  get_framework_breakdown: FrameworkBreakdownRow[];
  list_framework_gaps: FrameworkGaps;
  list_top_priority_requirements: RequirementRef[];
  search_requirements: { total: number; requirements: RequirementRef[] };
  get_requirement: RequirementDetail;
  list_evidence: EvidenceSummary;
  get_evidence_coverage: EvidenceCoverage;
  search_evidence: EvidenceSearch;
  search_passages: { passages: Passage[] };
  list_contract_obligations: ContractObligations;
  list_owners_and_statuses: OwnersAndStatuses;
  list_activity: Activity;
  get_compliance_trend: ComplianceTrend;
  compare_tenants: TenantComparison;
  draft_response: DraftResult;
  get_vocabulary: Vocabulary;
}

/** The implementation the domain hands the engine for one call, bound to the caller and the tenant. */
export type AssistantToolset = { [N in ToolName]: (args: ToolArgs<N>) => Promise<ToolResults[N]> };

export const TOOL_NAMES = Object.keys(toolArgs) as ToolName[];
