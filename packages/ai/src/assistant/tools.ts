import { z } from 'zod';

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
    status: z.enum(['Not Started', 'In Progress', 'Compliant', 'Not Applicable']).optional(),
    domain_number: z.number().int().min(1).max(15).optional(),
    framework: z.string().optional(),
    has_evidence: z.boolean().optional().describe('Only requirements with (true) or without (false) linked evidence'),
    limit: z.number().int().min(1).max(50).optional(),
  }),
  list_evidence: z.object({}),
  get_evidence_coverage: z.object({ name: z.string().min(1).max(255).describe('The evidence document name (or part of it)') }),
  list_contract_obligations: z.object({
    uncovered_only: z.boolean().optional().describe('Only obligations whose requirement has no evidence yet'),
  }),
  list_owners_and_statuses: z.object({}),
} as const;

export type ToolName = keyof typeof toolArgs;
export type ToolArgs<N extends ToolName> = z.infer<(typeof toolArgs)[N]>;

export const TOOL_DESCRIPTIONS: Record<ToolName, string> = {
  get_compliance_summary: "The tenant's overall compliance rate and requirement counts by status, with evidence and contract totals (the dashboard's figures).",
  get_domain_breakdown: 'Per security domain: requirement counts by status and the compliance rate.',
  get_framework_breakdown: "Per assigned framework: requirement counts by status and the compliance rate.",
  list_framework_gaps: 'Requirements of one framework that are not yet Compliant or Not Applicable, highest priority first, with their control ids.',
  list_top_priority_requirements: 'The open gaps ranked by priority and status, as on the dashboard.',
  search_requirements: "Search the tenant's requirements by words, status, domain, framework or whether evidence is linked.",
  list_evidence: 'The evidence documents held, by document type, with how many requirements each supports.',
  get_evidence_coverage: 'Which requirements one evidence document supports.',
  list_contract_obligations: 'Customer contract obligations, the requirement each became, and whether evidence covers it.',
  list_owners_and_statuses: 'Requirement owners with counts of their requirements by status, and how many have no owner.',
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
  /** Control ids of the tenant's frameworks, e.g. { 'NIST 800-53 rev 5': ['AC-2'] }. */
  control_ids: Record<string, string[]>;
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
  documents: Array<{ name: string; document_type: string; upload_date: string; requirement_count: number; status: string }>;
};

export type EvidenceCoverage = { name: string; document_type: string; requirements: RequirementRef[] } | null;

export type ContractObligations = {
  contracts: Array<{ name: string; obligation_count: number; uncovered_count: number }>;
  obligations: Array<{ contract: string; clause: string | null; text: string; requirement_id: string | null; covered: boolean }>;
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
  list_evidence: EvidenceSummary;
  get_evidence_coverage: EvidenceCoverage;
  list_contract_obligations: ContractObligations;
  list_owners_and_statuses: OwnersAndStatuses;
}

/** The implementation the domain hands the engine for one call, bound to the caller and the tenant. */
export type AssistantToolset = { [N in ToolName]: (args: ToolArgs<N>) => Promise<ToolResults[N]> };

export const TOOL_NAMES = Object.keys(toolArgs) as ToolName[];
