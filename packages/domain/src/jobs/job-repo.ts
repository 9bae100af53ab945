import type { Tx } from '@compliance/db/scope';
import type { JobStatus } from '@compliance/db/schema';
import type { JobName } from './job-definitions';

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

/** Every job row counted by status (all tenants): a metric, read in the system scope. */
export async function countJobsByStatus(tx: Tx): Promise<Record<string, number>> {
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
