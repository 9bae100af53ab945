import { sql } from 'kysely';
import { createAiEngine } from '@compliance/ai/engine';
import { connectDatabase } from '@compliance/db/connect';
import { warmUpPdfExtraction } from '@compliance/documents/pdf-warm-up';
import { createProcessors } from '@compliance/domain/documents/processors';
import { startBullMqWorker } from '@compliance/domain/jobs/bullmq-queue';
import type { WorkerConfig } from './env';

export interface RunningWorker {
  stop(): Promise<void>;
}

/**
 * The background-job process: BullMQ on Redis, running the same processors as the embedded mode,
 * against the shared PostgreSQL. Scale it by running more of them.
 */
export async function startWorker(config: WorkerConfig, log: (line: string) => void): Promise<RunningWorker> {
  if (!config.databaseUrl) throw new Error('The worker needs DATABASE_URL (in the embedded mode jobs run inside the server process).');
  if (!config.redisUrl) throw new Error('The worker needs REDIS_URL (in the embedded mode jobs run inside the server process).');
  const handle = await connectDatabase({ databaseUrl: config.databaseUrl, poolSize: config.concurrency + 2 });
  await sql`SELECT 1`.execute(handle.db);
  await warmUpPdfExtraction();
  const engine = createAiEngine(config.ai);
  const worker = startBullMqWorker(handle.db, createProcessors(handle.db, engine), config.redisUrl, {
    concurrency: config.concurrency,
    lockDurationMs: config.lockDurationMs,
    stalledIntervalMs: config.stalledIntervalMs,
    prefix: config.queuePrefix,
  });
  worker.on('failed', (job, error) => log(`job ${job?.data.jobId ?? '?'} attempt failed: ${error.message}`));
  await worker.waitUntilReady();
  log(`worker ready (concurrency ${config.concurrency}, ${engine.provider} AI, database ${handle.location})`);
  let stopped = false;
  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      // close() waits for the jobs in hand to finish; their locks are then released.
      await worker.close();
      await handle.close();
      log('worker stopped');
    },
  };
}
