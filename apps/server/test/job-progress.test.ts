import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_SCOPE, withScope } from '@compliance/db/scope';
import { createJob } from '@compliance/domain/jobs/job-service';
import { finishJob, markJobRunning, updateJobProgress } from '@compliance/domain/jobs/job-repo';
import { type TestApp, type Session, createTestApp, login } from './helpers/test-app';
import { PASSWORD, createOrganization, createUser } from './helpers/factories';

/** Live progress is a tRPC subscription over server-sent events; it is tenant-scoped like every call. */
let t: TestApp;
let own: { tenantId: string; organizationId: string; jobId: string };
let foreign: { tenantId: string; jobId: string };
let editor: Session;

async function finishedJob(tenant: { id: string; organization_id: string }) {
  return withScope(t.handle.db, SYSTEM_SCOPE, async (tx) => {
    const id = await createJob(tx, { tenantId: tenant.id, organizationId: tenant.organization_id, name: 'analyze-evidence', payload: { documentId: tenant.id, tenantId: tenant.id }, createdBy: null });
    await finishJob(tx, id, { status: 'completed', result: { requirement_count: 4 }, provider: 'local', model: 'm' });
    return id;
  });
}

const subscribe = (session: Session, tenantId: string, jobId: string) =>
  t.app.inject({
    method: 'GET',
    url: `/trpc/jobs.progress?input=${encodeURIComponent(JSON.stringify({ id: jobId, tenant_id: tenantId }))}`,
    headers: { cookie: session.cookie, accept: 'text/event-stream' },
  });

beforeAll(async () => {
  t = await createTestApp();
  const orgA = await createOrganization(t.handle.db, 1);
  const orgB = await createOrganization(t.handle.db, 1);
  own = { tenantId: orgA.tenants[0]!.id, organizationId: orgA.tenants[0]!.organization_id, jobId: await finishedJob(orgA.tenants[0]!) };
  foreign = { tenantId: orgB.tenants[0]!.id, jobId: await finishedJob(orgB.tenants[0]!) };
  const user = await createUser(t.handle.db, { role: 'Editor', tenants: orgA.tenants });
  editor = await login(t.app, user.username, PASSWORD);
});
afterAll(async () => t.close());

describe('jobs.progress (server-sent events)', () => {
  it("streams the state of the caller's own job until it is finished", async () => {
    const res = await subscribe(editor, own.tenantId, own.jobId);
    expect(res.headers['content-type']).toContain('text/event-stream');
    expect(res.body).toContain('"status":"completed"');
    expect(res.body).toContain('"requirement_count":4');
  });

  it('streams a job while it runs until it completes, then lets go of it', async () => {
    const jobId = await withScope(t.handle.db, SYSTEM_SCOPE, (tx) =>
      createJob(tx, { tenantId: own.tenantId, organizationId: own.organizationId, name: 'analyze-evidence', payload: { documentId: own.tenantId, tenantId: own.tenantId }, createdBy: null }),
    );
    const before = t.jobChanges.waiterCount;
    const streaming = subscribe(editor, own.tenantId, jobId);
    // The subscription is listening for the job's changes once its waiter is registered.
    await expect.poll(() => t.jobChanges.waiterCount, { timeout: 10_000, interval: 5 }).toBe(before + 1);
    await withScope(t.handle.db, SYSTEM_SCOPE, (tx) => markJobRunning(tx, jobId));
    await withScope(t.handle.db, SYSTEM_SCOPE, (tx) => updateJobProgress(tx, jobId, 'Analyzing with AI batch 1/1', 60));
    await withScope(t.handle.db, SYSTEM_SCOPE, (tx) => finishJob(tx, jobId, { status: 'completed', result: { requirement_count: 9 } }));
    const res = await streaming;
    expect(res.body).toContain('"status":"completed"');
    expect(res.body).toContain('"requirement_count":9');
    expect(t.jobChanges.waiterCount).toBe(before);
  });

  it("refuses another tenant's job and tells nothing about it", async () => {
    const byTenant = await subscribe(editor, foreign.tenantId, foreign.jobId);
    expect(byTenant.body).not.toContain('"status":"completed"');
    expect(byTenant.body).toMatch(/FORBIDDEN|do not have access/);
    const byId = await subscribe(editor, own.tenantId, foreign.jobId);
    expect(byId.body).not.toContain('"status":"completed"');
    expect(byId.body).toMatch(/NOT_FOUND|not found/i);
  });
});
