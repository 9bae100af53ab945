import { describe, expect, it } from 'vitest';
import { loadWorkerConfig } from './env';

describe('JOB_SWEEP_INTERVAL_MS', () => {
  it('defaults to 30 seconds, takes 0 to disable the sweep, and refuses anything else', () => {
    expect(loadWorkerConfig({}).jobSweepIntervalMs).toBe(30_000);
    expect(loadWorkerConfig({ JOB_SWEEP_INTERVAL_MS: '5000' }).jobSweepIntervalMs).toBe(5_000);
    expect(loadWorkerConfig({ JOB_SWEEP_INTERVAL_MS: '0' }).jobSweepIntervalMs).toBe(0);
    expect(() => loadWorkerConfig({ JOB_SWEEP_INTERVAL_MS: '-1' })).toThrow('JOB_SWEEP_INTERVAL_MS');
    expect(() => loadWorkerConfig({ JOB_SWEEP_INTERVAL_MS: 'soon' })).toThrow('JOB_SWEEP_INTERVAL_MS');
  });
});

describe('the worker environment', () => {
  it('reads the environment it is given, with defaults for what is unset', () => {
    const config = loadWorkerConfig({ WORKER_CONCURRENCY: '5', WORKER_SHUTDOWN_GRACE_MS: '1000', WORKER_LOCK_MS: '2000' });
    expect(config.concurrency).toBe(5);
    expect(config.shutdownGraceMs).toBe(1000);
    expect(config.lockDurationMs).toBe(2000);
    expect(config.stalledIntervalMs).toBeUndefined();
    expect(loadWorkerConfig({}).concurrency).toBe(2);
  });

  it('refuses numbers it cannot use instead of passing NaN on, naming every bad variable', () => {
    expect(() => loadWorkerConfig({ WORKER_SHUTDOWN_GRACE_MS: 'soon' })).toThrow('WORKER_SHUTDOWN_GRACE_MS must be a whole number of milliseconds');
    expect(() => loadWorkerConfig({ WORKER_LOCK_MS: '-5' })).toThrow('WORKER_LOCK_MS must be a positive integer');
    expect(() => loadWorkerConfig({ WORKER_METRICS_PORT: '70000' })).toThrow('WORKER_METRICS_PORT must be a port number');
    expect(() => loadWorkerConfig({ WORKER_CONCURRENCY: '0', PARSER_MAX_HEAP_MB: 'big' })).toThrow(
      'WORKER_CONCURRENCY must be a positive integer; PARSER_MAX_HEAP_MB must be a positive integer',
    );
  });

  it('reads the AI settings with the server schema: provider checked, empty values unset', () => {
    expect(loadWorkerConfig({ AI_PROVIDER: 'openai', AI_MODEL: 'm', OPENAI_API_KEY: '' }).ai).toEqual({ provider: 'openai', baseUrl: undefined, apiKey: undefined, model: 'm' });
    expect(loadWorkerConfig({}).ai.provider).toBe('local');
    expect(() => loadWorkerConfig({ AI_PROVIDER: 'gpt' })).toThrow('AI_PROVIDER must be local or openai');
  });
});
