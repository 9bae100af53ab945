import type { Server } from 'node:http';
import { sql } from 'kysely';
import { createAiEngine } from '@compliance/ai/engine';
import { connectDatabase } from '@compliance/db/connect';
import { closeParserPool, configureParserPool } from '@compliance/documents/parse-sandbox';
import { createProcessors } from '@compliance/domain/documents/processors';
import { BullMqQueue, startBullMqWorker } from '@compliance/domain/jobs/bullmq-queue';
import type { JobFinished } from '@compliance/domain/jobs/job-runner';
import { type JobSweep, startJobSweep } from '@compliance/domain/jobs/job-sweep';
import type { WorkerConfig } from './env';
import type { WorkerLog } from './log';
import { createWorkerMetrics, serveMetrics } from './metrics';

export interface RunningWorker {
  /** The port /metrics listens on (undefined when disabled or the port was taken). */
  metricsPort?: number;
  stop(): Promise<void>;
}

const FINISHED_LEVEL: Record<JobFinished['outcome'], 'info' | 'warn' | 'error'> = { completed: 'info', retry: 'warn', failed: 'error', timed_out: 'error' };

/**
 * The background-job process: BullMQ on Redis, running the same processors as the embedded mode,
 * against the shared PostgreSQL. Scale it by running more of them.
 */
export async function startWorker(config: WorkerConfig, log: WorkerLog): Promise<RunningWorker> {
  if (!config.databaseUrl) throw new Error('The worker needs DATABASE_URL (in the embedded mode jobs run inside the server process).');
  if (!config.redisUrl) throw new Error('The worker needs REDIS_URL (in the embedded mode jobs run inside the server process).');
  const handle = await connectDatabase({ databaseUrl: config.databaseUrl, poolSize: config.concurrency + 2 });
  await sql`SELECT 1`.execute(handle.db);
  // Files are read in worker threads (heap cap, time limit); one is started and warmed before the first job.
  await configureParserPool(config.parser)
    .warmUp()
    .catch((error: unknown) => log('parser warm-up failed; the first file will start its thread', { error: (error as Error).message }, 'warn'));
  const engine = createAiEngine(config.ai);
  // The provider's code loads before the first job, so a job never stalls the health endpoint while it loads.
  await engine.warmUp();
  const metrics = createWorkerMetrics();
  const observer = {
    onFinished(event: JobFinished) {
      metrics.jobObserver.onFinished(event);
      const { jobId, name, tenantId, outcome, stage, error } = event;
      log(`job ${outcome}`, { jobId, name, tenantId, outcome, stage, durationMs: Math.round(event.durationMs), error }, FINISHED_LEVEL[outcome]);
    },
  };
  const worker = startBullMqWorker(handle.db, createProcessors(handle.db, engine), config.redisUrl, {
    concurrency: config.concurrency,
    lockDurationMs: config.lockDurationMs,
    stalledIntervalMs: config.stalledIntervalMs,
    prefix: config.queuePrefix,
    observer,
  });
  worker.on('failed', (job, error) => log('job attempt failed', { jobId: job?.data.jobId, name: job?.name, error: error.message }, 'warn'));
  await worker.waitUntilReady();
  let queue: BullMqQueue | undefined;
  let sweep: JobSweep | undefined;
  if (config.jobSweepIntervalMs > 0) {
    const sweepQueue = new BullMqQueue(config.redisUrl, config.queuePrefix);
    queue = sweepQueue;
    sweep = startJobSweep(handle.db, (name, id) => sweepQueue.enqueue(name, id), {
      intervalMs: config.jobSweepIntervalMs,
      onSwept: ({ requeued, timedOut, abandoned }) => {
        if (timedOut.length) log('job sweep timed out jobs past their deadline', { count: timedOut.length, abandoned: abandoned.length, jobIds: timedOut.slice(0, 20) }, 'warn');
        if (requeued.length) log('job sweep re-added queued jobs', { count: requeued.length });
      },
      onError: (error) => log('job sweep failed', { error: (error as Error).message }, 'warn'),
    });
  }
  let metricsServer: Server | undefined;
  let metricsPort: number | undefined;
  if (config.metricsPort) {
    try {
      ({ server: metricsServer, port: metricsPort } = await serveMetrics(metrics, { port: config.metricsPort, token: config.metricsToken }));
    } catch (error) {
      // A second worker on the same host (or a taken port) still runs jobs; it only has no metrics endpoint.
      log('metrics endpoint not started', { port: config.metricsPort, error: (error as Error).message }, 'warn');
    }
  }
  log(`worker ready (concurrency ${config.concurrency}, ${engine.provider} AI, database ${handle.location})`, { metricsPort, jobSweepIntervalMs: config.jobSweepIntervalMs });
  let stopped = false;
  return {
    metricsPort,
    async stop() {
      if (stopped) return;
      stopped = true;
      await sweep?.stop();
      // close() waits for the jobs in hand to finish; their locks are then released.
      await worker.close();
      await queue?.close();
      await closeParserPool();
      await new Promise<void>((resolve) => (metricsServer ? metricsServer.close(() => resolve()) : resolve()));
      await handle.close();
      log('worker stopped');
    },
  };
}
