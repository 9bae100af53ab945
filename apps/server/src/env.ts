import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { passwordProblem } from '@compliance/domain/auth/password-policy';
import type { SessionLifetime } from '@compliance/domain/auth/session-service';
import type { ThrottlePolicy } from '@compliance/domain/auth/throttle';
import { DEFAULT_DEMO_PASSWORD } from '@compliance/domain/demo/demo-data';
import { mfaSettings } from '@compliance/domain/mfa/secret-box';
import { aiSettingsSchema, integerSetting, parseEnvironment, textSetting } from '@compliance/contracts/env-settings';
import { z } from 'zod';
import { parseTrustProxy } from './trust-proxy';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const int = (name: string, fallback: number) => integerSetting(name, fallback);
const positive = (name: string, fallback: number) => integerSetting(name, fallback, { min: 1 });

/**
 * Every environment variable the server reads, checked: a bad value stops the start with a message
 * naming the variable. Only this module reads the process environment (a lint rule keeps it so).
 */
export const serverEnvSchema = z.object({
  NODE_ENV: textSetting(),
  PORT: int('PORT', 3000),
  HOST: textSetting(),
  DATABASE_URL: textSetting(),
  DATA_DIR: textSetting(),
  DEMO_PASSWORD: textSetting(),
  ADMIN_USERNAME: textSetting(),
  ADMIN_PASSWORD: textSetting(),
  COOKIE_SECURE: textSetting(),
  LOGIN_MAX_FAILURES: int('LOGIN_MAX_FAILURES', 5),
  LOGIN_MAX_FAILURES_PER_IP: int('LOGIN_MAX_FAILURES_PER_IP', 20),
  LOGIN_WINDOW_MINUTES: int('LOGIN_WINDOW_MINUTES', 15),
  LOGIN_MAX_DELAY_SECONDS: int('LOGIN_MAX_DELAY_SECONDS', 60),
  SESSION_MAX_HOURS: positive('SESSION_MAX_HOURS', 12),
  SESSION_REMEMBER_MAX_DAYS: positive('SESSION_REMEMBER_MAX_DAYS', 30),
  RATE_LIMIT_PER_USER: int('RATE_LIMIT_PER_USER', 300),
  RATE_LIMIT_PER_ADDRESS: int('RATE_LIMIT_PER_ADDRESS', 1000),
  RATE_LIMIT_WINDOW_SECONDS: positive('RATE_LIMIT_WINDOW_SECONDS', 60),
  WEB_DIST: textSetting(),
  LOG_LEVEL: textSetting(),
  METRICS_TOKEN: textSetting(),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      try {
        return parseTrustProxy(raw);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  REDIS_URL: textSetting(),
  QUEUE_PREFIX: textSetting(),
  JOB_CONCURRENCY: int('JOB_CONCURRENCY', 2),
  UPLOAD_MAX_MB: int('UPLOAD_MAX_MB', 25),
  PARSER_MAX_HEAP_MB: int('PARSER_MAX_HEAP_MB', 384),
  PARSER_TIME_LIMIT_MS: int('PARSER_TIME_LIMIT_MS', 30_000),
  MFA_ISSUER: textSetting(),
  MFA_ENCRYPTION_KEY: textSetting(),
});

/** The AI provider settings, shared by the server and the worker (the schema lives in contracts). */
export function aiConfig(env: NodeJS.ProcessEnv) {
  return parseEnvironment(aiSettingsSchema, env);
}

/** The server's configuration: every environment variable it reads, in one place. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const vars = parseEnvironment(serverEnvSchema, env);
  const ai = aiConfig(env);
  const production = vars.NODE_ENV === 'production';
  const dataDir = path.resolve(vars.DATA_DIR ?? path.join(repoRoot, '.data'));
  const throttle: ThrottlePolicy = {
    maxPerUsername: vars.LOGIN_MAX_FAILURES,
    maxPerIp: vars.LOGIN_MAX_FAILURES_PER_IP,
    windowMinutes: vars.LOGIN_WINDOW_MINUTES,
    maxDelaySeconds: vars.LOGIN_MAX_DELAY_SECONDS,
  };
  const sessionLifetime: SessionLifetime = {
    maxHours: vars.SESSION_MAX_HOURS,
    rememberMaxDays: vars.SESSION_REMEMBER_MAX_DAYS,
  };
  const rateLimit = {
    perUser: vars.RATE_LIMIT_PER_USER,
    perAddress: vars.RATE_LIMIT_PER_ADDRESS,
    windowSeconds: vars.RATE_LIMIT_WINDOW_SECONDS,
  };
  return {
    production,
    port: vars.PORT,
    host: vars.HOST ?? '0.0.0.0',
    databaseUrl: vars.DATABASE_URL,
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    demoPassword: vars.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD,
    adminUsername: vars.ADMIN_USERNAME,
    adminPassword: vars.ADMIN_PASSWORD,
    /** Secure cookies need HTTPS; on by default in production. */
    secureCookies: vars.COOKIE_SECURE ? vars.COOKIE_SECURE === 'true' : production,
    throttle,
    /** How long a session lasts at most from its login, however active (the idle limit slides within it). */
    sessionLifetime,
    /** Requests per window for each signed-in user and each client address on /api and /trpc (0: no limit). */
    rateLimit,
    webDist: path.resolve(vars.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    logLevel: vars.LOG_LEVEL ?? (production ? 'info' : 'warn'),
    /** Set: GET /metrics needs `Authorization: Bearer <token>`; unset: open (a cluster-internal scrape). */
    metricsToken: vars.METRICS_TOKEN,
    /** Which proxies may set the client address (X-Forwarded-For): none, a hop count or their addresses. */
    trustProxy: vars.TRUST_PROXY,
    /** Set: jobs go to BullMQ on Redis and apps/worker runs them; unset: the server runs them in-process. */
    redisUrl: vars.REDIS_URL,
    /** The Redis key namespace of the job queue; the workers must use the same. */
    queuePrefix: vars.QUEUE_PREFIX,
    jobConcurrency: vars.JOB_CONCURRENCY,
    uploadMaxBytes: vars.UPLOAD_MAX_MB * 1024 * 1024,
    /** The threads that read uploaded files: their heap and how long one file may take. */
    parser: { maxHeapMb: vars.PARSER_MAX_HEAP_MB, timeLimitMs: vars.PARSER_TIME_LIMIT_MS },
    ai,
    /** The issuer authenticator apps show, and the key that seals TOTP secrets at rest. */
    mfa: mfaSettings(vars.MFA_ISSUER ?? 'Compliance Platform', vars.MFA_ENCRYPTION_KEY),
    /** Length of MFA_ENCRYPTION_KEY (0 = unset: a public development key, refused in production). */
    mfaKeyLength: (vars.MFA_ENCRYPTION_KEY ?? '').length,
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
