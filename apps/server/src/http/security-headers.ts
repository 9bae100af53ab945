import type { FastifyInstance } from 'fastify';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  // No remote images: a Markdown image or a logo address cannot make readers' browsers call another host.
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** One year, subdomains included: once a browser has seen the site over HTTPS it never tries plain HTTP. */
const HSTS = 'max-age=31536000; includeSubDomains';
/** What the API answers is per user and often sensitive (a new token's secret, documents): never cached. */
const API_PATH = /^\/(api|trpc)(\/|$)/;

/**
 * Headers on every answer: the content security policy and its companions; HSTS when the site is served
 * over HTTPS (secure cookies); `Cache-Control: no-store` on API and procedure answers that set no policy,
 * and `Content-Disposition: attachment` on their JSON.
 */
export function addSecurityHeaders(app: FastifyInstance, options: { https: boolean }) {
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('content-security-policy', CSP);
    if (options.https) reply.header('strict-transport-security', HSTS);
    // The route's pattern, not req.url: the REST bridge rewrites the URL before answering.
    if (API_PATH.test(req.routeOptions.url ?? req.url)) {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      // ASVS V14.4.2: JSON opened as a page is a download, never rendered (downloads name their own file).
      // tRPC answers with a fetch Response, whose headers Fastify copies after this hook.
      const type = String(reply.getHeader('content-type') ?? (payload instanceof Response ? payload.headers.get('content-type') : '') ?? '');
      if (type.startsWith('application/json') && !reply.hasHeader('content-disposition')) reply.header('content-disposition', 'attachment; filename="api.json"');
    }
    reply.header('x-frame-options', 'DENY');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    return payload;
  });
}
