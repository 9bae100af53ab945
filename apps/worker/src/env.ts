function metricsPort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 9464;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('WORKER_METRICS_PORT must be a port number (0 disables)');
  return port;
}

function positiveInt(raw: string | undefined, name: string, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

function sweepInterval(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 30_000;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 0) throw new Error('JOB_SWEEP_INTERVAL_MS must be a whole number of milliseconds (0 disables)');
  return ms;
}

/** The worker's configuration: every environment variable it reads, in one place. */
export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env) {
  const concurrency = Number(env.WORKER_CONCURRENCY ?? 2);
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('WORKER_CONCURRENCY must be a positive integer');
  if (env.AI_PROVIDER && env.AI_PROVIDER !== 'openai' && env.AI_PROVIDER !== 'local') throw new Error('AI_PROVIDER must be local or openai');
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    concurrency,
    /** How long a stopping worker may take to finish or release its jobs. */
    shutdownGraceMs: Number(env.WORKER_SHUTDOWN_GRACE_MS ?? 30_000),
    /** Lock settings (defaults in the queue definition); lowered only by the fault tests. */
    lockDurationMs: env.WORKER_LOCK_MS ? Number(env.WORKER_LOCK_MS) : undefined,
    stalledIntervalMs: env.WORKER_STALLED_INTERVAL_MS ? Number(env.WORKER_STALLED_INTERVAL_MS) : undefined,
    queuePrefix: env.QUEUE_PREFIX || undefined,
    /** How often queued jobs without a queue entry (Redis lost its data) are recovered; 0 disables. */
    jobSweepIntervalMs: sweepInterval(env.JOB_SWEEP_INTERVAL_MS),
    /** GET /metrics and /healthz on this port (0 disables); METRICS_TOKEN as on the server. */
    metricsPort: metricsPort(env.WORKER_METRICS_PORT),
    metricsToken: env.METRICS_TOKEN || undefined,
    /** The threads that read uploaded files: their heap and how long one file may take. */
    parser: {
      maxHeapMb: positiveInt(env.PARSER_MAX_HEAP_MB, 'PARSER_MAX_HEAP_MB', 384),
      timeLimitMs: positiveInt(env.PARSER_TIME_LIMIT_MS, 'PARSER_TIME_LIMIT_MS', 30_000),
    },
    ai: {
      provider: env.AI_PROVIDER === 'openai' ? ('openai' as const) : ('local' as const),
      baseUrl: env.OPENAI_BASE_URL || undefined,
      apiKey: env.OPENAI_API_KEY || undefined,
      model: env.AI_MODEL || undefined,
    },
  };
}

export type WorkerConfig = ReturnType<typeof loadWorkerConfig>;
