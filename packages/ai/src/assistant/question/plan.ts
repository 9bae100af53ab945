import type { FrameworkMention } from '../vocabulary';

/** The typed query plan a question becomes: what is asked, about what, with every filter it states. */

export type RequirementStatus = 'Not Started' | 'In Progress' | 'Compliant' | 'Not Applicable';

export type Ask = 'count' | 'list' | 'compare' | 'explain' | 'summarise' | 'draft' | 'check';

export type Subject =
  | 'help'
  | 'unknown'
  | 'summary'
  | 'frameworks'
  | 'domains'
  | 'domain'
  | 'gaps'
  | 'top_priority'
  | 'improve'
  | 'requirements'
  | 'requirement'
  | 'owners'
  | 'contracts'
  | 'evidence'
  | 'evidence_coverage'
  | 'passages'
  | 'activity'
  | 'trend'
  | 'tenants'
  | 'draft'
  | 'due_dates'
  | 'expiry';

export type Period = { since: string; until: string; label: string };

export type Filters = {
  domain?: number;
  framework?: FrameworkMention;
  status?: RequirementStatus[];
  /** A name, 'me' or 'unassigned'. */
  owner?: string;
  has_evidence?: boolean;
  source?: 'framework' | 'contract';
  /** A contract's file name as stored. */
  contract?: string;
  /** Contracts of a kind ('our BAAs'): words their file names hold. */
  contract_genre?: string[];
  /** A contract was named but none of the tenant's matches it (the words used). */
  unknown_contract?: string;
  evidence?: string;
  evidence_type?: string;
  requirement_ids?: string[];
  /** A framework control id or citation ('AC-2', '164.308(a)(1)'): the requirements mapped to it. */
  control?: string;
  priority?: 'High' | 'Medium' | 'Low';
  /** Search words as stems ('encrypt') and as the user wrote them ('encryption'). */
  query?: string;
  topic?: string;
  /** The topic was quoted: searched as written, in the requirement text only. */
  exact?: boolean;
  period?: Period;
  /** A time limit asked about, in hours ('within 24 hours'). */
  deadline_hours?: number;
  limit?: number;
};

export type QueryPlan = {
  ask: Ask;
  subject: Subject;
  filters: Filters;
  /** Greeting for help; the framework named for frameworks/gaps. */
  greeting?: boolean;
  /** A topic word that named the area ('logging', 'MFA'), for a follow-up that adds it as a topic. */
  area_word?: string;
  /** The question reads as a follow-up of the previous one. */
  follow_up?: boolean;
  /** The question as asked, and for a fact asked of the document before, the question before it. */
  asked?: string;
  asked_before?: string;
  /** The document is the one of the question before, not named in this one. */
  kept_document?: boolean;
};
