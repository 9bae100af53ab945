import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { SYSTEM_SCOPE, withScope } from '@compliance/db/scope';
import { migrateToLatest } from '@compliance/db/migrate';
import { connectDatabase } from '@compliance/db/connect';
import { loadConfig } from '../src/env';
import { startServer } from '../src/start';
import { createComplianceOrg } from './helpers/compliance-fixtures';
import { PASSWORD, createUser } from './helpers/factories';
import { multipartBody } from './helpers/multipart';
import { api, login } from './helpers/test-app';

/**
 * The documented backup path (docs/OPERATIONS.md) on a real PostgreSQL server: files uploaded through
 * the API, pg_dump -Fc, pg_restore --no-owner into a new empty database, the server started on it
 * (migrations run again and change nothing), every file downloaded byte-identical.
 */
const run = promisify(execFile);
const serverUrl = process.env.DATABASE_URL;
const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../packages/documents/fixtures');
const FILES = [
  { kind: 'contract', filename: 'contract.pdf' },
  { kind: 'contract', filename: 'contract.docx' },
  { kind: 'evidence', filename: 'policy-20-pages.pdf', documentType: 'Policy' },
  { kind: 'evidence', filename: 'controls.xlsx', documentType: 'Report' },
  { kind: 'evidence', filename: 'contract.doc', documentType: 'Procedure' },
  { kind: 'evidence', filename: 'controls.xls', documentType: 'Report' },
] as const;
const COUNTED = ['documents', 'document_files', 'evidence_links', 'contract_obligations', 'audit_logs', 'jobs', 'tenant_requirements', 'users'] as const;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const created: string[] = [];
const scratch = mkdtempSync(path.join(tmpdir(), 'cp-backup-'));

function databaseUrl(name: string): string {
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function createEmptyDatabase(label: string): Promise<string> {
  const name = `cp_backup_${label}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  created.push(name);
  return databaseUrl(name);
}

/** The server exactly as `npm start` builds it (connect, migrate, catalog, seed) on the given database. */
async function start(url: string) {
  return startServer(loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, WEB_DIST: '/nonexistent' }), { logger: false });
}

async function counts(url: string) {
  const handle = await connectDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    return await withScope(handle.db, SYSTEM_SCOPE, async (tx) => {
      const row = await sql<Record<(typeof COUNTED)[number], number>>`SELECT
        (SELECT count(*)::int FROM documents) AS documents,
        (SELECT count(*)::int FROM document_files) AS document_files,
        (SELECT count(*)::int FROM evidence_links) AS evidence_links,
        (SELECT count(*)::int FROM contract_obligations) AS contract_obligations,
        (SELECT count(*)::int FROM audit_logs) AS audit_logs,
        (SELECT count(*)::int FROM jobs) AS jobs,
        (SELECT count(*)::int FROM tenant_requirements) AS tenant_requirements,
        (SELECT count(*)::int FROM users) AS users`.execute(tx);
      return row.rows[0]!;
    });
  } finally {
    await handle.close();
  }
}

async function download(app: FastifyInstance, session: Awaited<ReturnType<typeof login>>, kind: string, id: string, tenantId: string) {
  const res = await api(app, session, 'GET', `/api/${kind === 'contract' ? 'contracts' : 'evidence'}/${id}/download?tenant_id=${tenantId}`);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return res.rawPayload;
}

afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  for (const name of created) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

describe('backup and restore preconditions', () => {
  it('runs on PostgreSQL in CI (embedded runs leave it out, like the other server-only tests)', () => {
    if (process.env.CI) expect(serverUrl, 'CI must set DATABASE_URL: the backup and restore test needs a PostgreSQL server with pg_dump and pg_restore.').toBeTruthy();
  });
});

describe.runIf(serverUrl)('backup and restore with pg_dump and pg_restore', () => {
  it('restores every uploaded file byte-identical, with the same documents, links and audit trail', async () => {
    const tools = await Promise.all(['pg_dump', 'pg_restore'].map((tool) => run(tool, ['--version']).catch(() => null)));
    if (tools.includes(null)) throw new Error('pg_dump and pg_restore must be on PATH (postgresql-client 15 or newer) to run the backup test.');

    const sourceUrl = await createEmptyDatabase('source');
    const source = await start(sourceUrl);
    const org = await createComplianceOrg(source.handle.db, [['ISO 27001', 'HIPAA']]);
    const tenantId = org.tenants[0]!.id;
    const user = await createUser(source.handle.db, { role: 'Editor', tenants: org.tenants });
    const session = await login(source.app, user.username, PASSWORD);
    const uploaded: { kind: string; id: string; filename: string; sha: string; bytes: Buffer }[] = [];
    for (const file of FILES) {
      const bytes = readFileSync(path.join(fixtures, file.filename));
      const body = multipartBody({ filename: file.filename, content: bytes }, 'documentType' in file ? { document_type: file.documentType } : {});
      const res = await source.app.inject({
        method: 'POST',
        url: `/api/${file.kind === 'contract' ? 'contracts' : 'evidence'}/upload?tenant_id=${tenantId}`,
        payload: body.payload,
        headers: { 'content-type': body.contentType, cookie: session.cookie, 'x-csrf-token': session.csrf },
      });
      expect(res.statusCode, res.body).toBe(200);
      uploaded.push({ kind: file.kind, id: res.json().document_id, filename: file.filename, sha: sha256(bytes), bytes });
    }
    for (const file of uploaded) expect(sha256(await download(source.app, session, file.kind, file.id, tenantId))).toBe(file.sha);
    await source.app.close();
    const before = await counts(sourceUrl);
    expect(before.documents).toBeGreaterThanOrEqual(FILES.length);
    expect(before.evidence_links).toBeGreaterThan(0);
    expect(before.contract_obligations).toBeGreaterThan(0);

    const dump = path.join(scratch, 'backup.dump');
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, `--dbname=${sourceUrl}`]);
    expect(statSync(dump).size).toBeGreaterThan(0);
    const targetUrl = await createEmptyDatabase('restored');
    await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${targetUrl}`, dump]);
    expect(await counts(targetUrl)).toEqual(before);

    const restored = await start(targetUrl);
    try {
      expect(restored.seeded).toBe(false);
      expect(await migrateToLatest(restored.handle.db)).toEqual([]);
      const again = await login(restored.app, user.username, PASSWORD);
      for (const file of uploaded) {
        const bytes = await download(restored.app, again, file.kind, file.id, tenantId);
        expect(sha256(bytes), file.filename).toBe(file.sha);
        expect(bytes.equals(file.bytes), file.filename).toBe(true);
      }
      const listed = (await api(restored.app, again, 'GET', `/api/evidence/?tenant_id=${tenantId}`)).json() as { id: string }[];
      expect(listed.map((e) => e.id).sort()).toEqual(uploaded.filter((f) => f.kind === 'evidence').map((f) => f.id).sort());
    } finally {
      await restored.app.close();
    }
    const after = await counts(targetUrl);
    expect({ ...after, audit_logs: before.audit_logs }).toEqual(before);
    expect(after.audit_logs).toBeGreaterThanOrEqual(before.audit_logs);
  }, 120_000);
});
