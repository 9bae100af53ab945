import type { JobName } from './job-definitions';

/** Where jobs go once their row exists: BullMQ on Redis, or the in-process driver of the embedded mode. */
export interface JobQueue {
  readonly driver: 'bullmq' | 'in-process';
  enqueue(name: JobName, jobId: string): Promise<void>;
  /** Stops taking jobs and lets running ones finish (or hands them back). */
  close(): Promise<void>;
}
