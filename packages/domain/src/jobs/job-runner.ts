import type { Kysely } from 'kysely';
import type { Database } from '@compliance/db/schema';
import { AppError } from '../errors';
import { type JobName, type JobPayload, TIMED_OUT_MESSAGE, parseJobPayload } from './job-definitions';
import {
  unsafeFinishJob,
  unsafeGetJob,
  unsafeMarkJobRunning,
  unsafeRequeueJob,
  unsafeTimeOutJobWithoutRunner,
  unsafeUpdateJobProgress,
} from './job-repo';

export interface JobContext {
  jobId: string;
  tenantId: string;
  /** Aborted when the job's deadline passes; processors pass it to every slow call. */
  signal: AbortSignal;
  /** Records the stage the browser shows ('Extracting text content', 'Analyzing with AI batch 1/3', …). */
  progress(stage: string, percent: number): Promise<void>;
}

export interface JobOutcome {
  result: unknown;
  provider?: string;
  model?: string;
}

export type JobProcessor<N extends JobName> = (payload: JobPayload<N>, context: JobContext) => Promise<JobOutcome>;
export type JobProcessors = { [N in JobName]: JobProcessor<N> };

/** A failure the user can act on (bad file, missing document): final, shown as written. */
export function isPermanent(error: unknown): boolean {
  return error instanceof AppError || (error instanceof Error && error.name === 'DocumentError');
}

function userMessage(error: unknown): string {
  if (error instanceof AppError) return error.detail;
  if (error instanceof Error && error.name === 'DocumentError') return error.message;
  return 'The analysis failed. Please try again.';
}

const PROGRESS_INTERVAL_MS = 250;

export type RunResult = 'completed' | 'failed' | 'timed_out' | 'retry' | 'skipped';

/** What an attempt came to; the apps turn it into metrics and log lines (the domain knows no metrics library). */
export interface JobFinished {
  jobId: string;
  tenantId: string;
  name: string;
  outcome: Exclude<RunResult, 'skipped'>;
  durationMs: number;
  /** The last stage the processor reported (where a failure happened). */
  stage: string;
  error?: string;
}

export interface JobObserver {
  onFinished(event: JobFinished): void;
}

/**
 * Runs one job under its deadline and records every state change in PostgreSQL, so progress is
 * visible from any server process. A transient failure is put back for another try unless this was
 * the last attempt; the processor replaces its earlier results, so a retry never duplicates them.
 */
export async function runJob(
  db: Kysely<Database>,
  processors: JobProcessors,
  jobId: string,
  isLastAttempt: boolean,
  observer?: JobObserver,
): Promise<RunResult> {
  const job = await unsafeGetJob(db, jobId);
  if (!job || job.status === 'completed' || job.status === 'failed' || job.status === 'timed_out') return 'skipped';
  const started = performance.now();
  let lastStage = 'Queued';
  const report = (outcome: JobFinished['outcome'], error?: unknown) => {
    const event: JobFinished = { jobId, tenantId: job.tenant_id, name: job.name, outcome, durationMs: performance.now() - started, stage: lastStage };
    if (error !== undefined) event.error = error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500);
    try {
      observer?.onFinished(event);
    } catch {
      // An observer (metrics, logs) must never change a job's outcome.
    }
    return outcome;
  };
  const remaining = new Date(job.deadline_at).getTime() - Date.now();
  if (remaining <= 0) {
    await unsafeTimeOutJobWithoutRunner(db, job);
    return report('timed_out');
  }
  await unsafeMarkJobRunning(db, jobId);
  lastStage = 'Processing document';
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(TIMED_OUT_MESSAGE)), remaining);
  let lastWrite = 0;
  const context: JobContext = {
    jobId,
    tenantId: job.tenant_id,
    signal: controller.signal,
    async progress(stage, percent) {
      const now = Date.now();
      if (stage === lastStage && now - lastWrite < PROGRESS_INTERVAL_MS) return;
      lastStage = stage;
      lastWrite = now;
      await unsafeUpdateJobProgress(db, jobId, stage, percent);
    },
  };
  try {
    const name = job.name as JobName;
    const processor = processors[name] as JobProcessor<typeof name>;
    const outcome = await processor(parseJobPayload(name, job.payload), context);
    if (controller.signal.aborted) throw controller.signal.reason;
    await unsafeFinishJob(db, jobId, { status: 'completed', result: outcome.result, provider: outcome.provider, model: outcome.model });
    return report('completed');
  } catch (error) {
    if (controller.signal.aborted) {
      await unsafeFinishJob(db, jobId, { status: 'timed_out', error: TIMED_OUT_MESSAGE });
      return report('timed_out', TIMED_OUT_MESSAGE);
    }
    if (!isPermanent(error) && !isLastAttempt) {
      await unsafeRequeueJob(db, jobId, (error as Error).message?.slice(0, 500) ?? 'retry');
      return report('retry', error);
    }
    await unsafeFinishJob(db, jobId, { status: 'failed', error: userMessage(error) });
    return report('failed', error);
  } finally {
    clearTimeout(timer);
  }
}
