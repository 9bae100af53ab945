/**
 * The house rules Biome cannot express, checked over the tracked source files (run by `npm run lint`):
 *  - no cross-page imports in the web app: apps/web/src/pages/<a> never imports from pages/<b>
 *    (shared widgets live in apps/web/src/components);
 *  - the web app never imports the server app (the router type comes from @compliance/api);
 *  - in the product's source (apps/<app>/src, packages/<package>/src) the system scope (SYSTEM_SCOPE, every tenant
 *    at once) is imported only by repositories (`*-repo.ts`, each use inside a named `unsafe…` function),
 *    by packages/db/src/scope.ts that defines it, and by tests (benchmarks and fault drills under scripts/ seed their own databases);
 *  - a caller is narrowed to a scope (narrowToEditor …) only by the procedure builders, the plain upload
 *    routes, the assistant's tools and evidence approval (404 before 403); services take the scope;
 *  - every folder name is kebab-case (Biome checks file names).
 * Exits 1 and lists every violation as `path: message`.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The only product files that narrow a caller to a scope (access/scopes.ts: narrowToEditor …): the procedure
 * builders, the plain upload routes and the assistant's tools, and evidence approval, which must answer 404
 * for an id that is not the tenant's evidence before it answers the role's 403, so it narrows after that
 * lookup. Everything else takes the scope they make.
 */
const NARROWERS: readonly string[] = [
  'apps/server/src/trpc/trpc.ts',
  'apps/server/src/http/upload-routes.ts',
  'packages/domain/src/assistant/context-tools.ts',
  'packages/domain/src/documents/review-service.ts',
];

const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+|\bexport\s+\*\s+from\s*)['"]([^'"]+)['"]/gm;
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface Violation {
  file: string;
  message: string;
}

function importsOf(text: string): string[] {
  return [...text.matchAll(IMPORT)].map((match) => match[1] ?? '');
}

function isTest(file: string): boolean {
  return /\.(test|spec)\.tsx?$/.test(file) || /^apps\/[^/]+\/test\//.test(file) || file.startsWith('e2e/') || file.includes('/testing/');
}

function pageOf(file: string): string | undefined {
  return /^apps\/web\/src\/pages\/([^/]+)\//.exec(file)?.[1];
}

/** The violations in one file, given its repository-relative path and its text. */
export function checkFile(file: string, text: string): Violation[] {
  const violations: Violation[] = [];
  const specifiers = importsOf(text);
  const page = pageOf(file);
  for (const specifier of specifiers) {
    if (page && specifier.startsWith('.')) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      const other = pageOf(`${target}/`);
      if (other && other !== page) {
        violations.push({ file, message: `imports ${specifier} from page "${other}": move what both pages use to apps/web/src/components` });
      }
    }
    if (file.startsWith('apps/web/') && (specifier === '@compliance/server' || specifier.startsWith('@compliance/server/'))) {
      violations.push({ file, message: `imports the server app (${specifier}): take the router type from @compliance/api` });
    }
  }
  // A named import, or a namespace import used as scope.SYSTEM_SCOPE.
  const importsSystemScope = /\bimport\s*{[^}]*\bSYSTEM_SCOPE\b[^}]*}\s*from/.test(text) || /\w\s*\.\s*SYSTEM_SCOPE\b/.test(text);
  const product = /^(apps|packages)\/[^/]+\/src\//.test(file);
  const allowed = !product || file.endsWith('-repo.ts') || file === 'packages/db/src/scope.ts' || isTest(file);
  if (importsSystemScope && !allowed) {
    violations.push({ file, message: 'uses SYSTEM_SCOPE: only repositories (*-repo.ts) may, in named unsafe… functions' });
  }
  const narrows = /\bimport\s*{[^}]*\bnarrowTo\w+[^}]*}\s*from\s*['"][^'"]*access\/scopes['"]/.test(text);
  if (narrows && product && !isTest(file) && !NARROWERS.includes(file)) {
    violations.push({ file, message: 'narrows a caller to a scope: only the procedure builders (apps/server/src/trpc/trpc.ts) may; take the scope instead' });
  }
  return violations;
}

/** Folder names along a path that are not kebab-case (dot-folders such as .github are left alone). */
export function badFolders(file: string): string[] {
  return path.posix
    .dirname(file)
    .split('/')
    .filter((part) => part !== '.' && !part.startsWith('.') && !KEBAB.test(part));
}

function main(): void {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file !== '' && !file.includes('node_modules/'));
  const violations: Violation[] = [];
  const folders = new Set<string>();
  for (const file of files) {
    for (const folder of badFolders(file)) folders.add(`${path.posix.dirname(file)} (${folder})`);
    if (!SOURCE.test(file)) continue;
    let text: string;
    try {
      text = readFileSync(path.join(root, file), 'utf8');
    } catch {
      continue; // deleted in the work tree, not yet staged
    }
    violations.push(...checkFile(file, text));
  }
  for (const folder of folders) violations.push({ file: folder, message: 'folder name is not kebab-case' });
  for (const violation of violations) console.error(`${violation.file}: ${violation.message}`);
  if (violations.length > 0) {
    console.error(`\nHouse rules: ${violations.length} violation(s).`);
    process.exit(1);
  }
  console.log(`House rules: ${files.length} files checked, no violations.`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
