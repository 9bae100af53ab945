import { type ConnectionOptions, Queue, Worker } from 'bullmq';
import type { Kysely } from 'kysely';
import type { Database } from '@compliance/db/schema';
import { ANALYSIS_QUEUE, type JobName } from './job-definitions';
import type { JobQueue, QueueCounts } from './job-queue';
import { type JobObserver, type JobProcessors, runJob } from './job-runner';

/** Connection options, not a client instance: BullMQ then owns and closes its connections. */
export function redisConnection(redisUrl: string): ConnectionOptions {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username || undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    tls: url.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}

/** The server's side of BullMQ: it only adds jobs; workers (apps/worker) run them. */
export class BullMqQueue implements JobQueue {
  readonly driver = 'bullmq' as const;
  private readonly queue: Queue;

  /** prefix: the Redis key namespace ('bull' by default); tests use their own so runs never meet. */
  constructor(redisUrl: string, prefix?: string) {
    this.queue = new Queue(ANALYSIS_QUEUE.name, { connection: redisConnection(redisUrl), prefix });
  }

  async enqueue(name: JobName, jobId: string): Promise<void> {
    await this.queue.add(
      name,
      { jobId },
      {
        jobId,
        attempts: ANALYSIS_QUEUE.attempts,
        backoff: { type: 'exponential', delay: ANALYSIS_QUEUE.backoffMs },
        removeOnComplete: { count: 1000 },
        removeOnFail: { count: 5000 },
      },
    );
  }

  /** Jobs waiting or running: the autoscaler's signal and a metric. */
  async depth(): Promise<number> {
    const counts = await this.queue.getJobCounts('wait', 'active', 'delayed');
    return Object.values(counts).reduce((a, b) => a + b, 0);
  }

  async counts(): Promise<QueueCounts> {
    const counts = await this.queue.getJobCounts('wait', 'active', 'delayed', 'failed');
    return { waiting: counts.wait ?? 0, active: counts.active ?? 0, delayed: counts.delayed ?? 0, failed: counts.failed ?? 0 };
  }

  /** The BullMQ queue itself, for the admin dashboard (bull-board). */
  get bullQueue(): Queue {
    return this.queue;
  }

  async close(): Promise<void> {
    await this.queue.close();
  }
}

export interface WorkerOptions {
  concurrency: number;
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  prefix?: string;
  /** Told of every attempt's outcome (the worker's metrics and logs). */
  observer?: JobObserver;
}

/**
 * A BullMQ worker running the shared processors. A transient failure is thrown back to BullMQ, which
 * retries with backoff; a worker killed mid-job loses its lock and the job is taken over (stalled).
 */
export function startBullMqWorker(db: Kysely<Database>, processors: JobProcessors, redisUrl: string, options: WorkerOptions): Worker {
  return new Worker<{ jobId: string }>(
    ANALYSIS_QUEUE.name,
    async (job) => {
      const result = await runJob(db, processors, job.data.jobId, job.attemptsMade + 1 >= ANALYSIS_QUEUE.attempts, options.observer);
      if (result === 'retry') throw new Error('Transient failure; the job will be retried');
      return result;
    },
    {
      connection: redisConnection(redisUrl),
      concurrency: options.concurrency,
      lockDuration: options.lockDurationMs ?? ANALYSIS_QUEUE.lockDurationMs,
      stalledInterval: options.stalledIntervalMs ?? ANALYSIS_QUEUE.stalledIntervalMs,
      maxStalledCount: 2,
      prefix: options.prefix,
    },
  );
}
