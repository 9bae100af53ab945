import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import type { Database } from '@compliance/db/schema';
import { SYSTEM_SCOPE, withScope } from '@compliance/db/scope';
import type { Actor } from '@compliance/domain/access/actor';
import { loadCaller } from '@compliance/domain/access/caller';
import { materializeTenantRequirements } from '@compliance/domain/catalog/catalog-repo';
import { type JobRow, getJobRow } from '@compliance/domain/jobs/job-repo';
import { addTenantAccess, insertUser } from '@compliance/domain/users/user-repo';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const children: ChildProcess[] = [];

/**
 * Starts `apps/worker/src/main.ts` as a real process and resolves once it logs that it is ready. It gets
 * its own process group: tsx runs node as a child, and a kill -9 must reach both.
 */
export function startWorkerProcess(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'apps/worker/src/main.ts')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  children.push(child);
  return new Promise<ChildProcess>((resolve, reject) => {
    child.stdout!.on('data', (d) => String(d).includes('worker ready') && resolve(child));
    child.on('exit', (code) => reject(new Error(`worker exited early (${code})`)));
  });
}

/** kill -9 of a worker and the node process under it. */
export function killWorker(child: ChildProcess) {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** For afterAll: no worker outlives its test file. */
export function killAllWorkers() {
  for (const child of children) killWorker(child);
}

/** An organization with one tenant on the given frameworks, and an Editor of it working in that tenant. */
export function createEditorInNewTenant(db: Kysely<Database>, prefix: string, frameworks: string[]): Promise<Actor> {
  return withScope(db, SYSTEM_SCOPE, async (tx) => {
    const org = await tx.insertInto('organizations').values({ name: `Worker ${prefix}`, domain: null, logo_url: null, description: null }).returning('id').executeTakeFirstOrThrow();
    const tenant = await tx.insertInto('tenants').values({ organization_id: org.id, name: 'T', description: null, assigned_frameworks: frameworks }).returning(['id', 'organization_id']).executeTakeFirstOrThrow();
    await materializeTenantRequirements(tx, tenant.id);
    const { id } = await insertUser(tx, { username: prefix, email: `${prefix}@x.test`, passwordHash: 'x', fullName: null, role: 'Editor', isProductAdmin: false });
    await addTenantAccess(tx, id, [tenant]);
    const user = await tx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const { password_hash: _h, ...publicUser } = user;
    return { caller: await loadCaller(tx, publicUser), ip: '127.0.0.1', currentOrganizationId: null, currentTenantId: tenant.id };
  });
}

/** Polls a job row until it is finished (completed, failed or timed out); throws after ms. */
export async function settleJob(db: Kysely<Database>, jobId: string, ms: number): Promise<JobRow> {
  const end = Date.now() + ms;
  for (;;) {
    const row = await withScope(db, SYSTEM_SCOPE, (tx) => getJobRow(tx, jobId));
    if (row && !['queued', 'running'].includes(row.status)) return row;
    if (Date.now() > end) throw new Error(`job ${jobId} still ${row?.status} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
