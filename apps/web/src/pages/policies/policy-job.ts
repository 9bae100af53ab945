import type { JobStateView } from '@compliance/contracts/documents';
import { type GeneratedPolicy, generatedPolicySchema } from '@compliance/contracts/policies';
import type { TrpcClient } from '../../components/tracked-upload';

export interface GenerationProgress {
  stage: string;
  percent: number;
}

interface FollowOptions {
  client: TrpcClient;
  tenantId: string;
  jobId: string;
  onProgress: (progress: GenerationProgress) => void;
  /** Aborts following (the screen went away); the promise then rejects with an AbortError. */
  signal: AbortSignal;
}

type JobUpdate = Pick<JobStateView, 'status' | 'stage' | 'percent' | 'error'> & { result?: unknown };

export const GENERATE_FAILED = 'Failed to generate policy';
const TOO_LONG = 'Policy generation is taking longer than expected. Please try again in a moment.';
/** The job's own 90-second deadline plus a margin for the last progress event to arrive. */
const FOLLOW_LIMIT_MS = 95_000;
const POLL_MS = 1_500;
const FINISHED = new Set(['completed', 'failed', 'timed_out']);

/** A generation that ended without a policy; its message is the one to show. */
export class PolicyGenerationError extends Error {}

/**
 * Follows a policy job to its end: live stage and percent from the jobs.progress subscription, polling
 * jobs.get if the live stream breaks, and a time limit over all of it. Answers the finished policy.
 */
export function followPolicyJob({ client, tenantId, jobId, onProgress, signal }: FollowOptions): Promise<GeneratedPolicy> {
  return new Promise<GeneratedPolicy>((resolve, reject) => {
    let settled = false;
    let stopStream: () => void = () => {};
    let pollTimer: ReturnType<typeof setTimeout> | undefined;

    const finish = (error: Error | null, policy?: GeneratedPolicy) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      clearTimeout(pollTimer);
      signal.removeEventListener('abort', onAbort);
      stopStream();
      if (error) reject(error);
      else resolve(policy!);
    };
    const onAbort = () => finish(new DOMException('Policy generation was abandoned', 'AbortError'));
    const deadline = setTimeout(() => finish(new PolicyGenerationError(TOO_LONG)), FOLLOW_LIMIT_MS);
    signal.addEventListener('abort', onAbort);

    const apply = (state: JobUpdate) => {
      if (settled) return;
      if (state.status === 'completed') {
        const parsed = generatedPolicySchema.safeParse(state.result);
        finish(parsed.success ? null : new PolicyGenerationError(GENERATE_FAILED), parsed.data);
      } else if (state.status === 'failed') {
        finish(new PolicyGenerationError(state.error ? `${GENERATE_FAILED}: ${state.error}` : GENERATE_FAILED));
      } else if (state.status === 'timed_out') {
        finish(new PolicyGenerationError(state.error || TOO_LONG));
      } else {
        onProgress({ stage: state.stage, percent: Math.max(0, Math.min(99, state.percent)) });
      }
    };

    const poll = () => {
      if (settled) return;
      client.jobs.get
        .query({ id: jobId, tenant_id: tenantId })
        .then((state) => {
          apply(state);
          if (!FINISHED.has(state.status)) pollTimer = setTimeout(poll, POLL_MS);
        })
        .catch(() => {
          pollTimer = setTimeout(poll, POLL_MS);
        });
    };

    if (signal.aborted) {
      onAbort();
      return;
    }
    const subscription = client.jobs.progress.subscribe(
      { id: jobId, tenant_id: tenantId },
      {
        onData: (state) => apply(state as JobUpdate),
        onError: () => {
          stopStream();
          poll();
        },
        onComplete: poll,
      },
    );
    stopStream = () => subscription.unsubscribe();
  });
}
