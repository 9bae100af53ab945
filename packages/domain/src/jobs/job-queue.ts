import type { JobName } from './job-definitions';

export interface QueueCounts {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

/** Where jobs go once their row exists: BullMQ on Redis, or the in-process driver of the embedded mode. */
export interface JobQueue {
  readonly driver: 'bullmq' | 'in-process';
  enqueue(name: JobName, jobId: string): Promise<void>;
  /** Jobs by queue state, read when metrics are scraped. */
  counts(): Promise<QueueCounts>;
  /** Stops taking jobs and lets running ones finish (or hands them back). */
  close(): Promise<void>;
}
