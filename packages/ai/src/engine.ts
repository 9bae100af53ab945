import { z } from 'zod';
import type { AssistantToolset } from './assistant/tools';
import type { DocumentType } from './document-types';
import { DEFAULT_OPENAI_MODEL, LOCAL_MODEL } from './model-names';

export const AI_PROVIDERS = ['local', 'openai'] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];

/** Reports progress: a stage name as the spec's status texts ('Analyzing with AI batch 2/5') and 0–100. */
export type AiProgress = (stage: string, percent: number) => void;

/** Every operation runs under the job's deadline: abort the signal and the call rejects promptly. */
export type AiCallOptions = { signal: AbortSignal; onProgress?: AiProgress };

/** Recorded on every result, so the audit trail names what produced it. */
export type AiProvenance = { provider: AiProvider; model: string };

/** One AI operation: input and call options in, a result that carries its provenance out. */
export type AiOperation<Input, Output> = (input: Input, options: AiCallOptions) => Promise<Output & AiProvenance>;

/** A requirement offered for matching: a catalog requirement (key) or a tenant requirement (its id as key). */
export type RequirementCandidate = {
  key: string;
  text: string;
  keywords?: readonly string[];
  domain_number: number;
};

export type ExtractObligationsInput = { text: string; requirements: readonly RequirementCandidate[] };

/** Whose duty an obligation is: the side providing the service, the side receiving it, or both. */
export type ObligationParty = 'provider' | 'customer' | 'both';

export type Obligation = {
  /** The clause reference as numbered in the document ('7.2', '7.2(b)', 'II.2.1', 'SR-04'), or null. */
  clause: string | null;
  /** The source text with its whitespace (wrapped lines, page breaks) reduced to single spaces. */
  text: string;
  /** Its span in the input: `input.slice(start, end)` is the text as written, with page furniture where a page broke. */
  start: number;
  end: number;
  party: ObligationParty;
  domain_number: number;
  confidence: number;
  /** The best requirement and its calibrated score in [0, 1]; key null when nothing matches well enough. */
  match: { requirement_key: string | null; score: number };
};

/** The contract's two sides as its preamble names them (legal name, else short name), or null. */
export type ContractParties = { provider: string | null; customer: string | null };

export type ExtractObligationsOutput = { obligations: Obligation[]; parties: ContractParties };

export type AnalyzeEvidenceInput = { text: string; fileName: string; requirements: readonly RequirementCandidate[] };

export type EvidenceLink = {
  requirement_key: string;
  confidence: number;
  /** The exact passage of the document that supports the requirement. */
  excerpt: string;
};

export type AnalyzeEvidenceOutput = { suggested_document_type: DocumentType; links: EvidenceLink[] };

export type SuggestResponseInput = {
  requirement: { key?: string; text: string; domain_number?: number };
  /**
   * The linked evidence, best link first: its display name, the excerpt the link rests on and, when
   * known, the whole passage around it and the section it sits in.
   */
  evidence: ReadonlyArray<{ name: string; excerpt: string; passage?: string; section?: string }>;
};

export type SuggestResponseOutput = { text: string };

/** A requirement a policy must cover: one 'shall' statement each. `id` is the display id ('3.4'). */
export type PolicyRequirement = {
  id: string;
  key: string | null;
  text: string;
  domain_number: number;
  domain_name: string;
  priority: 'High' | 'Medium' | 'Low';
  source_type: 'framework' | 'contract';
  status: string;
  /** Control ids of the selected frameworks only. */
  control_ids: Record<string, string[]>;
  contract_names: string[];
};

export type PolicyObligation = { contract: string; clause: string | null; text: string; requirement_id: string | null };

export type GeneratePolicyInput = {
  template: {
    name: string;
    description: string;
    purpose: string;
    scope: string;
    roles: ReadonlyArray<{ role: string; responsibility: string }>;
    domains: readonly number[];
  };
  organization_name: string;
  tenant_name: string;
  /** Canonical names of the frameworks the policy is written for. */
  frameworks: string[];
  requirements: PolicyRequirement[];
  /** Customer contract obligations in the policy's domains; empty when contracts are not included. */
  obligations: PolicyObligation[];
  /** YYYY-MM-DD */
  effective_date: string;
};

export type GeneratePolicyOutput = { content: string };

export type ChatTurn = { role: 'user' | 'assistant'; content: string };

export type ChatRequest = {
  messages: ChatTurn[];
  /** The current tenant and organization, and the names of the other tenants the user may switch to. */
  context: { tenant_name: string; organization_name: string; frameworks: string[]; other_tenants: string[] };
  tools: AssistantToolset;
};

/** Chat streams: `onDelta` receives the answer piece by piece as it is written. */
export type ChatCallOptions = AiCallOptions & { onDelta?: (text: string) => void };

/** The answer and where its facts came from (tool names with the ids or names they returned). */
export type ChatAnswer = { text: string; sources: string[] };

/**
 * The AI engine: one interface, two providers. Every operation has the same call shape
 * (input, { signal, onProgress }) and returns its provenance.
 */
export interface AiEngine {
  readonly provider: AiProvider;
  readonly model: string;
  extractObligations: AiOperation<ExtractObligationsInput, ExtractObligationsOutput>;
  analyzeEvidence: AiOperation<AnalyzeEvidenceInput, AnalyzeEvidenceOutput>;
  suggestResponse: AiOperation<SuggestResponseInput, SuggestResponseOutput>;
  generatePolicy: AiOperation<GeneratePolicyInput, GeneratePolicyOutput>;
  chat: (input: ChatRequest, options: ChatCallOptions) => Promise<ChatAnswer & AiProvenance>;
}

/** Engine configuration. Apps read it from their environment (AI_PROVIDER, OPENAI_BASE_URL, …); this package never reads env. */
export const aiEngineConfigSchema = z.object({
  provider: z.enum(AI_PROVIDERS).default('local'),
  baseUrl: z.string().url().optional(),
  apiKey: z.string().optional(),
  model: z.string().min(1).optional(),
  /** Requirements per request for the openai provider. */
  batchSize: z.number().int().min(1).max(200).default(25),
  /** Parallel requests for the openai provider. */
  concurrency: z.number().int().min(1).max(32).default(4),
  /** Retries of a request on 429, 5xx or a dropped connection, within the call's deadline. */
  maxRetries: z.number().int().min(0).max(10).default(3),
});

export type AiEngineConfig = z.input<typeof aiEngineConfigSchema>;
export type ResolvedAiEngineConfig = z.output<typeof aiEngineConfigSchema>;

/** An engine whose provider loads on first use; `warmUp` loads it now. */
export type LazyAiEngine = AiEngine & { warmUp(): Promise<void> };

/** Picks the provider from configuration: `local` (the default, offline) or `openai` (any compatible endpoint). */
export function createAiEngine(config: AiEngineConfig = {}): LazyAiEngine {
  const resolved = aiEngineConfigSchema.parse(config);
  // The provider's code (language models, the OpenAI client) loads on the first call, not at start-up:
  // a server that answers HTTP without analysing anything never pays for it.
  let loaded: Promise<AiEngine> | undefined;
  const engine = () =>
    (loaded ??=
      resolved.provider === 'openai'
        ? import('./openai/openai-engine').then((m) => m.createOpenAiEngine(resolved))
        : import('./local/local-engine').then((m) => m.createLocalEngine()));
  return {
    provider: resolved.provider,
    model: resolved.provider === 'openai' ? (resolved.model ?? DEFAULT_OPENAI_MODEL) : LOCAL_MODEL,
    extractObligations: async (input, options) => (await engine()).extractObligations(input, options),
    analyzeEvidence: async (input, options) => (await engine()).analyzeEvidence(input, options),
    suggestResponse: async (input, options) => (await engine()).suggestResponse(input, options),
    generatePolicy: async (input, options) => (await engine()).generatePolicy(input, options),
    chat: async (input, options) => (await engine()).chat(input, options),
    warmUp: async () => void (await engine()),
  };
}
