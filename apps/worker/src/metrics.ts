import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Registry, collectDefaultMetrics } from 'prom-client';
import type { JobObserver } from '@compliance/domain/jobs/job-runner';
import { registerJobMetrics } from '@compliance/metrics/job-metrics';
import { metricsTokenAccepted } from '@compliance/metrics/metrics-token';

export interface WorkerMetrics {
  registry: Registry;
  jobObserver: JobObserver;
}

export function createWorkerMetrics(): WorkerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return { registry, jobObserver: registerJobMetrics(registry) };
}

/**
 * GET /metrics (METRICS_TOKEN as on the server) and GET /healthz on the worker's own port; nothing else.
 * Resolves with the listening server and its port (port 0 in tests picks a free one).
 */
export async function serveMetrics(metrics: WorkerMetrics, options: { port: number; host?: string; token?: string }): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && path === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      return;
    }
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"Not found"}');
      return;
    }
    if (!metricsTokenAccepted(req.headers.authorization, options.token)) {
      res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer realm="metrics"' }).end('{"detail":"A valid metrics token is required."}');
      return;
    }
    metrics.registry.metrics().then(
      (body) => res.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' }).end(body),
      () => res.writeHead(500, { 'content-type': 'application/json' }).end('{"detail":"Internal server error"}'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolve());
  });
  return { server, port: (server.address() as AddressInfo).port };
}
