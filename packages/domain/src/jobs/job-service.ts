import type { Kysely } from 'kysely';
import type { Database } from '@compliance/db/schema';
import { type Tx, withScope } from '@compliance/db/scope';
import type { Caller } from '../access/caller';
import { tenantScope } from '../access/caller';
import { notFound } from '../errors';
import type { JobChanges } from './job-changes';
import { ANALYSIS_QUEUE, type JobName, type JobPayload } from './job-definitions';
import { type JobRow, getJobRow, insertJob, unsafeCountJobsByStatus } from './job-repo';

export interface JobState {
  id: string;
  name: string;
  status: JobRow['status'];
  stage: string;
  percent: number;
  error: string | null;
  result: unknown;
  provider: string | null;
  model: string | null;
  attempts: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export function toJobState(row: JobRow): JobState {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    stage: row.stage,
    percent: row.percent,
    error: row.error,
    result: row.result,
    provider: row.provider,
    model: row.model,
    attempts: row.attempts,
    created_at: new Date(row.created_at).toISOString(),
    started_at: row.started_at ? new Date(row.started_at).toISOString() : null,
    finished_at: row.finished_at ? new Date(row.finished_at).toISOString() : null,
  };
}

/** Records a job inside the caller's transaction (with the document it concerns); enqueue after commit. */
export function createJob<N extends JobName>(
  tx: Tx,
  values: { tenantId: string; organizationId: string; name: N; payload: JobPayload<N>; createdBy: string | null },
): Promise<string> {
  return insertJob(tx, { ...values, deadlineAt: new Date(Date.now() + ANALYSIS_QUEUE.deadlineMs) });
}

export const isFinished = (status: JobRow['status']) => status === 'completed' || status === 'failed' || status === 'timed_out';

/** A job of a tenant the caller can reach, read under that tenant's scope. */
export async function getJobState(db: Kysely<Database>, caller: Caller, tenantId: string, jobId: string): Promise<JobState> {
  const row = await withScope(db, tenantScope(caller, tenantId), (tx) => getJobRow(tx, jobId));
  if (!row) throw notFound('Job');
  return toJobState(row);
}

/** Why a waiter read the job: its first look, a change it was told of, or the timed re-check. */
export type ReadCause = 'first' | 'notified' | 'recheck';

/**
 * How long a waiter goes without a notification before it reads the job anyway: a notification lost with
 * the listening connection (or never sent) delays the answer by at most this, and never hangs a request.
 */
export const JOB_RECHECK_MS = 2_000;

export interface WatchOptions {
  signal?: AbortSignal;
  recheckMs?: number;
  /** Told why each read happened, once it has been made (the tests count reads to see which path delivered a change). */
  onRead?: (cause: ReadCause) => void;
}

/** A doorbell: notify between two waits is kept, so a change during a read is never slept through. */
function doorbell() {
  let rung = false;
  let answer: ((cause: ReadCause | 'aborted') => void) | undefined;
  return {
    ring() {
      rung = true;
      answer?.('notified');
    },
    wait(ms: number, signal?: AbortSignal): Promise<ReadCause | 'aborted'> {
      if (signal?.aborted) return Promise.resolve('aborted');
      if (rung) {
        rung = false;
        return Promise.resolve('notified');
      }
      return new Promise((resolve) => {
        const done = (cause: ReadCause | 'aborted') => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', aborted);
          answer = undefined;
          rung = false;
          resolve(cause);
        };
        const aborted = () => done('aborted');
        const timer = setTimeout(() => done('recheck'), ms);
        answer = done;
        signal?.addEventListener('abort', aborted, { once: true });
      });
    },
  };
}

/**
 * Yields the job's state each time its status, stage or percent changes, until it finishes or the signal
 * aborts. Woken by the job's change notifications (whichever process runs it), with a timed re-check as the
 * fallback; each read goes through the caller's scope, so another tenant's job is not found.
 */
export async function* watchJob(db: Kysely<Database>, changes: JobChanges, caller: Caller, tenantId: string, jobId: string, options: WatchOptions = {}) {
  const { signal, recheckMs = JOB_RECHECK_MS, onRead } = options;
  const bell = doorbell();
  const unsubscribe = await changes.subscribe(jobId, bell.ring);
  try {
    let last = '';
    let cause: ReadCause = 'first';
    while (!signal?.aborted) {
      const state = await getJobState(db, caller, tenantId, jobId);
      onRead?.(cause);
      const key = `${state.status}|${state.stage}|${state.percent}`;
      if (key !== last) {
        last = key;
        yield state;
      }
      if (isFinished(state.status)) return;
      const next = await bell.wait(recheckMs, signal);
      if (next === 'aborted') return;
      cause = next;
    }
  } finally {
    unsubscribe();
  }
}

/** Waits for the job to finish, up to timeoutMs; returns the last state seen. */
export async function waitForJob(
  db: Kysely<Database>,
  changes: JobChanges,
  caller: Caller,
  tenantId: string,
  jobId: string,
  timeoutMs: number,
  options: Omit<WatchOptions, 'signal'> = {},
): Promise<JobState> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let state: JobState | undefined;
  try {
    for await (const next of watchJob(db, changes, caller, tenantId, jobId, { ...options, signal: controller.signal })) state = next;
  } finally {
    clearTimeout(timer);
  }
  return state ?? getJobState(db, caller, tenantId, jobId);
}

/** Jobs of every tenant by status, for the metrics endpoint (a named system-scope read: counts only, no rows). */
export function getJobStatusCounts(db: Kysely<Database>): Promise<Record<string, number>> {
  return unsafeCountJobsByStatus(db);
}
