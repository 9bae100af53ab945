import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built web app, with index.html for every client-side route (single-page-app fallback). */
export async function webPlugin(app: FastifyInstance, opts: { webDist: string }) {
  const index = path.join(opts.webDist, 'index.html');
  const hasWeb = existsSync(index);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: opts.webDist, wildcard: false, index: false });
  }
  app.setNotFoundHandler(async (req, reply) => {
    const isApi = req.url.startsWith('/api') || req.url.startsWith('/trpc');
    if (!isApi && hasWeb && (req.method === 'GET' || req.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', opts.webDist);
    }
    return reply.code(404).send({ detail: 'Not found' });
  });
}
