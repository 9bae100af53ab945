import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The README's configuration table is the one place an operator learns the settings: every variable
 * the server, the worker and the CLI read must have a row, every row must name a variable that is
 * read, and the deploy files may only set documented variables (a typo there is silently ignored).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

function variablesRead(): Set<string> {
  const names = new Set<string>();
  // Each app's env module declares what it reads as the keys of its zod schema ('  PORT: int(…)'); the AI
  // settings both apps share are declared in the contracts package.
  for (const file of ['apps/server/src/env.ts', 'apps/worker/src/env.ts', 'packages/contracts/src/env-settings.ts']) {
    const source = read(file);
    for (const match of source.matchAll(/^\s{2,4}([A-Z][A-Z0-9_]+): /gm)) names.add(match[1]!);
  }
  return names;
}

function variablesDocumented(): Set<string> {
  const readme = read('README.md');
  const section = readme.slice(readme.indexOf('## Configuration'));
  const table = section.slice(0, section.indexOf('\n## ', 4));
  const names = new Set<string>();
  for (const line of table.split('\n')) {
    if (!line.startsWith('| `')) continue;
    for (const match of line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(match[1]!);
  }
  return names;
}

describe('the README configuration table', () => {
  const used = variablesRead();
  const documented = variablesDocumented();

  it('finds the variables on both sides', () => {
    expect(used.size).toBeGreaterThan(25);
    expect(used).toContain('MFA_ENCRYPTION_KEY');
    expect(documented).toContain('DATABASE_URL');
  });

  it('documents every variable the processes read', () => {
    expect([...used].filter((name) => !documented.has(name))).toEqual([]);
  });

  it('lists no variable that nothing reads', () => {
    expect([...documented].filter((name) => !used.has(name))).toEqual([]);
  });

  it('is the only source of the variables the compose file and the Kubernetes manifests set', () => {
    const compose = read('docker-compose.yml');
    const fromCompose = [...compose.matchAll(/^\s{6}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!);
    const configMap = read('infra/k8s/configmap.yaml');
    const fromConfigMap = [...configMap.matchAll(/^\s{2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!);
    const fromDeployments = ['server-deployment.yaml', 'worker-deployment.yaml'].flatMap((file) =>
      [...read(`infra/k8s/${file}`).matchAll(/- name: ([A-Z][A-Z0-9_]+)$/gm)].map((m) => m[1]!),
    );
    const set = [...fromCompose, ...fromConfigMap, ...fromDeployments];
    expect(set.length).toBeGreaterThan(15);
    expect(set.filter((name) => !documented.has(name) && !['POSTGRES_USER', 'POSTGRES_DB', 'POSTGRES_PASSWORD'].includes(name))).toEqual([]);
  });
});
