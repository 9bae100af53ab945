import { sql } from 'kysely';
import { type DatabaseHandle, connectDatabase } from '@compliance/db/connect';
import type { WorkerConfig } from './env';

export interface RunningWorker {
  stop(): Promise<void>;
}

/**
 * Starts the background-job process. It connects to the shared PostgreSQL (where job state will
 * live) and registers the job processors; the queue itself arrives with the documents feature, so
 * for now it holds its connection and waits to be stopped.
 */
export async function startWorker(config: WorkerConfig, log: (line: string) => void): Promise<RunningWorker> {
  if (!config.databaseUrl) {
    throw new Error('The worker needs DATABASE_URL (in the embedded mode jobs run inside the server process).');
  }
  const handle: DatabaseHandle = await connectDatabase({ databaseUrl: config.databaseUrl, poolSize: config.concurrency + 1 });
  await sql`SELECT 1`.execute(handle.db);
  log(`worker ready (concurrency ${config.concurrency}, database ${handle.location})`);
  let stopped = false;
  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      await handle.close();
      log('worker stopped');
    },
  };
}
