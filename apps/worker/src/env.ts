import { aiSettingsSchema, integerSetting, optionalIntegerSetting, parseEnvironment, textSetting } from '@compliance/contracts/env-settings';
import { z } from 'zod';

/**
 * Every environment variable the worker reads, checked: a bad value stops the start with a message
 * naming the variable. Only this module reads the process environment (a lint rule keeps it so).
 */
export const workerEnvSchema = z.object({
  DATABASE_URL: textSetting(),
  REDIS_URL: textSetting(),
  WORKER_CONCURRENCY: integerSetting('WORKER_CONCURRENCY', 2, { min: 1 }),
  WORKER_SHUTDOWN_GRACE_MS: integerSetting('WORKER_SHUTDOWN_GRACE_MS', 30_000, {
    message: 'WORKER_SHUTDOWN_GRACE_MS must be a whole number of milliseconds',
  }),
  WORKER_LOCK_MS: optionalIntegerSetting('WORKER_LOCK_MS'),
  WORKER_STALLED_INTERVAL_MS: optionalIntegerSetting('WORKER_STALLED_INTERVAL_MS'),
  QUEUE_PREFIX: textSetting(),
  JOB_SWEEP_INTERVAL_MS: integerSetting('JOB_SWEEP_INTERVAL_MS', 30_000, {
    message: 'JOB_SWEEP_INTERVAL_MS must be a whole number of milliseconds (0 disables)',
  }),
  WORKER_METRICS_PORT: integerSetting('WORKER_METRICS_PORT', 9464, {
    max: 65535,
    message: 'WORKER_METRICS_PORT must be a port number (0 disables)',
  }),
  METRICS_TOKEN: textSetting(),
  PARSER_MAX_HEAP_MB: integerSetting('PARSER_MAX_HEAP_MB', 384, { min: 1 }),
  PARSER_TIME_LIMIT_MS: integerSetting('PARSER_TIME_LIMIT_MS', 30_000, { min: 1 }),
});

/** The worker's configuration: every environment variable it reads, in one place. */
export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env) {
  const vars = parseEnvironment(workerEnvSchema, env);
  return {
    databaseUrl: vars.DATABASE_URL,
    redisUrl: vars.REDIS_URL,
    concurrency: vars.WORKER_CONCURRENCY,
    /** How long a stopping worker may take to finish or release its jobs. */
    shutdownGraceMs: vars.WORKER_SHUTDOWN_GRACE_MS,
    /** Lock settings (defaults in the queue definition); lowered only by the fault tests. */
    lockDurationMs: vars.WORKER_LOCK_MS,
    stalledIntervalMs: vars.WORKER_STALLED_INTERVAL_MS,
    queuePrefix: vars.QUEUE_PREFIX,
    /** How often queued jobs without a queue entry (Redis lost its data) are recovered; 0 disables. */
    jobSweepIntervalMs: vars.JOB_SWEEP_INTERVAL_MS,
    /** GET /metrics and /healthz on this port (0 disables); METRICS_TOKEN as on the server. */
    metricsPort: vars.WORKER_METRICS_PORT,
    metricsToken: vars.METRICS_TOKEN,
    /** The threads that read uploaded files: their heap and how long one file may take. */
    parser: { maxHeapMb: vars.PARSER_MAX_HEAP_MB, timeLimitMs: vars.PARSER_TIME_LIMIT_MS },
    /** The AI provider settings, read by the same schema as the server's. */
    ai: parseEnvironment(aiSettingsSchema, env),
  };
}

export type WorkerConfig = ReturnType<typeof loadWorkerConfig>;
