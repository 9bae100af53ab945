import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Content-hashed build output: its name changes with its content, so a browser may keep it for a year. */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[\w-]{8,}\.\w+(?:\.(?:br|gz))?$/;

/**
 * Serves the built web app, with index.html for every client-side route (single-page-app fallback).
 * Assets go out Brotli- or gzip-compressed when the build wrote those copies (scripts/precompress.mjs)
 * and the browser accepts them; content-hashed ones are cached as immutable, everything else revalidated.
 */
export async function webPlugin(app: FastifyInstance, opts: { webDist: string }) {
  const index = path.join(opts.webDist, 'index.html');
  const hasWeb = existsSync(index);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => res.setHeader('cache-control', HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    const isApi = req.url.startsWith('/api') || req.url.startsWith('/trpc');
    if (!isApi && hasWeb && (req.method === 'GET' || req.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', opts.webDist);
    }
    return reply.code(404).send({ detail: 'Not found' });
  });
}
