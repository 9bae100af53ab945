import type { FastifyRequest } from 'fastify';
import { buildOpenApiDocument } from '../http/rest-plugin';
import { appRouter } from '../routers/app-router';

/**
 * The route a request matched, as a pattern and never as the raw URL (no ids, bounded label values):
 * the Fastify route (`/api/contracts/:id/download`), the REST facade's OpenAPI path behind its
 * catch-all route (`/api/requirements/:id`), or the tRPC procedure (`/trpc/users.create`).
 */
export function routeLabeller() {
  const procedures = new Set(Object.keys((appRouter as unknown as { _def: { procedures: Record<string, unknown> } })._def.procedures));
  const paths = Object.entries(buildOpenApiDocument().paths ?? {})
    .map(([path, item]) => ({
      label: `/api${path.replace(/\{([^}]+)\}/g, ':$1')}`,
      pattern: new RegExp(`^/api${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`),
      methods: new Set(Object.keys(item ?? {}).map((m) => m.toUpperCase())),
      params: (path.match(/\{/g) ?? []).length,
    }))
    .sort((a, b) => a.params - b.params);

  function restLabel(method: string, url: string): string {
    const path = url.split('?')[0]!.replace(/\/+$/, '');
    const found = paths.find((p) => p.methods.has(method) && p.pattern.test(path));
    return found?.label ?? '/api/*';
  }

  function trpcLabel(path: unknown): string {
    const names = typeof path === 'string' ? path.split(',') : [];
    if (!names.length || !names.every((name) => procedures.has(name))) return '/trpc/:path';
    return names.length === 1 ? `/trpc/${names[0]}` : '/trpc/(batch)';
  }

  return (req: FastifyRequest): string => {
    const pattern = req.routeOptions.url;
    if (!pattern) return 'unmatched';
    if (pattern === '/trpc/:path') return trpcLabel((req.params as { path?: unknown }).path);
    if (pattern === '/api/*') return restLabel(req.method, req.url);
    return pattern;
  };
}
