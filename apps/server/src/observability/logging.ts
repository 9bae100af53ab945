import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
/** An incoming id is kept only when it is a plain token (a proxy's id); anything else gets a fresh UUID. */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function genReqId(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}

/** Never logged: credentials, cookies, tokens, passwords, and document or chat text in bodies. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'authorization',
  'cookie',
  'password',
  '*.password',
  '*.current_password',
  '*.new_password',
  '*.reset_code',
  '*.token',
  '*.apiKey',
  '*.text',
  '*.content',
  'body',
];

/** A request as logged: method, path without its query string (SSE inputs and filters travel there), client address. */
function serializeRequest(req: { method: string; url: string; ip?: string; headers?: Record<string, unknown> }) {
  return { method: req.method, url: req.url.split('?')[0], remoteAddress: req.ip, userAgent: req.headers?.['user-agent'], headers: req.headers };
}

/** pino as JSON lines on stdout (or the given stream, for tests), each request's lines carrying reqId. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { req: serializeRequest as never },
    ...(stream ? { stream } : {}),
  };
}
