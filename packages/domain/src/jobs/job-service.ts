import type { Kysely } from 'kysely';
import type { Database } from '@compliance/db/schema';
import { type Tx, withScope } from '@compliance/db/scope';
import type { Caller } from '../access/caller';
import { tenantScope } from '../access/caller';
import { notFound } from '../errors';
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

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

/**
 * Yields the job's state each time its stage or percent changes, until it finishes, the deadline
 * passes or the signal aborts. Reads PostgreSQL, so it works whichever process runs the job.
 */
export async function* watchJob(db: Kysely<Database>, caller: Caller, tenantId: string, jobId: string, signal?: AbortSignal, pollMs = 300) {
  let last = '';
  while (!signal?.aborted) {
    const state = await getJobState(db, caller, tenantId, jobId);
    const key = `${state.status}|${state.stage}|${state.percent}`;
    if (key !== last) {
      last = key;
      yield state;
    }
    if (isFinished(state.status)) return;
    await sleep(pollMs, signal);
  }
}

/** Waits for the job to finish, up to timeoutMs; returns the last state seen. */
export async function waitForJob(db: Kysely<Database>, caller: Caller, tenantId: string, jobId: string, timeoutMs: number): Promise<JobState> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let state: JobState | undefined;
  try {
    for await (const next of watchJob(db, caller, tenantId, jobId, controller.signal, 200)) state = next;
  } finally {
    clearTimeout(timer);
  }
  return state ?? getJobState(db, caller, tenantId, jobId);
}

/** Jobs of every tenant by status, for the metrics endpoint (a named system-scope read: counts only, no rows). */
export function getJobStatusCounts(db: Kysely<Database>): Promise<Record<string, number>> {
  return unsafeCountJobsByStatus(db);
}
