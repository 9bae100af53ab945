import { expect } from 'vitest';
import { type MatrixRow, type World, allBut } from './matrix-world';
import { probe } from './db-probe';

const A1 = (w: World) => w.orgA.tenants[0]!;
const A2 = (w: World) => w.orgA.tenants[1]!;
const B1 = (w: World) => w.orgB.tenants[0]!;
const unassigned = (pick: (w: World) => string) => async (w: World) =>
  expect(
    await probe(w.t.handle.db, (tx) => tx.selectFrom('tenant_requirements').select(['owner_user_id', 'due_date']).where('id', '=', pick(w)).executeTakeFirstOrThrow()),
  ).toEqual({ owner_user_id: null, due_date: null });

/** The authorization-matrix rows of requirements as work: reading them, owners and due dates. */
export const WORK_ROWS: Record<string, MatrixRow> = {
  'requirements.list': {
    expect: allBut({ outsider: 403 }),
    call: (w) => ({ headers: { 'x-tenant-id': A1(w).id } }),
    crossTenant: { as: 'editor', status: 403, call: (w) => ({ headers: { 'x-tenant-id': A2(w).id } }) },
    crossOrg: { as: 'manager', status: 403, call: (w) => ({ input: { tenant_id: B1(w).id } }) },
  },
  'requirements.page': {
    expect: allBut({ outsider: 403 }),
    call: (w) => ({ input: { limit: '5' }, headers: { 'x-tenant-id': A1(w).id } }),
    crossTenant: { as: 'editor', status: 403, call: (w) => ({ input: { tenant_id: A2(w).id } }) },
    crossOrg: { as: 'manager', status: 403, call: (w) => ({ headers: { 'x-tenant-id': B1(w).id } }) },
  },
  'requirements.stats': {
    expect: allBut({ outsider: 403 }),
    call: (w) => ({ input: { tenant_id: A1(w).id } }),
    crossTenant: { as: 'viewer', status: 403, call: (w) => ({ input: { tenant_id: A2(w).id } }) },
    crossOrg: { as: 'admin', status: 403, call: (w) => ({ headers: { 'x-tenant-id': B1(w).id } }) },
  },
  'requirements.owners': {
    expect: allBut({ outsider: 403 }),
    call: (w) => ({ headers: { 'x-tenant-id': A1(w).id } }),
    crossTenant: { as: 'editor', status: 403, call: (w) => ({ headers: { 'x-tenant-id': A2(w).id } }) },
    crossOrg: { as: 'manager', status: 403, call: (w) => ({ headers: { 'x-tenant-id': B1(w).id } }) },
  },
  'requirements.get': {
    expect: allBut({ outsider: 403 }),
    call: (w) => ({ input: { id: w.requirements.A1 }, headers: { 'x-tenant-id': A1(w).id } }),
    crossTenant: { as: 'editor', status: 404, call: (w) => ({ input: { id: w.requirements.A2 }, headers: { 'x-tenant-id': A1(w).id } }) },
    crossOrg: { as: 'manager', status: 404, call: (w) => ({ input: { id: w.requirements.B1 }, headers: { 'x-tenant-id': A1(w).id } }) },
  },
  'requirements.assign': {
    expect: allBut({ viewer: 403, outsider: 403 }),
    call: (w) => ({ input: { requirement_ids: [w.requirements.A1], due_date: '2030-01-01' }, headers: { 'x-tenant-id': A1(w).id } }),
    crossTenant: {
      as: 'editor', status: 404, call: (w) => ({ input: { requirement_ids: [w.requirements.A2], due_date: '2020-01-01' }, headers: { 'x-tenant-id': A1(w).id } }),
      after: unassigned((w) => w.requirements.A2),
    },
    crossOrg: {
      as: 'manager', status: 404, call: (w) => ({ input: { requirement_ids: [w.requirements.B1], due_date: '2020-01-01' }, headers: { 'x-tenant-id': A1(w).id } }),
      after: unassigned((w) => w.requirements.B1),
    },
  },
};

