import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { fastifyTRPCOpenApiPlugin, generateOpenApiDocument } from 'trpc-to-openapi';
import { awaitBridgeReply } from './bridge-reply';
import { appRouter } from '../routers/app-router';
import { type AppDeps, contextFactory } from '../trpc/context';
import { findInputProblem } from '../trpc/input-guard';
import { CSRF_COOKIE, CSRF_HEADER } from './cookies';
import { exportRoutes } from './export-routes';
import { FILE_ROUTE_PATHS } from './file-routes-openapi';
import { uploadRoutes } from './upload-routes';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The procedures' paths from their meta and the plain routes' from their contract schemas, in one document. */
export function buildOpenApiDocument() {
  return generateOpenApiDocument(appRouter, {
    title: 'Compliance Platform API',
    version: '1.0.0',
    baseUrl: '/api',
    description:
      'REST facade over the same procedures the web client calls through tRPC. Authenticate with POST /auth/login ' +
      `(session cookie); state-changing calls must send the ${CSRF_COOKIE} cookie value in the ${CSRF_HEADER} header.`,
    paths: FILE_ROUTE_PATHS,
  });
}

const SWAGGER_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Compliance Platform API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script></body></html>`;

const SWAGGER_INIT = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json', dom_id: '#swagger-ui',
  requestInterceptor: function (req) {
    var m = document.cookie.match(/(?:^|; )${CSRF_COOKIE}=([^;]+)/);
    if (m) req.headers['${CSRF_HEADER}'] = decodeURIComponent(m[1]);
    return req;
  }
});`;

/** The REST facade under /api: the tRPC procedures through the OpenAPI bridge, the document and Swagger UI. */
export async function restPlugin(app: FastifyInstance, opts: { deps: AppDeps }) {
  // Calls such as logout or toggle-status may come with no body at all: read an empty body as no input.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      done(Object.assign(new Error('The request body is not valid JSON'), { statusCode: 400 }), undefined);
      return;
    }
    // The OpenAPI bridge re-serializes the body recursively: refuse absurd nesting before it overflows the stack.
    const problem = findInputProblem(parsed);
    if (problem) return done(Object.assign(new Error(problem), { statusCode: 400 }), undefined);
    done(null, parsed);
  });
  app.addHook('onRequest', async (req) => {
    if (BODY_METHODS.has(req.method) && !req.headers['content-type'] && !Number(req.headers['content-length'] ?? 0)) {
      req.headers['content-type'] = 'application/json';
    }
  });

  const document = buildOpenApiDocument();
  app.get('/openapi.json', async () => document);
  app.get('/docs', async (_req, reply) => reply.type('text/html').send(SWAGGER_PAGE));
  app.get('/docs/init.js', async (_req, reply) => reply.type('application/javascript').send(SWAGGER_INIT));
  const swaggerDist = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  await app.register(fastifyStatic, { root: swaggerDist, prefix: '/docs/assets/', decorateReply: false, index: false });

  await app.register(exportRoutes, { deps: opts.deps });
  await app.register(uploadRoutes, { deps: opts.deps });
  await app.register(async (bridge) => {
    bridge.addHook('onRoute', awaitBridgeReply);
    await bridge.register(fastifyTRPCOpenApiPlugin, {
      router: appRouter,
      createContext: contextFactory(opts.deps),
      // The bridge would write its own error body; rethrown here, the error leaves its handler unanswered
      // and Fastify's one error handler (app.ts, error-map.ts) answers it like any plain route's error.
      onError: ({ error }: { error: unknown }) => {
        throw error;
      },
    });
  });
}
