import type { FastifyRequest } from 'fastify';
import { idSchema } from '@compliance/contracts/common';
import { AppError } from '@compliance/domain/errors';

/**
 * The tenant a request names: the X-Tenant-Id header, the tenant_id query parameter, or the call's own
 * input (a procedure's input, an upload's form field). They may repeat one tenant; naming two different
 * tenants is refused, so one of them is never silently preferred over the other. Each is checked with the
 * contracts' one id schema.
 */
export function requestedTenant(req: FastifyRequest, fromInput: string | null = null): string | null {
  const header = req.headers['x-tenant-id'];
  const query = (req.query as Record<string, unknown> | undefined)?.tenant_id;
  const named = [Array.isArray(header) ? header[0] : header, typeof query === 'string' ? query : undefined, fromInput ?? undefined].filter(
    (value): value is string => !!value,
  );
  if (named.length === 0) return null;
  for (const value of named) if (!idSchema.safeParse(value).success) throw new AppError('BAD_REQUEST', 'tenant_id must be a valid id');
  if (new Set(named.map((value) => value.toLowerCase())).size > 1) {
    throw new AppError('BAD_REQUEST', 'The request names two different tenants; name the tenant once');
  }
  return named[0]!;
}
