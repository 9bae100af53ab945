import type { Kysely } from 'kysely';
import type { Database } from '@compliance/db/schema';
import type { JobName } from './job-definitions';
import { unsafeListJobsQueuedBefore, unsafeListJobsRunningPastDeadline, unsafeTimeOutJobWithoutRunner } from './job-repo';

/** Puts a job on the queue again; for BullMQ an add whose job id is still known is a no-op. */
export type EnqueueJob = (name: JobName, jobId: string) => Promise<void>;

export interface SweepResult {
  /** Jobs handed to enqueue again (most are still in the queue, and the add changes nothing). */
  requeued: string[];
  /** Jobs this sweep timed out (another sweep may have taken some first). */
  timedOut: string[];
  /** Of those, jobs that were running when their worker died and whose queue entry was lost. */
  abandoned: string[];
}

/** Jobs looked at per sweep; the rest wait for the next one. */
const SWEEP_BATCH = 500;

/**
 * How long past its deadline a job may still show running before the sweep ends it. The runner stops
 * every attempt at the deadline; this margin covers its last writes and a worker's clock being behind.
 */
export const ABANDONED_AFTER_MS = 60_000;

/**
 * Recovers jobs that PostgreSQL records as open but that may have no queue entry (a Redis that lost
 * its data): those queued for longer than queuedForMs are enqueued again while their deadline has not
 * passed, and timed out, with their document failed, once it has. Jobs still running well past their
 * deadline (a worker killed while Redis lost the entry BullMQ would have retried) are timed out the same
 * way, so no document stays "analyzing" for ever. Reads every tenant (system scope).
 */
export async function sweepQueuedJobs(db: Kysely<Database>, enqueue: EnqueueJob, options: { queuedForMs: number; now?: Date }): Promise<SweepResult> {
  const now = options.now ?? new Date();
  const jobs = await unsafeListJobsQueuedBefore(db, new Date(now.getTime() - options.queuedForMs), SWEEP_BATCH);
  const result: SweepResult = { requeued: [], timedOut: [], abandoned: [] };
  for (const job of jobs) {
    if (new Date(job.deadline_at).getTime() > now.getTime()) continue;
    if (await unsafeTimeOutJobWithoutRunner(db, job, 'queued')) result.timedOut.push(job.id);
  }
  const abandoned = await unsafeListJobsRunningPastDeadline(db, new Date(now.getTime() - ABANDONED_AFTER_MS), SWEEP_BATCH);
  for (const job of abandoned) {
    if (!(await unsafeTimeOutJobWithoutRunner(db, job, 'running'))) continue;
    result.timedOut.push(job.id);
    result.abandoned.push(job.id);
  }
  for (const job of jobs) {
    if (new Date(job.deadline_at).getTime() <= now.getTime()) continue;
    await enqueue(job.name as JobName, job.id);
    result.requeued.push(job.id);
  }
  return result;
}

export interface JobSweep {
  /** Stops the timer and waits for a sweep in progress. */
  stop(): Promise<void>;
}

/**
 * Sweeps every intervalMs (the next sweep is timed from the end of the previous one, so they never
 * overlap in one process). A failed sweep (database or Redis down) is reported and tried again later.
 */
export function startJobSweep(
  db: Kysely<Database>,
  enqueue: EnqueueJob,
  options: { intervalMs: number; onSwept?: (result: SweepResult) => void; onError?: (error: unknown) => void },
): JobSweep {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const sweepOnce = async () => {
    try {
      options.onSwept?.(await sweepQueuedJobs(db, enqueue, { queuedForMs: options.intervalMs }));
    } catch (error) {
      try {
        options.onError?.(error);
      } catch {
        // A failing reporter must not end the process; the next sweep runs regardless.
      }
    }
  };
  const schedule = () => {
    timer = setTimeout(() => {
      running = sweepOnce().finally(() => {
        running = undefined;
        if (!stopped) schedule();
      });
    }, options.intervalMs);
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
