import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, type TestApp, api, createTestApp, login } from './helpers/test-app';
import { PASSWORD, createUser } from './helpers/factories';
import { createComplianceOrg } from './helpers/compliance-fixtures';
import { probe } from './helpers/db-probe';

/** The assistant answers from owners and due dates through its tools (local provider, real data). */

type Req = { id: string; display_id: string; compliance_status: string };

let t: TestApp;
let tenantId: string;
let analyst: Session;
let colleague: Session;
let colleagueName: string;
const ids: Record<'late' | 'lateDone' | 'monthEnd' | 'later' | 'theirs', string> = { late: '', lateDone: '', monthEnd: '', later: '', theirs: '' };

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const monthEnd = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
};
const ask = async (session: Session, question: string) => {
  const res = await api(t.app, session, 'POST', `/api/assistant/chat?tenant_id=${tenantId}`, { messages: [{ role: 'user', content: question }] });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { response: string }).response;
};
const named = (answer: string, id: string) => new RegExp(`(?<![\\d.])${id.replace('.', '\\.')}(?![\\d])`).test(answer);

beforeAll(async () => {
  t = await createTestApp();
  const org = await createComplianceOrg(t.handle.db, [['HIPAA']]);
  tenantId = org.tenants[0]!.id;
  const a = await createUser(t.handle.db, { role: 'Editor', memberOf: [org.id], tenants: [org.tenants[0]!] });
  const c = await createUser(t.handle.db, { role: 'Editor', memberOf: [org.id], tenants: [org.tenants[0]!] });
  colleagueName = 'Dana Whitfield';
  await probe(t.handle.db, (tx) => tx.updateTable('users').set({ full_name: colleagueName }).where('id', '=', c.id).execute());
  analyst = await login(t.app, a.username, PASSWORD);
  colleague = await login(t.app, c.username, PASSWORD);
  const list = (await api(t.app, analyst, 'GET', `/api/requirements/?tenant_id=${tenantId}`)).json() as Req[];
  const [late, lateDone, end, later, theirs] = list.slice(0, 5) as Req[];
  const patch = (id: string, body: Record<string, unknown>) => api(t.app, analyst, 'PATCH', `/api/requirements/${id}/response?tenant_id=${tenantId}`, body);
  // The end of this month is today on its last day: due today is not overdue.
  await patch(late!.id, { owner_id: analyst.userId, due_date: day(-20), compliance_status: 'In Progress' });
  await patch(lateDone!.id, { owner_id: analyst.userId, due_date: day(-20), compliance_status: 'Compliant' });
  await patch(end!.id, { owner_id: analyst.userId, due_date: monthEnd() });
  await patch(later!.id, { owner_id: analyst.userId, due_date: day(60) });
  await patch(theirs!.id, { owner_id: colleague.userId, due_date: day(-3) });
  Object.assign(ids, { late: late!.display_id, lateDone: lateDone!.display_id, monthEnd: end!.display_id, later: later!.display_id, theirs: theirs!.display_id });
}, 120_000);
afterAll(async () => t.close());

describe('assistant: due dates and owners', () => {
  it('"are any requirements assigned to me overdue?" names exactly my open, late work', async () => {
    const answer = await ask(analyst, 'Are any requirements assigned to me overdue?');
    expect(answer).toMatch(/\b1 requirement assigned to you is overdue\b/);
    expect(named(answer, ids.late)).toBe(true);
    expect(answer).toContain(day(-20));
    for (const other of [ids.lateDone, ids.monthEnd, ids.later, ids.theirs]) expect(named(answer, other), other).toBe(false);
    const none = await ask(colleague, 'Are any requirements assigned to me overdue?');
    expect(named(none, ids.theirs)).toBe(true);
    expect(named(none, ids.late)).toBe(false);
  });

  it('"what\'s due this month?" lists what falls due by the month end, and mentions what is already overdue', async () => {
    const answer = await ask(analyst, "What's due this month?");
    expect(named(answer, ids.monthEnd)).toBe(true);
    expect(answer).toContain(monthEnd());
    expect(named(answer, ids.later)).toBe(false);
    expect(answer).toMatch(/already overdue/);
  });

  it('"what is assigned to <name>?" lists that person\'s requirements', async () => {
    const answer = await ask(analyst, `What is assigned to ${colleagueName}?`);
    expect(named(answer, ids.theirs)).toBe(true);
    expect(named(answer, ids.late)).toBe(false);
  });

  it('"when are they due?" after a filtered list gives the dates of those requirements', async () => {
    const messages = [{ role: 'user', content: 'Which of my requirements are in progress?' }];
    const first = await api(t.app, analyst, 'POST', `/api/assistant/chat?tenant_id=${tenantId}`, { messages });
    messages.push({ role: 'assistant', content: (first.json() as { response: string }).response }, { role: 'user', content: 'When are they due?' });
    const res = await api(t.app, analyst, 'POST', `/api/assistant/chat?tenant_id=${tenantId}`, { messages });
    const answer = (res.json() as { response: string }).response;
    expect(named(answer, ids.late), answer).toBe(true);
    expect(answer).toContain(day(-20));
    expect(named(answer, ids.monthEnd), answer).toBe(false);
  });

  it('"when is <id> due?" gives the date, or says there is none', async () => {
    expect(await ask(analyst, `When is ${ids.later} due?`)).toContain(day(60));
    const list = (await api(t.app, analyst, 'GET', `/api/requirements/?tenant_id=${tenantId}`)).json() as Req[];
    expect(await ask(analyst, `When is ${list[10]!.display_id} due?`)).toContain('no due date');
  });
});
