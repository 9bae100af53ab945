import type { Kysely } from 'kysely';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '@compliance/db/schema';
import type { JobQueue } from '@compliance/domain/jobs/job-queue';
import type { JobObserver } from '@compliance/domain/jobs/job-runner';
import { getJobStatusCounts } from '@compliance/domain/jobs/job-service';
import { registerJobMetrics } from '@compliance/metrics/job-metrics';

const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;
const JOB_STATUSES = ['queued', 'running', 'completed', 'failed', 'timed_out'] as const;

export interface ServerMetrics {
  registry: Registry;
  /** Wire it into the in-process queue so the jobs the server runs are measured. */
  jobObserver: JobObserver;
  observeRequest(labels: { method: string; route: string; status_code: number }, seconds: number): void;
  /** Where the queue-depth gauges read from on each scrape. */
  watchQueue(queue: JobQueue, db: Kysely<Database>): void;
}

/** One registry per server process (and per app in tests): default Node metrics, HTTP, jobs and queue depth. */
export function createServerMetrics(): ServerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  let sources: { queue: JobQueue; db: Kysely<Database> } | undefined;

  const http = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route pattern (or tRPC procedure) and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 90],
    registers: [registry],
  });

  new Gauge({
    name: 'compliance_queue_jobs',
    help: 'Jobs in the queue by state (BullMQ when REDIS_URL is set, else the in-process queue), read on scrape',
    labelNames: ['driver', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      if (!sources) return;
      try {
        const counts = await sources.queue.counts();
        for (const state of QUEUE_STATES) this.set({ driver: sources.queue.driver, state }, counts[state]);
      } catch {
        // Redis unreachable: the gauge is left empty for this scrape rather than failing it.
      }
    },
  });

  new Gauge({
    name: 'compliance_jobs',
    help: 'Rows of the PostgreSQL jobs table by status (all tenants), read on scrape',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      if (!sources) return;
      try {
        const counts = await getJobStatusCounts(sources.db);
        for (const status of JOB_STATUSES) this.set({ status }, counts[status] ?? 0);
      } catch {
        // Database unreachable: /readyz reports it; the scrape still answers.
      }
    },
  });

  return {
    registry,
    jobObserver: registerJobMetrics(registry),
    observeRequest: (labels, seconds) => http.observe(labels, seconds),
    watchQueue(queue, db) {
      sources = { queue, db };
    },
  };
}
