import { describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_PASSWORD } from '@compliance/domain/demo/demo-data';
import { configProblems, loadConfig } from './env';

const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://app@db/compliance',
  ADMIN_USERNAME: 'root-admin',
  ADMIN_PASSWORD: 'a-long-enough-password',
  MFA_ENCRYPTION_KEY: 'k'.repeat(32),
};

describe('configProblems', () => {
  it('accepts a complete production configuration and any development one', () => {
    expect(configProblems(loadConfig(production))).toEqual([]);
    expect(configProblems(loadConfig({}))).toEqual([]);
  });

  it('refuses production without a database, with the demo password or without the MFA key', () => {
    expect(configProblems(loadConfig({ ...production, DATABASE_URL: '' }))).toEqual(['NODE_ENV=production requires DATABASE_URL']);
    expect(configProblems(loadConfig({ ...production, ADMIN_PASSWORD: DEFAULT_DEMO_PASSWORD }))).toContain('ADMIN_PASSWORD must not be the demo password');
    expect(configProblems(loadConfig({ ...production, MFA_ENCRYPTION_KEY: undefined }))).toEqual([
      'NODE_ENV=production requires MFA_ENCRYPTION_KEY of at least 32 characters (it encrypts MFA secrets)',
    ]);
    expect(configProblems(loadConfig({ ...production, MFA_ENCRYPTION_KEY: 'short' }))).toHaveLength(1);
  });

  it('holds ADMIN_PASSWORD and, outside production, DEMO_PASSWORD to the password policy', () => {
    expect(configProblems(loadConfig({ ...production, ADMIN_PASSWORD: 'short-pw' }))).toEqual(['ADMIN_PASSWORD: Password must be at least 12 characters']);
    expect(configProblems(loadConfig({ ...production, ADMIN_PASSWORD: 'password123456' }))[0]).toMatch(/^ADMIN_PASSWORD: This password is too common/);
    expect(configProblems(loadConfig({ ...production, ADMIN_PASSWORD: 'root-admin2026!' }))[0]).toMatch(/based on the username/);
    expect(configProblems(loadConfig({ DEMO_PASSWORD: 'iloveyou2026' }))[0]).toMatch(/^DEMO_PASSWORD: This password is too common/);
    expect(configProblems(loadConfig({ DEMO_PASSWORD: DEFAULT_DEMO_PASSWORD }))).toEqual([]);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default, a hop count, or listed proxy addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,loopback, fd00::/8' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.7', 'loopback', 'fd00::/8']);
  });

  it('refuses true (every hop trusted lets a client forge its address) and anything it cannot read', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/would trust every X-Forwarded-For hop/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.internal' })).toThrow(/not understood: proxy.internal/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/not understood/);
    expect(() => loadConfig({ TRUST_PROXY: '99' })).toThrow(/between 0 and 10/);
  });

  it('reads numbers from the environment it is given, not the process environment', () => {
    expect(loadConfig({ PORT: '4000' }).port).toBe(4000);
    expect(() => loadConfig({ JOB_CONCURRENCY: 'lots' })).toThrow('JOB_CONCURRENCY must be a non-negative integer');
  });
});

describe('session lifetime and request limits', () => {
  it('default to 12 hours (30 days kept logged in) and 300 requests per user, 1,000 per address a minute', () => {
    expect(loadConfig({}).sessionLifetime).toEqual({ maxHours: 12, rememberMaxDays: 30 });
    expect(loadConfig({}).rateLimit).toEqual({ perUser: 300, perAddress: 1000, windowSeconds: 60 });
  });

  it('read other values, 0 turning a request limit off', () => {
    expect(loadConfig({ SESSION_MAX_HOURS: '8', SESSION_REMEMBER_MAX_DAYS: '7' }).sessionLifetime).toEqual({ maxHours: 8, rememberMaxDays: 7 });
    expect(loadConfig({ RATE_LIMIT_PER_USER: '0', RATE_LIMIT_PER_ADDRESS: '50', RATE_LIMIT_WINDOW_SECONDS: '10' }).rateLimit).toEqual({ perUser: 0, perAddress: 50, windowSeconds: 10 });
  });

  it('refuse a lifetime or window of 0 and anything that is not a whole number', () => {
    expect(() => loadConfig({ SESSION_MAX_HOURS: '0' })).toThrow('SESSION_MAX_HOURS must be a positive integer');
    expect(() => loadConfig({ RATE_LIMIT_WINDOW_SECONDS: '0' })).toThrow('RATE_LIMIT_WINDOW_SECONDS must be a positive integer');
    expect(() => loadConfig({ RATE_LIMIT_PER_USER: 'many' })).toThrow('RATE_LIMIT_PER_USER must be a non-negative integer');
  });
});

describe('the server environment schema', () => {
  it('lists every bad variable in one message and checks the AI provider', () => {
    expect(() => loadConfig({ PORT: 'x', UPLOAD_MAX_MB: '-1' })).toThrow('PORT must be a non-negative integer; UPLOAD_MAX_MB must be a non-negative integer');
    expect(() => loadConfig({ AI_PROVIDER: 'gpt' })).toThrow('AI_PROVIDER must be local or openai');
    expect(loadConfig({ AI_PROVIDER: 'openai', OPENAI_BASE_URL: 'http://llm.internal/v1' }).ai).toEqual({ provider: 'openai', baseUrl: 'http://llm.internal/v1', apiKey: undefined, model: undefined });
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ PORT: '', HOST: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, host: '0.0.0.0', databaseUrl: undefined });
  });
});
