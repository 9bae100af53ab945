import { SYSTEM_SCOPE, withScope } from '@compliance/db/scope';
import type { Actor } from '@compliance/domain/access/actor';
import { WORLD_CONTRACTS, WORLD_EVIDENCE, WORLD_OWNERS, assignWork, fixtureDocx, uploadAndAnalyse } from './assistant-seed';
import { createComplianceOrg } from './compliance-fixtures';
import { PASSWORD, actorFor, createUser } from './factories';
import { type Session, type TestApp, login } from './test-app';

/**
 * The assistant evaluation's tenant: real contracts and evidence analysed by the local engine, owners,
 * a spread of statuses set through the product (so the audit trail holds them), a sibling tenant the
 * manager may read, and another organization nobody here may read.
 */

export type AssistantWorld = {
  tenant: { id: string; name: string; organization_id: string };
  sibling: { id: string; name: string };
  foreign: { id: string; name: string };
  /** Priya Shah, an Editor of the tenant: the person asking. */
  analyst: Session;
  analystActor: Actor;
  /** A manager of the organization, who may read both of its tenants. */
  manager: Session;
};

async function setFullName(t: TestApp, userId: string, name: string) {
  await withScope(t.handle.db, SYSTEM_SCOPE, (tx) => tx.updateTable('users').set({ full_name: name }).where('id', '=', userId).execute());
}

export async function seedAssistantWorld(t: TestApp, options: { evidence?: number; contracts?: number } = {}): Promise<AssistantWorld> {
  const db = t.handle.db;
  const org = await createComplianceOrg(db, [['HIPAA', 'NIST 800-53 rev 5'], ['ISO 27001']]);
  const other = await createComplianceOrg(db, [['PCI DSS 4.0']]);
  const names = { tenant: 'Harborview Clinics', sibling: 'Harborview Labs', foreign: 'Globex Retail' };
  await withScope(db, SYSTEM_SCOPE, async (tx) => {
    await tx.updateTable('organizations').set({ name: 'Harborview Health' }).where('id', '=', org.id).execute();
    await tx.updateTable('tenants').set({ name: names.tenant }).where('id', '=', org.tenants[0]!.id).execute();
    await tx.updateTable('tenants').set({ name: names.sibling }).where('id', '=', org.tenants[1]!.id).execute();
    await tx.updateTable('tenants').set({ name: names.foreign }).where('id', '=', other.tenants[0]!.id).execute();
  });
  const tenant = { ...org.tenants[0]!, name: names.tenant };
  const users: Record<string, string> = {};
  for (const name of WORLD_OWNERS) {
    const user = await createUser(db, { role: 'Editor', memberOf: [org.id], tenants: [tenant] });
    await setFullName(t, user.id, name);
    users[name] = user.id;
    if (name === 'Priya Shah') users.analystUsername = user.username;
  }
  const managerUser = await createUser(db, { role: 'Editor', manages: [org.id] });
  await setFullName(t, managerUser.id, 'Omar Haddad');
  const foreignUser = await createUser(db, { role: 'Editor', memberOf: [other.id], tenants: other.tenants });
  await setFullName(t, foreignUser.id, 'Zoe Foreign');
  const analystActor = await actorFor(db, users['Priya Shah']!);

  const uploads = [
    ...WORLD_CONTRACTS.slice(0, options.contracts ?? WORLD_CONTRACTS.length).map((c) => ({ kind: 'contract' as const, filename: c.filename, content: fixtureDocx('contracts', c.file) })),
    ...WORLD_EVIDENCE.slice(0, options.evidence ?? WORLD_EVIDENCE.length).map((e) => ({ kind: 'evidence' as const, filename: `${e.name}.docx`, content: fixtureDocx('evidence', e.file), name: e.name, documentType: e.type })),
  ];
  await uploadAndAnalyse(db, t.queue, t.jobChanges, analystActor, tenant.id, uploads);
  await assignWork(db, analystActor, tenant.id, WORLD_OWNERS.map((n) => users[n]!));
  const analyst = await login(t.app, users.analystUsername!, PASSWORD);
  const manager = await login(t.app, managerUser.username, PASSWORD);
  return { tenant, sibling: { id: org.tenants[1]!.id, name: names.sibling }, foreign: { id: other.tenants[0]!.id, name: names.foreign }, analyst, analystActor, manager };
}
