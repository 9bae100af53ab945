import type { FastifyRequest } from 'fastify';
import { AppError } from '@compliance/domain/errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The tenant a request names: X-Tenant-Id header, else the tenant_id query parameter, else the call's input. */
export function requestedTenant(req: FastifyRequest, fromInput: string | null = null): string | null {
  const header = req.headers['x-tenant-id'];
  const query = (req.query as Record<string, unknown> | undefined)?.tenant_id;
  const value = (Array.isArray(header) ? header[0] : header) ?? (typeof query === 'string' ? query : undefined) ?? fromInput ?? undefined;
  if (!value) return null;
  if (!UUID.test(value)) throw new AppError('BAD_REQUEST', 'tenant_id must be a valid id');
  return value;
}
