import type { Kysely } from 'kysely';
import { SYSTEM_SCOPE, type Tx, withScope } from '@compliance/db/scope';
import type { Database, JobStatus } from '@compliance/db/schema';
import { setDocumentFailedForJob } from '../documents/document-repo';
import { type JobName, TIMED_OUT_MESSAGE } from './job-definitions';

export interface JobRow {
  id: string;
  tenant_id: string;
  organization_id: string;
  name: string;
  payload: unknown;
  status: JobStatus;
  stage: string;
  percent: number;
  attempts: number;
  /** Parses of the job's file started and never finished: crashes of its reader (see extractJobText). */
  unfinished_parses: number;
  error: string | null;
  result: unknown;
  provider: string | null;
  model: string | null;
  deadline_at: Date;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

export async function insertJob(
  tx: Tx,
  values: { tenantId: string; organizationId: string; name: JobName; payload: unknown; deadlineAt: Date; createdBy: string | null },
): Promise<string> {
  const row = await tx
    .insertInto('jobs')
    .values({
      tenant_id: values.tenantId,
      organization_id: values.organizationId,
      name: values.name,
      payload: JSON.stringify(values.payload),
      deadline_at: values.deadlineAt,
      created_by: values.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function getJobRow(tx: Tx, id: string): Promise<JobRow | undefined> {
  return tx.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst() as Promise<JobRow | undefined>;
}

export async function markJobRunning(tx: Tx, id: string) {
  await tx
    .updateTable('jobs')
    .set((eb) => ({ status: 'running', stage: 'Processing document', percent: 5, attempts: eb('attempts', '+', 1), started_at: new Date(), error: null, updated_at: new Date() }))
    .where('id', '=', id)
    .execute();
}

export async function updateJobProgress(tx: Tx, id: string, stage: string, percent: number) {
  await tx
    .updateTable('jobs')
    .set({ stage, percent: Math.max(0, Math.min(99, Math.round(percent))), updated_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

/** Records a job's end; with onlyFrom, only while the job is still in that status. True when the row changed. */
export async function finishJob(
  tx: Tx,
  id: string,
  outcome: { status: Exclude<JobStatus, 'queued' | 'running'>; error?: string | null; result?: unknown; provider?: string | null; model?: string | null },
  onlyFrom?: JobStatus,
): Promise<boolean> {
  let update = tx
    .updateTable('jobs')
    .set({
      status: outcome.status,
      stage: outcome.status === 'completed' ? 'Complete' : outcome.status === 'timed_out' ? 'Timed out' : 'Failed',
      percent: outcome.status === 'completed' ? 100 : 0,
      error: outcome.error ?? null,
      result: outcome.result === undefined ? null : JSON.stringify(outcome.result),
      provider: outcome.provider ?? null,
      model: outcome.model ?? null,
      finished_at: new Date(),
      updated_at: new Date(),
    })
    .where('id', '=', id);
  if (onlyFrom) update = update.where('status', '=', onlyFrom);
  const changed = await update.returning('id').execute();
  return changed.length > 0;
}

/** Back to queued for another try (a transient failure, or a worker that stopped before finishing). */
export async function requeueJob(tx: Tx, id: string, reason: string) {
  await tx.updateTable('jobs').set({ status: 'queued', stage: 'Queued', error: reason, updated_at: new Date() }).where('id', '=', id).execute();
}

/** Jobs queued since before `queuedBefore` (their last change), oldest first: what the recovery sweep looks at. */
export function listJobsQueuedBefore(tx: Tx, queuedBefore: Date, limit: number): Promise<Pick<JobRow, 'id' | 'name' | 'payload' | 'deadline_at'>[]> {
  return tx
    .selectFrom('jobs')
    .select(['id', 'name', 'payload', 'deadline_at'])
    .where('status', '=', 'queued')
    .where('updated_at', '<', queuedBefore)
    .orderBy('created_at')
    .limit(limit)
    .execute() as Promise<Pick<JobRow, 'id' | 'name' | 'payload' | 'deadline_at'>[]>;
}

/**
 * Jobs still recorded as running although their deadline passed before `deadlineBefore`: the runner
 * ends every attempt at the deadline, so their worker died and no queue entry is left to retry them.
 */
export function listJobsRunningPastDeadline(tx: Tx, deadlineBefore: Date, limit: number): Promise<Pick<JobRow, 'id' | 'name' | 'payload'>[]> {
  return tx
    .selectFrom('jobs')
    .select(['id', 'name', 'payload'])
    .where('status', '=', 'running')
    .where('deadline_at', '<', deadlineBefore)
    .orderBy('deadline_at')
    .limit(limit)
    .execute() as Promise<Pick<JobRow, 'id' | 'name' | 'payload'>[]>;
}

/** Every job row counted by status (all tenants). */
async function countJobsByStatus(tx: Tx): Promise<Record<string, number>> {
  const rows = await tx.selectFrom('jobs').select(['status', (eb) => eb.fn.countAll<string>().as('count')]).groupBy('status').execute();
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
}

/** Marks a parse of the job's file as started; answers how many are now unfinished (this one included). */
export async function startJobParse(tx: Tx, id: string): Promise<number> {
  const row = await tx
    .updateTable('jobs')
    .set((eb) => ({ unfinished_parses: eb('unfinished_parses', '+', 1) }))
    .where('id', '=', id)
    .returning('unfinished_parses')
    .executeTakeFirst();
  return row?.unfinished_parses ?? 1;
}

/** The parse ended without crashing (text, a refused file or an abort). */
export async function finishJobParse(tx: Tx, id: string) {
  await tx
    .updateTable('jobs')
    .set((eb) => ({ unfinished_parses: eb.fn('greatest', [eb('unfinished_parses', '-', 1), eb.lit(0)]) }))
    .where('id', '=', id)
    .execute();
}

/*
 * System scope. The runner, the sweep and the in-process queue are handed a job id with no tenant or
 * user: they read and record the job across tenants, each call its own transaction. Nothing else may.
 */

/** The job with this id, whichever tenant it belongs to (the runner's first read). */
export function unsafeGetJob(db: Kysely<Database>, id: string): Promise<JobRow | undefined> {
  return withScope(db, SYSTEM_SCOPE, (tx) => getJobRow(tx, id));
}

/** The runner starts an attempt. */
export function unsafeMarkJobRunning(db: Kysely<Database>, id: string): Promise<void> {
  return withScope(db, SYSTEM_SCOPE, (tx) => markJobRunning(tx, id));
}

/** The runner records the stage a processor reported. */
export function unsafeUpdateJobProgress(db: Kysely<Database>, id: string, stage: string, percent: number): Promise<void> {
  return withScope(db, SYSTEM_SCOPE, (tx) => updateJobProgress(tx, id, stage, percent));
}

/** The runner records an attempt's end (see finishJob). */
export function unsafeFinishJob(db: Kysely<Database>, id: string, outcome: Parameters<typeof finishJob>[2]): Promise<boolean> {
  return withScope(db, SYSTEM_SCOPE, (tx) => finishJob(tx, id, outcome));
}

/** The runner puts a transiently failed job back for another try. */
export function unsafeRequeueJob(db: Kysely<Database>, id: string, reason: string): Promise<void> {
  return withScope(db, SYSTEM_SCOPE, (tx) => requeueJob(tx, id, reason));
}

/** The document an analysis job works on (policy drafting has none). */
function documentOfJob(job: Pick<JobRow, 'name' | 'payload'>): string | null {
  const documentId = (job.payload as { documentId?: unknown } | null)?.documentId;
  return (job.name === 'analyze-contract' || job.name === 'analyze-evidence') && typeof documentId === 'string' ? documentId : null;
}

/**
 * Times out a job whose deadline passed with no processor to record it (never run, or its worker
 * gone), and marks its document failed with the same message, in one transaction. With onlyFrom, only
 * a job still in that status changes, so concurrent sweeps are harmless. True when this call timed the job out.
 */
export function unsafeTimeOutJobWithoutRunner(
  db: Kysely<Database>,
  job: Pick<JobRow, 'id' | 'name' | 'payload'>,
  onlyFrom?: 'queued' | 'running',
): Promise<boolean> {
  return withScope(db, SYSTEM_SCOPE, async (tx) => {
    const changed = await finishJob(tx, job.id, { status: 'timed_out', error: TIMED_OUT_MESSAGE }, onlyFrom);
    const documentId = documentOfJob(job);
    if (changed && documentId) await setDocumentFailedForJob(tx, documentId, job.id, TIMED_OUT_MESSAGE);
    return changed;
  });
}

/** The sweep's reads (see listJobsQueuedBefore and listJobsRunningPastDeadline), across tenants. */
export function unsafeListJobsQueuedBefore(db: Kysely<Database>, queuedBefore: Date, limit: number) {
  return withScope(db, SYSTEM_SCOPE, (tx) => listJobsQueuedBefore(tx, queuedBefore, limit));
}

export function unsafeListJobsRunningPastDeadline(db: Kysely<Database>, deadlineBefore: Date, limit: number) {
  return withScope(db, SYSTEM_SCOPE, (tx) => listJobsRunningPastDeadline(tx, deadlineBefore, limit));
}

/** Jobs left queued or running by a process that stopped, oldest first: what the in-process queue takes up again. */
export function unsafeListOpenJobIds(db: Kysely<Database>): Promise<{ id: string }[]> {
  return withScope(db, SYSTEM_SCOPE, (tx) =>
    tx.selectFrom('jobs').select('id').where('status', 'in', ['queued', 'running']).orderBy('created_at').execute(),
  );
}

/** Every job row counted by status, all tenants: a metric. */
export function unsafeCountJobsByStatus(db: Kysely<Database>): Promise<Record<string, number>> {
  return withScope(db, SYSTEM_SCOPE, (tx) => countJobsByStatus(tx));
}

/** A parse of the job's file starts or ends (see startJobParse and finishJobParse); the extractor knows only the job id. */
export function unsafeStartJobParse(db: Kysely<Database>, id: string): Promise<number> {
  return withScope(db, SYSTEM_SCOPE, (tx) => startJobParse(tx, id));
}

export function unsafeFinishJobParse(db: Kysely<Database>, id: string): Promise<void> {
  return withScope(db, SYSTEM_SCOPE, (tx) => finishJobParse(tx, id));
}
