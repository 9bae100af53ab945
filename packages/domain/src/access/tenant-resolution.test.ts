import { describe, expect, it } from 'vitest';
import type { Caller } from './caller';
import { resolveTenantId } from './tenant-resolution';
import { AppError } from '../errors';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const OTHER = '00000000-0000-4000-8000-0000000000ff';

function caller(tenantIds: string[]): Caller {
  return {
    user: { id: 'u', username: 'u', email: 'u@x', full_name: null, role: 'Editor', is_product_admin: false, is_active: true, deleted_at: null, created_at: new Date(), updated_at: new Date() },
    isProductAdmin: false,
    managedOrgIds: new Set(),
    memberOrgIds: new Set(),
    adminOrgIds: new Set(),
    tenants: new Map(tenantIds.map((id) => [id, { id, organization_id: 'o' }])),
    grantedTenantIds: tenantIds,
  };
}

describe('resolveTenantId', () => {
  it('uses the named tenant when the caller can reach it', () => {
    expect(resolveTenantId(caller([A, B]), B, A)).toBe(B);
  });

  it('refuses a named tenant the caller cannot reach instead of falling back', () => {
    expect(() => resolveTenantId(caller([A]), OTHER, A)).toThrow(AppError);
    expect(() => resolveTenantId(caller([A]), OTHER, A)).toThrow('You do not have access to this tenant');
  });

  it("falls back to the session's tenant, then to the first reachable one", () => {
    expect(resolveTenantId(caller([A, B]), null, B)).toBe(B);
    expect(resolveTenantId(caller([A, B]), null, OTHER)).toBe(A);
  });

  it('answers 403 when the caller has no tenant at all', () => {
    try {
      resolveTenantId(caller([]), null, null);
      expect.unreachable();
    } catch (error) {
      expect((error as AppError).code).toBe('FORBIDDEN');
    }
  });
});
