import type { Kysely } from 'kysely';
import { type AiEngine, createAiEngine } from '@compliance/ai/engine';
import type { Database } from '@compliance/db/schema';
import { configureParserPool } from '@compliance/documents/parse-sandbox';
import { createProcessors } from '@compliance/domain/documents/processors';
import { InProcessQueue } from '@compliance/domain/jobs/in-process-queue';
import type { JobQueue } from '@compliance/domain/jobs/job-queue';
import type { JobObserver } from '@compliance/domain/jobs/job-runner';
import type { ServerConfig } from './env';

/**
 * With REDIS_URL the server only adds jobs to BullMQ and apps/worker runs them; without it (the
 * embedded default) the same processors run inside the server, and unfinished jobs are resumed.
 */
export async function createJobQueue(config: ServerConfig, db: Kysely<Database>, observer?: JobObserver): Promise<{ queue: JobQueue; engine: AiEngine }> {
  const engine = createAiEngine(config.ai);
  const parsers = configureParserPool(config.parser);
  if (config.redisUrl) {
    // BullMQ and its Redis client load only when a Redis is configured (not in the embedded mode).
    const { BullMqQueue } = await import('@compliance/domain/jobs/bullmq-queue');
    return { queue: new BullMqQueue(config.redisUrl, config.queuePrefix), engine };
  }
  // Jobs run in this process, beside HTTP: the provider's code loads now, before the server answers, so the
  // first analysis does not stall requests while its modules are evaluated.
  await engine.warmUp();
  const queue = new InProcessQueue(db, createProcessors(db, engine), config.jobConcurrency, observer);
  // Files are read in worker threads; one is warmed in the background so the first upload does not wait for it.
  void parsers.warmUp().catch(() => undefined);
  await queue.recover();
  return { queue, engine };
}
