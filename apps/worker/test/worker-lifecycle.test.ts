import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import type {} from '@compliance/db/testing/test-database';

const main = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/main.ts');
const tsx = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../node_modules/.bin/tsx');

function run(env: NodeJS.ProcessEnv) {
  const child = spawn(tsx, [main], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('worker process', () => {
  it('refuses to start without DATABASE_URL, with a clear message', async () => {
    const proc = run({ DATABASE_URL: '', REDIS_URL: '' });
    expect(await proc.exited).toBe(1);
    expect(proc.output()).toContain('needs DATABASE_URL');
  });

  const url = inject('databaseUrl');
  it.runIf(url && process.env.REDIS_URL)('starts, reports ready and stops cleanly on SIGTERM', async () => {
    const proc = run({ DATABASE_URL: url!, QUEUE_PREFIX: `test-lifecycle-${process.pid}` });
    const deadline = Date.now() + 20_000;
    while (!proc.output().includes('worker ready') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(proc.output()).toContain('worker ready');
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
    expect(proc.output()).toContain('worker stopped');
  });
});
