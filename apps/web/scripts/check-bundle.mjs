// Fails the build when the JavaScript a browser must load before the first screen renders grows past
// the budget. That is the entry chunk plus every chunk it imports statically (index.html names them as
// modulepreload), gzip-compressed as scripts/precompress.mjs writes them. Pages load lazily
// (src/app/lazy-page.ts), so a new screen never counts here; a static import of a page, of zod (the
// contract schemas) or of another large library from the shell does, and this check says which chunk grew.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const FIRST_LOAD_BUDGET_BYTES = 120_000;

const dist = path.resolve(import.meta.dirname, '../dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((m) => m[1]);
const preloaded = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)].map((m) => m[1]);
if (entry.length !== 1) {
  console.error(`check-bundle: expected one entry script in dist/index.html, found ${entry.length}`);
  process.exit(1);
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const rows = [...entry, ...preloaded].map((url) => {
  const body = readFileSync(path.join(dist, url));
  return { url, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
});
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
for (const row of rows) console.log(`  ${row.url.padEnd(44)} ${kb(row.raw).padStart(10)} raw ${kb(row.gzip).padStart(9)} gzip`);
console.log(`first-load JavaScript: ${kb(total)} gzip (entry ${kb(rows[0].gzip)}), budget ${kb(FIRST_LOAD_BUDGET_BYTES)}`);
if (total > FIRST_LOAD_BUDGET_BYTES) {
  console.error(
    `check-bundle: the first-load JavaScript is ${kb(total)} gzip, over the ${kb(FIRST_LOAD_BUDGET_BYTES)} budget. ` +
      'Load the new code lazily (a page through lazyPage, a library through import()) instead of from the shell.',
  );
  process.exit(1);
}
