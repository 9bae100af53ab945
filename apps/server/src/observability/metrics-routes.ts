import type { FastifyInstance } from 'fastify';
import { metricsTokenAccepted } from '@compliance/metrics/metrics-token';
import type { ServerMetrics } from './metrics';
import { REQUEST_ID_HEADER } from './logging';
import { routeLabeller } from './route-label';

declare module 'fastify' {
  interface FastifyRequest {
    metricsRoute?: string;
  }
}

/**
 * Request ids echoed in `x-request-id`, the HTTP duration histogram (labelled before a handler can
 * rewrite the URL) and GET /metrics. Hooks on the root instance, so every route is measured.
 */
export function addObservability(app: FastifyInstance, opts: { metrics: ServerMetrics; token: string | undefined }) {
  const labelOf = routeLabeller();
  app.addHook('onRequest', async (req, reply) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    req.metricsRoute = labelOf(req);
  });
  app.addHook('onResponse', async (req, reply) => {
    const route = req.metricsRoute ?? 'unmatched';
    opts.metrics.observeRequest({ method: req.method, route, status_code: reply.statusCode }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', async (req, reply) => {
    if (!metricsTokenAccepted(req.headers.authorization, opts.token)) {
      return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send({ detail: 'A valid metrics token is required.' });
    }
    const body = await opts.metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(opts.metrics.registry.contentType).send(body);
  });
}
