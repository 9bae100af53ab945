import { expect } from 'vitest';
import { type MatrixRow, type World, allBut, createDocument } from './matrix-world';
import { probe } from './db-probe';

const A1 = (w: World) => w.orgA.tenants[0]!;
const A2 = (w: World) => w.orgA.tenants[1]!;
const B1 = (w: World) => w.orgB.tenants[0]!;
const db = (w: World) => w.t.handle.db;

/** A refused change leaves the document as it was: its name and no expiry date. */
const evidenceUnchanged = (pick: (w: World) => string) => async (w: World) =>
  expect(await probe(db(w), (tx) => tx.selectFrom('documents').select(['name', 'expires_on']).where('id', '=', pick(w)).executeTakeFirstOrThrow())).toEqual({
    name: expect.stringMatching(/^evidence-/),
    expires_on: null,
  });

/** The authorization-matrix rows of the evidence lifecycle (edit, versions, expiring evidence). */
export const EVIDENCE_ROWS: Record<string, MatrixRow> = {
  'evidence.update': {
    expect: allBut({ viewer: 403, outsider: 403 }),
    call: async (w) => ({ input: { id: await createDocument(db(w), A1(w), 'evidence'), name: 'Renamed', expires_on: '2030-01-31' }, headers: { 'x-tenant-id': A1(w).id } }),
    crossTenant: {
      as: 'editor',
      status: 404,
      call: (w) => ({ input: { id: w.evidence.A2, name: 'Renamed', expires_on: '2030-01-31' }, headers: { 'x-tenant-id': A1(w).id } }),
      after: evidenceUnchanged((w) => w.evidence.A2),
    },
    crossOrg: {
      as: 'manager',
      status: 404,
      call: (w) => ({ input: { id: w.evidence.B1, name: 'Renamed', expires_on: '2030-01-31' }, headers: { 'x-tenant-id': A1(w).id } }),
      after: evidenceUnchanged((w) => w.evidence.B1),
    },
  },
  'evidence.versions': {
    expect: allBut({ outsider: 403 }),
    call: (w) => ({ input: { id: w.evidence.A1 }, headers: { 'x-tenant-id': A1(w).id } }),
    crossTenant: { as: 'editor', status: 404, call: (w) => ({ input: { id: w.evidence.A2 }, headers: { 'x-tenant-id': A1(w).id } }) },
    crossOrg: { as: 'manager', status: 404, call: (w) => ({ input: { id: w.evidence.B1 }, headers: { 'x-tenant-id': A1(w).id } }) },
  },
  'evidence.expiring': {
    expect: allBut({ outsider: 403 }),
    call: (w) => ({ input: { tenant_id: A1(w).id } }),
    crossTenant: { as: 'viewer', status: 403, call: (w) => ({ input: { tenant_id: A2(w).id } }) },
    crossOrg: { as: 'admin', status: 403, call: (w) => ({ headers: { 'x-tenant-id': B1(w).id } }) },
  },
};
