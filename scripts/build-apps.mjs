// Builds the server and the worker into plain JavaScript for production (apps/<app>/dist/*.mjs), so
// they run with nothing but Node. Our own workspaces (@compliance/*) are bundled in; every npm package
// stays external and is loaded from node_modules at run time (native modules, data files found
// through require.resolve, pdf.js and pdfmake fonts keep working as in development).
//
// The parser thread is built next to each entry as parse-worker-entry.mjs: the file name
// packages/documents/src/parse-sandbox.ts starts (`new URL('./parse-worker-entry.mjs', import.meta.url)`),
// so the built code finds the built thread and the sources keep their tsx-loading entry.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { build } from 'esbuild';
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
  server: { main: 'apps/server/src/main.ts', cli: 'apps/server/src/cli.ts', 'make-embedded-template': 'apps/server/src/make-embedded-template.ts' },
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
  if (app === 'server') embeddedTemplate(outdir);
}

/** Every file below a folder, in a stable order. */
function filesBelow(folder) {
  return readdirSync(folder, { recursive: true }).map((f) => path.join(folder, String(f))).filter((f) => statSync(f).isFile()).sort();
}

/**
 * The embedded database a new data folder starts from (apps/server/src/make-embedded-template.ts), made
 * once for each version of the migrations and the catalog and kept in node_modules/.cache between builds.
 */
function embeddedTemplate(outdir) {
  const hash = createHash('sha256');
  for (const folder of ['packages/db/src/migrations', 'packages/catalog/src', 'packages/domain/src/catalog']) {
    for (const file of filesBelow(path.join(root, folder))) hash.update(file.slice(root.length)).update(readFileSync(file));
  }
  const cacheDir = path.join(root, 'node_modules', '.cache', 'compliance');
  const cached = path.join(cacheDir, `embedded-template-${hash.digest('hex').slice(0, 16)}`);
  if (!existsSync(path.join(cached, 'PG_VERSION'))) {
    rmSync(cached, { recursive: true, force: true });
    mkdirSync(cached, { recursive: true });
    execFileSync(process.execPath, [path.join(outdir, 'make-embedded-template.mjs'), cached], { stdio: 'inherit' });
  }
  cpSync(cached, path.join(outdir, 'embedded-template'), { recursive: true });
  console.log(`embedded database template: ${path.relative(root, cached)}`);
}
