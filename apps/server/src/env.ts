import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { passwordProblem } from '@compliance/domain/auth/password-policy';
import type { SessionLifetime } from '@compliance/domain/auth/session-service';
import type { ThrottlePolicy } from '@compliance/domain/auth/throttle';
import { DEFAULT_DEMO_PASSWORD } from '@compliance/domain/demo/demo-data';
import { mfaSettings } from '@compliance/domain/mfa/secret-box';
import { parseTrustProxy } from './trust-proxy';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer`);
  return value;
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = int(env, name, fallback);
  if (value === 0) throw new Error(`${name} must be a positive integer`);
  return value;
}

/** The AI provider settings, shared by the server and the worker. */
export function aiConfig(env: NodeJS.ProcessEnv) {
  const provider = env.AI_PROVIDER === 'openai' ? ('openai' as const) : ('local' as const);
  if (env.AI_PROVIDER && env.AI_PROVIDER !== 'openai' && env.AI_PROVIDER !== 'local') {
    throw new Error('AI_PROVIDER must be local or openai');
  }
  return {
    provider,
    baseUrl: env.OPENAI_BASE_URL || undefined,
    apiKey: env.OPENAI_API_KEY || undefined,
    model: env.AI_MODEL || undefined,
  };
}

/** The server's configuration: every environment variable it reads, in one place. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const production = env.NODE_ENV === 'production';
  const dataDir = path.resolve(env.DATA_DIR || path.join(repoRoot, '.data'));
  const throttle: ThrottlePolicy = {
    maxPerUsername: int(env, 'LOGIN_MAX_FAILURES', 5),
    maxPerIp: int(env, 'LOGIN_MAX_FAILURES_PER_IP', 20),
    windowMinutes: int(env, 'LOGIN_WINDOW_MINUTES', 15),
    maxDelaySeconds: int(env, 'LOGIN_MAX_DELAY_SECONDS', 60),
  };
  const sessionLifetime: SessionLifetime = {
    maxHours: positive(env, 'SESSION_MAX_HOURS', 12),
    rememberMaxDays: positive(env, 'SESSION_REMEMBER_MAX_DAYS', 30),
  };
  const rateLimit = {
    perUser: int(env, 'RATE_LIMIT_PER_USER', 300),
    perAddress: int(env, 'RATE_LIMIT_PER_ADDRESS', 1000),
    windowSeconds: positive(env, 'RATE_LIMIT_WINDOW_SECONDS', 60),
  };
  return {
    production,
    port: int(env, 'PORT', 3000),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    demoPassword: env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD,
    adminUsername: env.ADMIN_USERNAME || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    /** Secure cookies need HTTPS; on by default in production. */
    secureCookies: env.COOKIE_SECURE ? env.COOKIE_SECURE === 'true' : production,
    throttle,
    /** How long a session lasts at most from its login, however active (the idle limit slides within it). */
    sessionLifetime,
    /** Requests per window for each signed-in user and each client address on /api and /trpc (0: no limit). */
    rateLimit,
    webDist: path.resolve(env.WEB_DIST || path.join(repoRoot, 'apps/web/dist')),
    logLevel: env.LOG_LEVEL || (production ? 'info' : 'warn'),
    /** Set: GET /metrics needs `Authorization: Bearer <token>`; unset: open (a cluster-internal scrape). */
    metricsToken: env.METRICS_TOKEN || undefined,
    /** Which proxies may set the client address (X-Forwarded-For): none, a hop count or their addresses. */
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    /** Set: jobs go to BullMQ on Redis and apps/worker runs them; unset: the server runs them in-process. */
    redisUrl: env.REDIS_URL || undefined,
    /** The Redis key namespace of the job queue; the workers must use the same. */
    queuePrefix: env.QUEUE_PREFIX || undefined,
    jobConcurrency: int(env, 'JOB_CONCURRENCY', 2),
    uploadMaxBytes: int(env, 'UPLOAD_MAX_MB', 25) * 1024 * 1024,
    /** The threads that read uploaded files: their heap and how long one file may take. */
    parser: { maxHeapMb: int(env, 'PARSER_MAX_HEAP_MB', 384), timeLimitMs: int(env, 'PARSER_TIME_LIMIT_MS', 30_000) },
    ai: aiConfig(env),
    /** The issuer authenticator apps show, and the key that seals TOTP secrets at rest. */
    mfa: mfaSettings(env.MFA_ISSUER || 'Compliance Platform', env.MFA_ENCRYPTION_KEY || undefined),
    /** Length of MFA_ENCRYPTION_KEY (0 = unset: a public development key, refused in production). */
    mfaKeyLength: (env.MFA_ENCRYPTION_KEY ?? '').length,
  };
}

export type ServerConfig = ReturnType<typeof loadConfig>;

/**
 * What keeps the server from starting: production needs a real database and no demo password; the
 * first administrator's password (and outside production the demo password) must pass the policy.
 */
export function configProblems(config: ServerConfig): string[] {
  const problems: string[] = [];
  if (!config.production) {
    const demo = passwordProblem(config.demoPassword);
    if (demo) problems.push(`DEMO_PASSWORD: ${demo}`);
    return problems;
  }
  if (!config.databaseUrl) problems.push('NODE_ENV=production requires DATABASE_URL');
  if (config.adminUsername && !config.adminPassword) problems.push('ADMIN_USERNAME is set but ADMIN_PASSWORD is missing');
  if (config.adminPassword && config.adminPassword === DEFAULT_DEMO_PASSWORD) {
    problems.push('ADMIN_PASSWORD must not be the demo password');
  }
  const admin = config.adminPassword ? passwordProblem(config.adminPassword, { username: config.adminUsername }) : null;
  if (admin) problems.push(`ADMIN_PASSWORD: ${admin}`);
  if (config.mfaKeyLength < 32) problems.push('NODE_ENV=production requires MFA_ENCRYPTION_KEY of at least 32 characters (it encrypts MFA secrets)');
  return problems;
}
