import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { registerJobMetrics, stageLabel } from './job-metrics';
import { metricsTokenAccepted } from './metrics-token';

describe('job metrics', () => {
  it('turns stage counters into N so the label set stays bounded', () => {
    expect(stageLabel('Analyzing with AI batch 2/17')).toBe('Analyzing with AI batch N/N');
    expect(stageLabel('')).toBe('unknown');
    expect(stageLabel('x'.repeat(100))).toHaveLength(60);
  });

  it('observes every attempt and counts the ones that did not complete by stage', async () => {
    const registry = new Registry();
    const observer = registerJobMetrics(registry);
    const ids = { jobId: 'job-1', tenantId: 'tenant-1' };
    observer.onFinished({ ...ids, name: 'analyze-evidence', outcome: 'completed', stage: 'Done', durationMs: 1_500 });
    observer.onFinished({ ...ids, name: 'analyze-evidence', outcome: 'retry', stage: 'Analyzing with AI batch 3/7', durationMs: 400 });
    observer.onFinished({ ...ids, name: 'analyze-contract', outcome: 'timed_out', stage: 'Parsing', durationMs: 90_000 });
    const text = await registry.metrics();
    expect(text).toContain('compliance_job_duration_seconds_count{name="analyze-evidence",outcome="completed"} 1');
    expect(text).toContain('compliance_job_duration_seconds_sum{name="analyze-contract",outcome="timed_out"} 90');
    expect(text).toContain('compliance_job_failures_total{name="analyze-evidence",stage="Analyzing with AI batch N/N"} 1');
    expect(text).toContain('compliance_job_failures_total{name="analyze-contract",stage="Parsing"} 1');
    expect(text).not.toContain('stage="Done"');
  });
});

describe('metrics token', () => {
  it('is open without a token and needs the exact bearer with one', () => {
    expect(metricsTokenAccepted(undefined, undefined)).toBe(true);
    expect(metricsTokenAccepted('Bearer s3cret-token', 's3cret-token')).toBe(true);
    expect(metricsTokenAccepted(undefined, 's3cret-token')).toBe(false);
    expect(metricsTokenAccepted('Bearer s3cret-tokeN', 's3cret-token')).toBe(false);
    expect(metricsTokenAccepted('s3cret-token', 's3cret-token')).toBe(false);
  });
});
