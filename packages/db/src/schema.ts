import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Timestamps are written by the database and read back as Date. */
type CreatedAt = ColumnType<Date, never, never>;
type UpdatedAt = ColumnType<Date, never, Date>;

export type UserRole = 'Admin' | 'Editor' | 'Viewer';
export type MembershipRole = 'manager' | 'member';

export interface UsersTable {
  id: Generated<string>;
  username: string;
  email: string;
  password_hash: string;
  full_name: string | null;
  role: UserRole;
  is_product_admin: Generated<boolean>;
  is_active: Generated<boolean>;
  deleted_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface OrganizationsTable {
  id: Generated<string>;
  name: string;
  domain: string | null;
  logo_url: string | null;
  description: string | null;
  is_active: Generated<boolean>;
  require_mfa: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface TenantsTable {
  id: Generated<string>;
  organization_id: string;
  name: string;
  description: string | null;
  assigned_frameworks: string[];
  is_active: Generated<boolean>;
  /** Deactivated by its organization's deletion (restoring the organization restores it). */
  deactivated_with_organization: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface MembershipsTable {
  user_id: string;
  organization_id: string;
  role: MembershipRole;
  created_at: CreatedAt;
}

export interface TenantAccessTable {
  user_id: string;
  tenant_id: string;
  organization_id: string;
  /** The user's role in this tenant; null: the user's own role. */
  role: UserRole | null;
  created_at: CreatedAt;
}

export interface SessionsTable {
  id: Generated<string>;
  token_hash: string;
  user_id: string;
  csrf_token: string;
  persistent: boolean;
  expires_at: Date;
  current_organization_id: string | null;
  current_tenant_id: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
  last_seen_at: ColumnType<Date, never, Date>;
}

export interface LoginFailuresTable {
  id: Generated<string>;
  username: string;
  ip: string;
  created_at: CreatedAt;
}

export interface AuditLogsTable {
  id: Generated<string>;
  timestamp: CreatedAt;
  user_id: string | null;
  username: string;
  action: string;
  details: ColumnType<unknown, string, never>;
  organization_id: string | null;
  tenant_id: string | null;
  ip: string | null;
}

export type ComplianceStatus = 'Not Started' | 'In Progress' | 'Compliant' | 'Not Applicable';
export type Priority = 'High' | 'Medium' | 'Low';

export interface CatalogReleasesTable {
  version: string;
  requirement_count: number;
  loaded_at: CreatedAt;
}

export interface CatalogRequirementsTable {
  key: string;
  catalog_version: string;
  domain_number: number;
  domain_index: number;
  text: string;
  priority: Priority;
  keywords: string[];
  frameworks: string[];
  /** Control identifiers per framework name. */
  control_ids: ColumnType<Record<string, string[]>, string, string>;
  retired_at: Date | null;
  updated_at: UpdatedAt;
}

export interface TenantRequirementsTable {
  id: Generated<string>;
  tenant_id: string;
  organization_id: string;
  source_type: 'framework' | 'contract';
  catalog_key: string | null;
  text: string | null;
  domain_number: number | null;
  priority: Priority | null;
  /** Free text in the database; anything unknown reads as Not Started. */
  status: Generated<string>;
  user_response: string | null;
  suggested_response: string | null;
  suggested_by: string | null;
  owner_user_id: string | null;
  /** The day the work is due, or null: written as 'YYYY-MM-DD'; read it as text (`due_date::text`), drivers give a Date. */
  due_date: ColumnType<Date | null, string | null | undefined, string | null>;
  updated_by: string | null;
  /** The contract a contract requirement was extracted from (deleted with it). */
  document_id: string | null;
  /** The list order (domain, catalog before contract, catalog index), kept by a trigger from the catalog (migration 0015). */
  list_domain: Generated<number>;
  list_source: Generated<number>;
  list_index: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type DocumentKind = 'contract' | 'evidence';
export type DocumentStatus = 'queued' | 'processing' | 'completed' | 'failed';
export type JobStatus = 'queued' | 'running' | 'completed' | 'failed' | 'timed_out';

export interface DocumentsTable {
  id: Generated<string>;
  tenant_id: string;
  organization_id: string;
  kind: DocumentKind;
  name: string;
  filename: string;
  file_kind: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  description: string | null;
  document_type: string | null;
  suggested_document_type: string | null;
  status: Generated<DocumentStatus>;
  error: string | null;
  analysis_provider: string | null;
  analysis_model: string | null;
  analyzed_at: Date | null;
  uploaded_by: string | null;
  created_at: CreatedAt;
  /** Contracts: the two sides as the preamble names them, the side the tenant is on, the contract this one repeats. */
  provider_name: string | null;
  customer_name: string | null;
  contract_side: Generated<ContractSide>;
  duplicate_of: string | null;
  /** Evidence: the day it stops counting as support (none: it does not expire). */
  expires_on: ColumnType<string | null, string | null | undefined, string | null>;
  /** Evidence: the newer version that replaced this one (this row is then part of that version's history). */
  superseded_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** Policies saved from the generator start as drafts: they support nothing until an Admin approves them. */
  approval: Generated<DocumentApproval>;
  approved_by: string | null;
  approved_at: Date | null;
}

export type DocumentApproval = 'draft' | 'approved';
/** What an Editor decided about a link or obligation the AI proposed. */
export type ReviewState = 'suggested' | 'accepted' | 'rejected';

export type ContractSide = 'provider' | 'customer';
export type ObligationParty = 'provider' | 'customer' | 'both';

export interface DocumentFilesTable {
  document_id: string;
  tenant_id: string;
  content: Uint8Array;
}

export interface ContractObligationsTable {
  id: Generated<string>;
  tenant_id: string;
  organization_id: string;
  document_id: string;
  ordinal: number;
  clause: string | null;
  text: string;
  domain_number: number;
  confidence: number;
  tenant_requirement_id: string | null;
  party: Generated<ObligationParty>;
  review_state: Generated<ReviewState>;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  created_at: CreatedAt;
}

export interface DocumentPassagesTable {
  document_id: string;
  tenant_id: string;
  organization_id: string;
  ordinal: number;
  text: string;
  /** Generated: to_tsvector('english', text). */
  search: ColumnType<string, never, never>;
}

export interface EvidenceLinksTable {
  id: Generated<string>;
  tenant_id: string;
  organization_id: string;
  document_id: string;
  tenant_requirement_id: string;
  confidence: number;
  excerpt: string;
  review_state: Generated<ReviewState>;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  created_at: CreatedAt;
  /** The earlier version of the document this link was carried over from, when a new version was uploaded. */
  carried_from: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface JobsTable {
  id: Generated<string>;
  tenant_id: string;
  organization_id: string;
  name: string;
  payload: ColumnType<unknown, string, string>;
  status: Generated<JobStatus>;
  stage: Generated<string>;
  percent: Generated<number>;
  attempts: Generated<number>;
  /** Parses started and not finished: crashes of the parser (thread or process) on this job's file. */
  unfinished_parses: Generated<number>;
  error: string | null;
  result: ColumnType<unknown, string | null, string | null>;
  provider: string | null;
  model: string | null;
  deadline_at: Date;
  created_by: string | null;
  created_at: CreatedAt;
  started_at: Date | null;
  finished_at: Date | null;
  updated_at: UpdatedAt;
}

export interface ApiTokensTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  token_hash: string;
  /** The first characters of the token, shown in lists so a person can tell tokens apart. */
  token_prefix: string;
  /** Every token expires (90 days unless its creator chose 1–365); tokens made before that got 90 days from migration 0008. */
  expires_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
  created_at: CreatedAt;
}

export interface MfaFactorsTable {
  user_id: string;
  /** AES-256-GCM of the base32 TOTP secret; never returned after enrolment. */
  secret_encrypted: string;
  /** Null while an enrolment waits for its first code. */
  confirmed_at: Date | null;
  /** The last accepted time step: a code of that step or earlier is a replay. */
  last_used_step: ColumnType<string | number | null, number | null, number | null>;
  created_at: CreatedAt;
}

export interface MfaRecoveryCodesTable {
  id: Generated<string>;
  user_id: string;
  code_hash: string;
  used_at: Date | null;
  created_at: CreatedAt;
}

export type LoginChallengePurpose = 'mfa' | 'enroll' | 'password';

export interface LoginChallengesTable {
  id: Generated<string>;
  token_hash: string;
  user_id: string;
  purpose: LoginChallengePurpose;
  remember_me: boolean;
  /** The sign-in began with an administrator's reset code: it ends by choosing a new password. */
  password_reset: Generated<boolean>;
  expires_at: Date;
  created_at: CreatedAt;
}

export interface PasswordResetsTable {
  user_id: string;
  /** SHA-256 of the normalized one-time code; the code itself is shown once to the administrator. */
  code_hash: string;
  expires_at: Date;
  created_by: string | null;
  created_at: CreatedAt;
}

export interface TenantDailyMetricsTable {
  tenant_id: string;
  organization_id: string;
  /** A UTC calendar day, 'YYYY-MM-DD' (select it as `day::text`: drivers read a bare date differently). */
  day: string;
  total: number;
  compliant: number;
  in_progress: number;
  not_started: number;
  not_applicable: number;
  source: 'snapshot' | 'backfill';
  recorded_at: Generated<Date>;
}

/** A tenant's contract requirements counted by domain and status, kept by triggers (migration 0018). */
export interface TenantContractCountsTable {
  tenant_id: string;
  organization_id: string;
  domain_number: number;
  /** 0 Not Started, 1 In Progress, 2 Compliant, 3 Not Applicable (STATUS_BY_CODE). */
  status_code: number;
  n: number;
}

export interface Database {
  users: UsersTable;
  organizations: OrganizationsTable;
  tenants: TenantsTable;
  memberships: MembershipsTable;
  tenant_access: TenantAccessTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  audit_logs: AuditLogsTable;
  catalog_releases: CatalogReleasesTable;
  catalog_requirements: CatalogRequirementsTable;
  tenant_requirements: TenantRequirementsTable;
  documents: DocumentsTable;
  document_files: DocumentFilesTable;
  contract_obligations: ContractObligationsTable;
  evidence_links: EvidenceLinksTable;
  document_passages: DocumentPassagesTable;
  jobs: JobsTable;
  api_tokens: ApiTokensTable;
  mfa_factors: MfaFactorsTable;
  mfa_recovery_codes: MfaRecoveryCodesTable;
  login_challenges: LoginChallengesTable;
  password_resets: PasswordResetsTable;
  tenant_daily_metrics: TenantDailyMetricsTable;
  tenant_contract_counts: TenantContractCountsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type OrganizationRow = Selectable<OrganizationsTable>;
export type TenantRow = Selectable<TenantsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type AuditLogRow = Selectable<AuditLogsTable>;
