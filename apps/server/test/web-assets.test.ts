import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from './helpers/test-app';

/** The built web app as the server sends it: compressed copies when accepted, hashed assets cached for good. */

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;
let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'web-assets-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Compliance</title>');
  writeFileSync(path.join(dist, 'assets/index-C3Sj6Ckh.js'), SCRIPT);
  writeFileSync(path.join(dist, 'assets/index-C3Sj6Ckh.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(dist, 'assets/index-C3Sj6Ckh.js.gz'), gzipSync(SCRIPT));
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ webDist: dist });
}, 120_000);

afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('web assets', () => {
  it('sends the Brotli copy to a browser that accepts it, gzip to one that accepts only gzip, and the file itself otherwise', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/index-C3Sj6Ckh.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
    const gz = await t.app.inject({ method: 'GET', url: '/assets/index-C3Sj6Ckh.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-C3Sj6Ckh.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('caches content-hashed assets as immutable and makes everything else revalidate', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-C3Sj6Ckh.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    const page = await t.app.inject({ method: 'GET', url: '/requirements' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});
