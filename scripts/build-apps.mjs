// Builds the server and the worker into plain JavaScript for production (apps/<app>/dist/*.mjs), so
// they run with nothing but Node. Our own workspaces (@compliance/*) are bundled in; every npm package
// stays external and is loaded from node_modules at run time (native modules, data files found
// through require.resolve, pdf.js and pdfmake fonts keep working as in development).
//
// The parser thread is built next to each entry as parse-worker-entry.mjs: the file name
// packages/documents/src/parse-sandbox.ts starts (`new URL('./parse-worker-entry.mjs', import.meta.url)`),
// so the built code finds the built thread and the sources keep their tsx-loading entry.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@compliance/') ? undefined : { path: args.path, external: true }));
  },
};

const apps = {
  server: { main: 'apps/server/src/main.ts', cli: 'apps/server/src/cli.ts' },
  worker: { main: 'apps/worker/src/main.ts' },
};

const wanted = process.argv.slice(2);
for (const [app, entries] of Object.entries(apps)) {
  if (wanted.length > 0 && !wanted.includes(app)) continue;
  const outdir = path.join(root, 'apps', app, 'dist');
  rmSync(outdir, { recursive: true, force: true });
  const entryPoints = { ...entries, 'parse-worker-entry': 'packages/documents/src/parse-worker.ts' };
  await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(entryPoints).map(([name, file]) => [name, path.join(root, file)])),
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [externalPackages],
    // Bundled CommonJS helpers may call require(); ESM output has none unless we make one.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
  console.log(`built apps/${app}/dist (${Object.keys(entryPoints).join(', ')})`);
}
