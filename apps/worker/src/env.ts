/** The worker's configuration: every environment variable it reads, in one place. */
export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env) {
  const concurrency = Number(env.WORKER_CONCURRENCY ?? 2);
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('WORKER_CONCURRENCY must be a positive integer');
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    concurrency,
    /** How long a stopping worker may take to finish or release its jobs. */
    shutdownGraceMs: Number(env.WORKER_SHUTDOWN_GRACE_MS ?? 30_000),
  };
}

export type WorkerConfig = ReturnType<typeof loadWorkerConfig>;
