import type { Kysely } from 'kysely';
import type { Database } from '@compliance/db/schema';
import { ANALYSIS_QUEUE, type JobName } from './job-definitions';
import type { JobQueue, QueueCounts } from './job-queue';
import { unsafeListOpenJobIds } from './job-repo';
import { type JobObserver, type JobProcessors, runJob } from './job-runner';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The embedded mode's queue: the same processors, run inside the server process with bounded
 * concurrency, retries with backoff, and recovery of jobs an earlier process left unfinished.
 */
export class InProcessQueue implements JobQueue {
  readonly driver = 'in-process' as const;
  private readonly pending: string[] = [];
  private readonly running = new Set<Promise<void>>();
  private closed = false;
  /** Jobs sleeping between attempts, and jobs that failed for good since the process started. */
  private delayed = 0;
  private failed = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly processors: JobProcessors,
    private readonly concurrency = 2,
    private readonly observer?: JobObserver,
  ) {}

  async counts(): Promise<QueueCounts> {
    return { waiting: this.pending.length, active: this.running.size - this.delayed, delayed: this.delayed, failed: this.failed };
  }

  async enqueue(_name: JobName, jobId: string): Promise<void> {
    if (this.closed) throw new Error('The job queue is closed');
    this.pending.push(jobId);
    this.pump();
  }

  /** Re-queues jobs left queued or running by a process that stopped. */
  async recover(): Promise<number> {
    const open = await unsafeListOpenJobIds(this.db);
    for (const job of open) this.pending.push(job.id);
    this.pump();
    return open.length;
  }

  private pump() {
    while (!this.closed && this.running.size < this.concurrency && this.pending.length) {
      const jobId = this.pending.shift()!;
      const task = this.runWithRetries(jobId).finally(() => {
        this.running.delete(task);
        this.pump();
      });
      this.running.add(task);
    }
  }

  private async runWithRetries(jobId: string): Promise<void> {
    for (let attempt = 1; attempt <= ANALYSIS_QUEUE.attempts; attempt++) {
      try {
        const result = await runJob(this.db, this.processors, jobId, attempt === ANALYSIS_QUEUE.attempts, this.observer);
        if (result === 'failed' || result === 'timed_out') this.failed++;
        if (result !== 'retry') return;
      } catch {
        // The database itself failed while recording the outcome; back off and try again.
      }
      if (this.closed) return;
      this.delayed++;
      await sleep(ANALYSIS_QUEUE.backoffMs * 2 ** (attempt - 1)).finally(() => this.delayed--);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.running]);
  }
}
