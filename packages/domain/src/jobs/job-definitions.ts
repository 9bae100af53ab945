import { z } from 'zod';

/** Every background job: its name and the payload it carries (ids only, never file bytes). */
export const JOB_PAYLOADS = {
  'analyze-contract': z.object({ documentId: z.uuid(), tenantId: z.uuid() }),
  'analyze-evidence': z.object({ documentId: z.uuid(), tenantId: z.uuid() }),
  'generate-policy': z.object({
    tenantId: z.uuid(),
    policyType: z.string().min(1).max(200),
    frameworks: z.array(z.string().max(100)).max(10),
    includeContracts: z.boolean(),
  }),
} as const;

export type JobName = keyof typeof JOB_PAYLOADS;
export type JobPayload<N extends JobName = JobName> = z.infer<(typeof JOB_PAYLOADS)[N]>;
export const JOB_NAMES = Object.keys(JOB_PAYLOADS) as JobName[];

/** What a job (and its document) records when its deadline passes. */
export const TIMED_OUT_MESSAGE = 'The analysis took longer than 90 seconds and was stopped.';

/** The single queue the AI jobs share (analysis and policy drafting), and its settings, each with its reason. */
export const ANALYSIS_QUEUE = {
  name: 'analysis',
  /** The spec's budget: upload and re-analysis give up after 90 s, so the job's deadline is the same. */
  deadlineMs: 90_000,
  /** A transient failure (database restart, provider 5xx) gets two more tries; a third failure is final. */
  attempts: 3,
  /** Exponential backoff from 2 s (2 s, 4 s): quick enough to finish inside the 90 s budget. */
  backoffMs: 2_000,
  /** A worker that dies mid-job stops renewing its lock; after 30 s another worker takes the job over. */
  lockDurationMs: 30_000,
  /** How often a stalled job (lock lost) is looked for. */
  stalledIntervalMs: 15_000,
} as const;

export function parseJobPayload<N extends JobName>(name: N, payload: unknown): JobPayload<N> {
  return JOB_PAYLOADS[name].parse(payload) as JobPayload<N>;
}
