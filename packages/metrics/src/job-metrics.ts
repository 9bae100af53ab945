import { Counter, Histogram, type Registry } from 'prom-client';
import type { JobFinished, JobObserver } from '@compliance/domain/jobs/job-runner';

/** Seconds: a quick policy draft, a long analysis, up to the 90 s deadline. */
const JOB_BUCKETS = [0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 45, 60, 90, 120];

/** Stages carry counters ('Analyzing with AI batch 2/7'): numbers become N so the label stays bounded. */
export function stageLabel(stage: string): string {
  return stage.replace(/\d+/g, 'N').slice(0, 60) || 'unknown';
}

/**
 * The job metrics, shared by the server (in-process queue) and the worker (BullMQ) so one dashboard
 * sums both: a duration histogram by job name and outcome, and failed attempts by job name and stage.
 */
export function registerJobMetrics(registry: Registry): JobObserver {
  const duration = new Histogram({
    name: 'compliance_job_duration_seconds',
    help: 'Duration of job attempts, by job name and outcome (completed, failed, timed_out, retry)',
    labelNames: ['name', 'outcome'] as const,
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  const failures = new Counter({
    name: 'compliance_job_failures_total',
    help: 'Failed job attempts (retried, failed for good or timed out), by job name and the stage they failed in',
    labelNames: ['name', 'stage'] as const,
    registers: [registry],
  });
  return {
    onFinished(event: JobFinished) {
      duration.observe({ name: event.name, outcome: event.outcome }, event.durationMs / 1000);
      if (event.outcome !== 'completed') failures.inc({ name: event.name, stage: stageLabel(event.stage) });
    },
  };
}
