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
