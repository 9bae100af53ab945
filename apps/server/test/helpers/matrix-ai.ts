import { expect } from 'vitest';
import { type MatrixRow, type World, allBut } from './matrix-world';
import { probe } from './db-probe';

const A1 = (w: World) => w.orgA.tenants[0]!;
const A2 = (w: World) => w.orgA.tenants[1]!;
const B1 = (w: World) => w.orgB.tenants[0]!;
const db = (w: World) => w.t.handle.db;
const POLICY_REQUEST = { policy_type: 'Access Control Policy', frameworks: [], include_contracts: true };
const POLICY_SAVE = { policy_type: 'Access Control Policy', content: '# Access Control Policy\n\nThe organization shall review access (Requirement 3.1).' };
const CHAT_REQUEST = { messages: [{ role: 'user', content: 'What is our overall compliance rate?' }] };
const noSavedPolicy = (pick: (w: World) => { id: string }) => async (w: World) =>
  expect(await probe(db(w), (tx) => tx.selectFrom('documents').select('id').where('tenant_id', '=', pick(w).id).where('filename', '=', 'Access_Control_Policy.md').execute())).toEqual([]);

/** The authorization-matrix rows of the AI features (policy generator and assistant). */
export const AI_ROWS: Record<string, MatrixRow> = {
  'policies.templates': {
    expect: allBut({ outsider: 403 }),
    call: (w) => ({ input: { tenant_id: A1(w).id } }),
    crossTenant: { as: 'viewer', status: 403, call: (w) => ({ input: { tenant_id: A2(w).id } }) },
    crossOrg: { as: 'manager', status: 403, call: (w) => ({ headers: { 'x-tenant-id': B1(w).id } }) },
  },
  'policies.generate': {
    expect: allBut({ viewer: 403, outsider: 403 }),
    call: (w) => ({ input: POLICY_REQUEST, headers: { 'x-tenant-id': A1(w).id } }),
    crossTenant: { as: 'editor', status: 403, call: (w) => ({ input: POLICY_REQUEST, headers: { 'x-tenant-id': A2(w).id } }) },
    crossOrg: { as: 'manager', status: 403, call: (w) => ({ input: { ...POLICY_REQUEST, tenant_id: B1(w).id } }) },
  },
  'policies.startGeneration': {
    expect: allBut({ viewer: 403, outsider: 403 }),
    call: (w) => ({ input: POLICY_REQUEST, headers: { 'x-tenant-id': A1(w).id } }),
    crossTenant: { as: 'editor', status: 403, call: (w) => ({ input: POLICY_REQUEST, headers: { 'x-tenant-id': A2(w).id } }) },
    crossOrg: { as: 'manager', status: 403, call: (w) => ({ input: { ...POLICY_REQUEST, tenant_id: B1(w).id } }) },
  },
  'policies.saveToEvidence': {
    expect: allBut({ viewer: 403, outsider: 403 }),
    call: (w) => ({ input: POLICY_SAVE, headers: { 'x-tenant-id': A1(w).id } }),
    crossTenant: { as: 'editor', status: 403, call: (w) => ({ input: POLICY_SAVE, headers: { 'x-tenant-id': A2(w).id } }), after: noSavedPolicy(A2) },
    crossOrg: { as: 'manager', status: 403, call: (w) => ({ input: { ...POLICY_SAVE, tenant_id: B1(w).id } }), after: noSavedPolicy(B1) },
  },
  'assistant.chat': {
    expect: allBut({ outsider: 403 }),
    call: (w) => ({ input: CHAT_REQUEST, headers: { 'x-tenant-id': A1(w).id } }),
    crossTenant: { as: 'viewer', status: 403, call: (w) => ({ input: { ...CHAT_REQUEST, tenant_id: A2(w).id } }) },
    crossOrg: { as: 'admin', status: 403, call: (w) => ({ input: CHAT_REQUEST, headers: { 'x-tenant-id': B1(w).id } }) },
  },
};
