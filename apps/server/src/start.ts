import { fileURLToPath } from 'node:url';
import { connectDatabase } from '@compliance/db/connect';
import { migrateToLatest } from '@compliance/db/migrate';
import { closeParserPool } from '@compliance/documents/parse-sandbox';
import { unsafeSyncCatalog } from '@compliance/domain/catalog/catalog-repo';
import { ensureProductAdmin, seedDemoIfEmpty } from '@compliance/domain/demo/seed-service';
import { backfillPassages } from '@compliance/domain/documents/passage-backfill';
import { startDailySnapshots } from '@compliance/domain/history/history-service';
import { JobChanges } from '@compliance/domain/jobs/job-changes';
import { ReportCache } from '@compliance/domain/reports/report-cache';
import { buildApp } from './app';
import type { ServerConfig } from './env';
import { createJobQueue } from './job-queue-factory';
import { createServerMetrics } from './observability/metrics';

/** Connects, migrates, seeds (demo outside production, first admin in production) and builds the app. */
export async function startServer(config: ServerConfig, options: { logger?: boolean } = {}) {
  // The built server finds the embedded database template beside it (scripts/build-apps.mjs); tsx runs go without.
  const template = fileURLToPath(new URL('./embedded-template', import.meta.url));
  const handle = await connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.pgliteDir, template });
  await migrateToLatest(handle.db);
  await unsafeSyncCatalog(handle.db);
  let seeded = false;
  if (config.production) {
    if (config.adminUsername && config.adminPassword) await ensureProductAdmin(handle.db, config.adminUsername, config.adminPassword);
  } else {
    seeded = await seedDemoIfEmpty(handle.db, config.demoPassword);
  }
  const metrics = createServerMetrics();
  const { queue, engine } = await createJobQueue(config, handle.db, metrics.jobObserver);
  const app = await buildApp({ deps: { db: handle.db, config, queue, engine, jobChanges: new JobChanges(handle.listen), reports: new ReportCache(handle.listen) }, databaseKind: handle.kind, logger: options.logger, metrics });
  // Documents analysed by an earlier release get the passages the assistant quotes, in the background.
  const backfill = new AbortController();
  const passages = backfillPassages(handle.db, { signal: backfill.signal }).catch((error: unknown) => app.log.warn({ err: error }, 'Passage backfill stopped'));
  // The trend's daily rows: the one-time reconstruction from the audit trail, then today's row hourly.
  const stopSnapshots = startDailySnapshots(handle.db, { onError: (error) => app.log.warn({ err: error }, 'Daily metrics snapshot failed') });
  app.addHook('onClose', async () => {
    backfill.abort();
    await passages;
    await stopSnapshots();
    await queue.close();
    await closeParserPool();
    await handle.close();
  });
  return { app, handle, seeded };
}
