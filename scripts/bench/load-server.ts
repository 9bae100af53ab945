/**
 * The server process of the load test (scripts/bench/load-test.ts forks it): the real app on the
 * seeded database. With LOAD_QUEUE_PREFIX (and REDIS_URL) it only adds jobs to BullMQ under that
 * prefix and worker processes analyse the evidence, as in production; without, the in-process job
 * queue runs the analyses inside this process, alongside the requests under load. Answers 'memory'
 * messages with its RSS and heap (after a full GC when asked), tagged with the request's id.
 */
import { connectDatabase } from '@compliance/db/connect';
import { createAiEngine } from '@compliance/ai/engine';
import { createProcessors } from '@compliance/domain/documents/processors';
import { BullMqQueue } from '@compliance/domain/jobs/bullmq-queue';
import { InProcessQueue } from '@compliance/domain/jobs/in-process-queue';
import { JobChanges } from '@compliance/domain/jobs/job-changes';
import { ReportCache } from '@compliance/domain/reports/report-cache';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/env';

const handle = await connectDatabase({ databaseUrl: process.env.DATABASE_URL!, poolSize: 10 });
const config = { ...loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent' }), throttle: { maxPerUsername: 1000, maxPerIp: 1000, windowMinutes: 1 }, rateLimit: { perUser: 0, perAddress: 0, windowSeconds: 60 } };
const engine = createAiEngine({ provider: 'local' });
const prefix = process.env.LOAD_QUEUE_PREFIX;
const queue =
  prefix && process.env.REDIS_URL
    ? new BullMqQueue(process.env.REDIS_URL, prefix)
    : new InProcessQueue(handle.db, createProcessors(handle.db, engine), Number(process.env.JOB_CONCURRENCY ?? 2));
const app = await buildApp({ deps: { db: handle.db, config, queue, engine, jobChanges: new JobChanges(handle.listen), reports: new ReportCache(handle.listen) }, databaseKind: 'postgres', logger: false });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

process.on('message', async (message: { type: 'memory'; id: number; gc: boolean } | { type: 'stop' }) => {
  if (message.type === 'memory') {
    if (message.gc) (globalThis as { gc?: () => void }).gc?.();
    const { rss, heapUsed, heapTotal } = process.memoryUsage();
    process.send!({ type: 'memory', id: message.id, rss, heapUsed, heapTotal });
  } else if (message.type === 'stop') {
    await app.close();
    await queue.close();
    await handle.close();
    process.exit(0);
  }
});
process.send!({ type: 'ready', address });
