import { expect } from 'vitest';
import { type MatrixRow, type World, allBut, createDocument } from './matrix-world';
import { probe } from './db-probe';

const A1 = (w: World) => w.orgA.tenants[0]!;
const A2 = (w: World) => w.orgA.tenants[1]!;
const B1 = (w: World) => w.orgB.tenants[0]!;
const db = (w: World) => w.t.handle.db;
type Tenant = { id: string; organization_id: string };
type Key = 'A1' | 'A2' | 'B1';

/** A suggested link between the tenant's evidence document and requirement of the world (made once per tenant). */
const links = new Map<Key, string>();
async function linkOf(w: World, key: Key, tenant: Tenant) {
  const known = links.get(key);
  if (known) return known;
  const row = await probe(db(w), async (tx) => {
    const existing = await tx.selectFrom('evidence_links').select('id').where('document_id', '=', w.evidence[key]).where('tenant_requirement_id', '=', w.requirements[key]).executeTakeFirst();
    return (
      existing ??
      tx
        .insertInto('evidence_links')
        .values({ tenant_id: tenant.id, organization_id: tenant.organization_id, document_id: w.evidence[key], tenant_requirement_id: w.requirements[key], confidence: 0.7, excerpt: 'Reviewed.' })
        .returning('id')
        .executeTakeFirstOrThrow()
    );
  });
  links.set(key, row.id);
  return row.id;
}

/** One obligation of the tenant's contract of the world. */
const obligations = new Map<Key, string>();
async function obligationOf(w: World, key: Key, tenant: Tenant) {
  const known = obligations.get(key);
  if (known) return known;
  const row = await probe(db(w), (tx) =>
    tx
      .insertInto('contract_obligations')
      .values({ tenant_id: tenant.id, organization_id: tenant.organization_id, document_id: w.contracts[key], ordinal: 0, clause: '1.1', text: 'The Supplier shall log access.', domain_number: 3, confidence: 0.9, tenant_requirement_id: null })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  obligations.set(key, row.id);
  return row.id;
}

async function draftOf(w: World, tenant: Tenant) {
  const id = await createDocument(db(w), tenant, 'evidence');
  await probe(db(w), (tx) => tx.updateTable('documents').set({ approval: 'draft' }).where('id', '=', id).execute());
  return id;
}

const drafts: Partial<Record<Key, string>> = {};
const stillSuggested = (table: 'evidence_links' | 'contract_obligations', ids: Map<Key, string>, key: Key) => async (w: World) =>
  expect((await probe(db(w), (tx) => tx.selectFrom(table).select(['review_state', 'reviewed_by']).where('id', '=', ids.get(key)!).executeTakeFirstOrThrow()))).toEqual({
    review_state: 'suggested',
    reviewed_by: null,
  });
const stillDraft = (key: Key) => async (w: World) =>
  expect((await probe(db(w), (tx) => tx.selectFrom('documents').select('approval').where('id', '=', drafts[key]!).executeTakeFirstOrThrow())).approval).toBe('draft');

/** The authorization-matrix rows of reviewing what the AI proposed: Editors decide, Admins approve drafts. */
export const REVIEW_ROWS: Record<string, MatrixRow> = {
  'evidence.reviewLink': {
    expect: allBut({ viewer: 403, outsider: 403 }),
    call: async (w) => ({ input: { id: w.evidence.A1, link_id: await linkOf(w, 'A1', A1(w)), state: 'accepted' }, headers: { 'x-tenant-id': A1(w).id } }),
    crossTenant: {
      as: 'editor',
      status: 404,
      call: async (w) => ({ input: { id: w.evidence.A2, link_id: await linkOf(w, 'A2', A2(w)), state: 'rejected' }, headers: { 'x-tenant-id': A1(w).id } }),
      after: stillSuggested('evidence_links', links, 'A2'),
    },
    crossOrg: {
      as: 'manager',
      status: 404,
      call: async (w) => ({ input: { id: w.evidence.B1, link_id: await linkOf(w, 'B1', B1(w)), state: 'rejected' }, headers: { 'x-tenant-id': A1(w).id } }),
      after: stillSuggested('evidence_links', links, 'B1'),
    },
  },
  'contracts.reviewObligation': {
    expect: allBut({ viewer: 403, outsider: 403 }),
    call: async (w) => ({ input: { id: w.contracts.A1, obligation_id: await obligationOf(w, 'A1', A1(w)), state: 'rejected' }, headers: { 'x-tenant-id': A1(w).id } }),
    crossTenant: {
      as: 'editor',
      status: 404,
      call: async (w) => ({ input: { id: w.contracts.A2, obligation_id: await obligationOf(w, 'A2', A2(w)), state: 'rejected' }, headers: { 'x-tenant-id': A1(w).id } }),
      after: stillSuggested('contract_obligations', obligations, 'A2'),
    },
    crossOrg: {
      as: 'manager',
      status: 404,
      call: async (w) => ({ input: { id: w.contracts.B1, obligation_id: await obligationOf(w, 'B1', B1(w)), state: 'accepted' }, headers: { 'x-tenant-id': A1(w).id } }),
      after: stillSuggested('contract_obligations', obligations, 'B1'),
    },
  },
  'evidence.approve': {
    expect: allBut({ editor: 403, viewer: 403, outsider: 403 }),
    call: async (w) => ({ input: { id: await draftOf(w, A1(w)) }, headers: { 'x-tenant-id': A1(w).id } }),
    crossTenant: {
      as: 'admin',
      status: 404,
      call: async (w) => ({ input: { id: (drafts.A2 = await draftOf(w, A2(w))) }, headers: { 'x-tenant-id': A1(w).id } }),
      after: stillDraft('A2'),
    },
    crossOrg: {
      as: 'manager',
      status: 404,
      call: async (w) => ({ input: { id: (drafts.B1 = await draftOf(w, B1(w))) }, headers: { 'x-tenant-id': A1(w).id } }),
      after: stillDraft('B1'),
    },
  },
};
