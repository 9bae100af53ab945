import { describe, expect, it } from 'vitest';
import { loadWorkerConfig } from '../src/env';
import { jsonLog } from '../src/log';
import { createWorkerMetrics, serveMetrics } from '../src/metrics';

describe('worker metrics endpoint', () => {
  it('serves job metrics and default Node metrics on its own port, behind METRICS_TOKEN when set', async () => {
    const metrics = createWorkerMetrics();
    const base = { jobId: 'j1', tenantId: 't1', name: 'analyze-evidence' };
    metrics.jobObserver.onFinished({ ...base, outcome: 'completed', durationMs: 1500, stage: 'Finalizing analysis' });
    metrics.jobObserver.onFinished({ ...base, outcome: 'retry', durationMs: 300, stage: 'Analyzing with AI batch 2/5', error: 'provider 503' });
    const { server, port } = await serveMetrics(metrics, { port: 0, host: '127.0.0.1', token: 'worker-scrape-1' });
    try {
      const url = `http://127.0.0.1:${port}`;
      expect((await fetch(`${url}/metrics`)).status).toBe(401);
      expect((await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
      const res = await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer worker-scrape-1' } });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toContain('compliance_job_duration_seconds_count{name="analyze-evidence",outcome="completed"} 1');
      expect(text).toContain('compliance_job_duration_seconds_count{name="analyze-evidence",outcome="retry"} 1');
      expect(text).toContain('compliance_job_failures_total{name="analyze-evidence",stage="Analyzing with AI batch N/N"} 1');
      expect(text).toContain('process_resident_memory_bytes');
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      expect((await fetch(`${url}/other`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('reads WORKER_METRICS_PORT (default 9464, 0 disables) and refuses a bad value', () => {
    expect(loadWorkerConfig({}).metricsPort).toBe(9464);
    expect(loadWorkerConfig({ WORKER_METRICS_PORT: '0' }).metricsPort).toBe(0);
    expect(loadWorkerConfig({ WORKER_METRICS_PORT: '9100', METRICS_TOKEN: 'x' })).toMatchObject({ metricsPort: 9100, metricsToken: 'x' });
    expect(() => loadWorkerConfig({ WORKER_METRICS_PORT: 'http' })).toThrow(/WORKER_METRICS_PORT/);
  });
});

describe('worker logs', () => {
  it('writes one JSON object per line with job id, name and tenant, and never a secret-looking field', () => {
    const lines: string[] = [];
    const log = jsonLog((line) => lines.push(line));
    log('job failed', { jobId: 'j1', name: 'analyze-contract', tenantId: 't1', apiKey: 'sk-123', text: 'contract body' }, 'error');
    const entry = JSON.parse(lines[0]!);
    expect(entry).toMatchObject({ level: 'error', msg: 'job failed', jobId: 'j1', name: 'analyze-contract', tenantId: 't1', service: 'worker' });
    expect(lines[0]).not.toContain('sk-123');
    expect(lines[0]).not.toContain('contract body');
  });
});
