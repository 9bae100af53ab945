#!/usr/bin/env node
/**
 * Offline checks of the deployment files (no Docker or cluster needed):
 *   Dockerfile, .dockerignore, docker-compose.yml, every infra/k8s/*.yaml and the CI workflows.
 * Parses the YAML (all documents of each file) and checks the structure the product relies on.
 * Prints each problem, then a one-line summary; exits 1 on any problem.
 *
 *   node scripts/validate-deploy.mjs [repo-root]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
const problems = [];
const report = (file, message) => problems.push(`${file}: ${message}`);
const read = (rel) => readFileSync(path.join(root, rel), 'utf8');
const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Every document of a YAML file as plain JS (merge keys `<<` resolved); syntax errors are reported. */
function loadYaml(rel) {
  if (!existsSync(path.join(root, rel))) {
    report(rel, 'file is missing');
    return [];
  }
  const docs = parseAllDocuments(read(rel), { merge: true, prettyErrors: true });
  const values = [];
  for (const doc of docs) {
    for (const error of doc.errors) report(rel, `YAML error: ${error.message.split('\n')[0]}`);
    if (doc.errors.length) continue;
    const value = doc.toJS();
    if (value !== null && value !== undefined) values.push(value);
  }
  return values;
}

/** The built file an app's `node <file>.mjs` start script runs, relative to the repository root. */
function startEntry(appDir) {
  const pkg = JSON.parse(read(path.join(appDir, 'package.json')));
  const match = /\bnode\s+(?:--\S+\s+)*(\S+\.mjs)\b/.exec(pkg.scripts?.start ?? '');
  return { entry: match ? path.posix.join(appDir, match[1]) : undefined, pkg };
}

/** The built .mjs file a `node <file>` command runs. */
const commandEntry = (command) => (Array.isArray(command) ? command : String(command ?? '').split(/\s+/)).find((p) => p.endsWith('.mjs'));

const server = startEntry('apps/server');
const worker = startEntry('apps/worker');
for (const [app, { entry, pkg }] of [['apps/server', server], ['apps/worker', worker]]) {
  if (!entry) report(`${app}/package.json`, 'start script does not run the built "node <file>.mjs"');
  if (!pkg.scripts?.build) report(`${app}/package.json`, 'no build script (production runs the built JavaScript)');
  if (pkg.dependencies?.tsx) report(`${app}/package.json`, 'tsx is a production dependency, but production runs built JavaScript');
}

// ---------------------------------------------------------------- Dockerfile
function checkDockerfile() {
  const rel = 'Dockerfile';
  if (!existsSync(path.join(root, rel))) return report(rel, 'file is missing'), 0;
  const instructions = read(rel)
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [, keyword, args] = /^(\S+)\s*(.*)$/.exec(line);
      return { keyword: keyword.toUpperCase(), args };
    });
  const stages = [];
  for (const ins of instructions) {
    if (ins.keyword === 'FROM') {
      const name = /\s+AS\s+(\S+)\s*$/i.exec(ins.args)?.[1];
      stages.push({ name, instructions: [] });
    } else if (stages.length) {
      stages.at(-1).instructions.push(ins);
    } else if (ins.keyword !== 'ARG') {
      report(rel, `${ins.keyword} before the first FROM`);
    }
  }
  if (stages.length < 2) report(rel, `expected a multi-stage build, found ${stages.length} FROM`);
  const names = new Set(stages.map((s) => s.name).filter(Boolean));
  for (const ins of instructions) {
    const from = /--from=(\S+)/.exec(ins.args)?.[1];
    if (ins.keyword === 'COPY' && from && !names.has(from) && !from.includes('/') && !from.includes(':')) {
      report(rel, `COPY --from=${from} names no stage`);
    }
    if (ins.keyword === 'RUN' && /--omit[= ]optional/.test(ins.args)) report(rel, 'never install with --omit=optional (native binaries are optional deps)');
  }
  const final = stages.at(-1);
  if (!final) return stages.length;
  const finalOf = (keyword) => final.instructions.filter((i) => i.keyword === keyword);
  const user = finalOf('USER').at(-1)?.args.split(':')[0];
  if (!user) report(rel, 'final stage has no USER (would run as root)');
  else if (user === 'root' || user === '0') report(rel, `final stage runs as ${user}`);
  const healthcheck = finalOf('HEALTHCHECK').at(-1);
  if (!healthcheck || /^NONE\b/i.test(healthcheck.args)) report(rel, 'final stage has no HEALTHCHECK');
  else if (!healthcheck.args.includes('/healthz')) report(rel, 'HEALTHCHECK does not call /healthz');
  if (!finalOf('EXPOSE').some((i) => i.args.split(/\s+/).includes('3000'))) report(rel, 'final stage does not EXPOSE 3000');
  if (!finalOf('RUN').some((i) => /npm ci\b.*--omit[= ]dev/.test(i.args))) report(rel, 'final stage does not install with npm ci --omit=dev');
  if (!finalOf('ENV').some((i) => /NODE_ENV[= ]production/.test(i.args))) report(rel, 'final stage does not set NODE_ENV=production');
  const cmd = finalOf('CMD').at(-1);
  if (!cmd) report(rel, 'final stage has no CMD');
  else {
    let entry;
    try {
      entry = commandEntry(JSON.parse(cmd.args));
    } catch {
      report(rel, 'CMD should use the JSON (exec) form so the process receives signals');
    }
    if (entry && entry !== server.entry) report(rel, `CMD runs ${entry}, the server's start script runs ${server.entry}`);
  }
  const ignore = existsSync(path.join(root, '.dockerignore')) ? read('.dockerignore') : '';
  if (!ignore) report('.dockerignore', 'file is missing or empty');
  for (const pattern of ['node_modules', '.git', '.data', 'dist']) {
    if (!ignore.split(/\r?\n/).some((l) => l.trim().replace(/^\*\*\//, '') === pattern)) report('.dockerignore', `does not exclude ${pattern}`);
  }
  return stages.length;
}

// ---------------------------------------------------------------- docker-compose.yml
function checkCompose() {
  const rel = 'docker-compose.yml';
  const [compose] = loadYaml(rel);
  if (!isObject(compose?.services)) return report(rel, 'no services'), 0;
  const { services } = compose;
  const required = /^\$\{[A-Z0-9_]+:\?[^}]+\}$/;
  const env = (service) => {
    const raw = service?.environment ?? {};
    if (!Array.isArray(raw)) return raw;
    return Object.fromEntries(raw.map((item) => [String(item).split('=')[0], String(item).split('=').slice(1).join('=')]));
  };
  for (const name of ['postgres', 'redis', 'server', 'worker']) {
    if (!isObject(services[name])) report(rel, `service "${name}" is missing`);
  }
  for (const name of ['postgres', 'redis', 'server']) {
    const hc = services[name]?.healthcheck;
    if (services[name] && (!hc?.test || hc.disable)) report(rel, `service "${name}" has no healthcheck`);
  }
  const { server: srv, worker: wrk } = services;
  if (srv) {
    const e = env(srv);
    if (!srv.build) report(rel, 'server is not built from the Dockerfile (build: .)');
    if (!(srv.ports ?? []).some((p) => String(p?.target ?? p).endsWith('3000'))) report(rel, 'server does not publish port 3000');
    if (e.NODE_ENV !== 'production') report(rel, 'server NODE_ENV is not production');
    if (!e.REDIS_URL) report(rel, 'server has no REDIS_URL');
    for (const key of ['ADMIN_USERNAME', 'ADMIN_PASSWORD']) {
      if (!required.test(String(e[key] ?? ''))) report(rel, `server ${key} must be \${VAR:?message} (required, no default)`);
    }
    const db = String(e.DATABASE_URL ?? '');
    if (!/\$\{[A-Z0-9_]+:\?[^}]+\}/.test(db)) report(rel, 'server DATABASE_URL must take its secret from a required ${VAR:?message}');
    for (const dep of ['postgres', 'redis']) {
      if (srv.depends_on?.[dep]?.condition !== 'service_healthy') report(rel, `server must depend on ${dep} with condition service_healthy`);
    }
  }
  if (services.postgres) {
    const pw = String(env(services.postgres).POSTGRES_PASSWORD ?? '');
    if (!required.test(pw)) report(rel, 'postgres POSTGRES_PASSWORD must be ${VAR:?message}');
  }
  if (wrk) {
    if (wrk.ports) report(rel, 'worker must not publish ports (it is scaled with --scale worker=N)');
    if (wrk.container_name) report(rel, 'worker must not set container_name (it is scaled with --scale worker=N)');
    if (!wrk.command) report(rel, 'worker has no command');
    else if (commandEntry(wrk.command) !== worker.entry) report(rel, `worker runs ${commandEntry(wrk.command)}, its start script runs ${worker.entry}`);
    if (srv && wrk.image !== srv.image && JSON.stringify(wrk.build) !== JSON.stringify(srv.build)) report(rel, 'worker does not use the server image');
    if (!env(wrk).DATABASE_URL || !env(wrk).REDIS_URL) report(rel, 'worker needs DATABASE_URL and REDIS_URL');
    if (!wrk.healthcheck) report(rel, 'worker inherits the image HTTP HEALTHCHECK: define or disable one');
  }
  if (!Object.values(services).some((s) => (s?.profiles ?? []).includes('local-llm'))) report(rel, 'no service in the "local-llm" profile');
  const declared = new Set(Object.keys(compose.volumes ?? {}));
  for (const [name, service] of Object.entries(services)) {
    for (const volume of service?.volumes ?? []) {
      const source = typeof volume === 'string' ? volume.split(':')[0] : volume?.source;
      if (source && !/^[./~]/.test(source) && !declared.has(source)) report(rel, `${name} uses volume "${source}" that is not declared`);
    }
  }
  return Object.keys(services).length;
}

// ---------------------------------------------------------------- infra/k8s
const NOT_IN_KUSTOMIZATION = new Set(['secret.example.yaml', 'worker-hpa-cpu.yaml']);

function podChecks(rel, name, spec, configMaps) {
  const pod = spec?.template?.spec;
  if (!pod?.containers?.length) return report(rel, `${name}: no containers`);
  const mounts = new Set((pod.volumes ?? []).map((v) => v.name));
  for (const c of pod.containers) {
    const label = `${name}/${c.name}`;
    if (!c.image) report(rel, `${label}: no image`);
    if (c.ports?.length && (!c.readinessProbe || !c.livenessProbe)) report(rel, `${label}: serves ports but lacks readinessProbe/livenessProbe`);
    if (!c.resources?.requests?.cpu || !c.resources?.requests?.memory || !c.resources?.limits?.memory) {
      report(rel, `${label}: resources need requests (cpu, memory) and a memory limit`);
    }
    const sc = { ...pod.securityContext, ...c.securityContext };
    if (sc.runAsNonRoot !== true) report(rel, `${label}: runAsNonRoot is not true`);
    if (sc.runAsUser === 0) report(rel, `${label}: runAsUser is 0`);
    if (sc.allowPrivilegeEscalation !== false) report(rel, `${label}: allowPrivilegeEscalation is not false`);
    if (sc.readOnlyRootFilesystem === true && !(c.volumeMounts ?? []).some((m) => m.mountPath === '/tmp' && mounts.has(m.name))) {
      report(rel, `${label}: readOnlyRootFilesystem needs a writable volume at /tmp`);
    }
    for (const source of c.envFrom ?? []) {
      if (source.configMapRef && !configMaps.has(source.configMapRef.name)) report(rel, `${label}: ConfigMap ${source.configMapRef.name} is not defined`);
    }
  }
}

function checkKubernetes() {
  const dir = 'infra/k8s';
  if (!existsSync(path.join(root, dir))) return report(dir, 'folder is missing'), { files: 0, docs: 0 };
  const files = readdirSync(path.join(root, dir)).filter((f) => /\.ya?ml$/.test(f)).sort();
  const byFile = new Map(files.map((f) => [f, loadYaml(`${dir}/${f}`)]));
  const kustomization = byFile.get('kustomization.yaml')?.[0];
  if (!kustomization) report(dir, 'kustomization.yaml is missing');
  const resources = kustomization?.resources ?? [];
  for (const resource of resources) {
    if (!existsSync(path.join(root, dir, resource))) report(`${dir}/kustomization.yaml`, `resource ${resource} does not exist`);
  }
  for (const f of files) {
    if (f === 'kustomization.yaml') continue;
    if (NOT_IN_KUSTOMIZATION.has(f) && resources.includes(f)) report(`${dir}/kustomization.yaml`, `${f} must not be listed (see the file's header)`);
    if (!NOT_IN_KUSTOMIZATION.has(f) && !resources.includes(f)) report(`${dir}/kustomization.yaml`, `${f} is not listed in resources`);
  }

  const applied = [];
  let docs = 0;
  for (const [f, values] of byFile) {
    if (f === 'kustomization.yaml') continue;
    for (const doc of values) {
      docs += 1;
      const rel = `${dir}/${f}`;
      for (const field of ['apiVersion', 'kind']) if (typeof doc?.[field] !== 'string') report(rel, `a document has no ${field}`);
      if (typeof doc?.metadata?.name !== 'string') report(rel, `a ${doc?.kind ?? 'document'} has no metadata.name`);
      if (resources.includes(f)) applied.push({ rel, doc });
    }
  }
  const ofKind = (kind) => applied.filter((a) => a.doc?.kind === kind);
  const configMaps = new Set(ofKind('ConfigMap').map((a) => a.doc.metadata?.name));
  const deployments = new Map(ofKind('Deployment').map((a) => [a.doc.metadata?.name, a.doc]));
  for (const { rel } of ofKind('Secret')) report(rel, 'Secrets must not be applied by the kustomization (use secret.example.yaml as a template)');

  const exampleSecret = (byFile.get('secret.example.yaml') ?? []).find((d) => d?.kind === 'Secret');
  if (!exampleSecret) report(`${dir}/secret.example.yaml`, 'no example Secret');
  const secretKeys = new Set(Object.keys({ ...exampleSecret?.data, ...exampleSecret?.stringData }));

  for (const { rel, doc } of ofKind('Deployment')) {
    const name = doc.metadata?.name;
    podChecks(rel, name, doc.spec, configMaps);
    const podLabels = doc.spec?.template?.metadata?.labels ?? {};
    for (const [k, v] of Object.entries(doc.spec?.selector?.matchLabels ?? {})) {
      if (podLabels[k] !== v) report(rel, `${name}: selector ${k}=${v} does not match the pod labels`);
    }
    for (const c of doc.spec?.template?.spec?.containers ?? []) {
      for (const e of c.env ?? []) {
        const ref = e.valueFrom?.secretKeyRef;
        if (ref && exampleSecret && ref.name !== exampleSecret.metadata?.name) report(rel, `${name}: Secret ${ref.name} is not the example's ${exampleSecret.metadata?.name}`);
        if (ref && exampleSecret && !secretKeys.has(ref.key)) report(rel, `${name}: secret key ${ref.key} is missing from secret.example.yaml`);
      }
    }
  }
  const serverDeployment = [...deployments.values()].find((d) => d.spec?.template?.spec?.containers?.some((c) => c.ports?.length));
  if (!serverDeployment) report(dir, 'no Deployment serves HTTP');
  else {
    const name = serverDeployment.metadata.name;
    const c = serverDeployment.spec.template.spec.containers.find((x) => x.ports?.length);
    if (c.readinessProbe?.httpGet?.path !== '/readyz') report(dir, `${name}: readiness probe should be GET /readyz`);
    if (c.livenessProbe?.httpGet?.path !== '/healthz') report(dir, `${name}: liveness probe should be GET /healthz`);
    const entry = commandEntry(c.args ?? c.command ?? []);
    if (entry && entry !== server.entry) report(dir, `${name}: runs ${entry}, the server's start script runs ${server.entry}`);
  }
  const workerDeployment = [...deployments.values()].find((d) =>
    d.spec?.template?.spec?.containers?.some((c) => commandEntry(c.args ?? c.command ?? []) === worker.entry),
  );
  if (!workerDeployment) report(dir, `no Deployment runs the worker (${worker.entry})`);

  for (const { rel, doc } of ofKind('Service')) {
    const selector = doc.spec?.selector ?? {};
    const matches = [...deployments.values()].some((d) => Object.entries(selector).every(([k, v]) => d.spec?.template?.metadata?.labels?.[k] === v));
    if (!matches) report(rel, `Service ${doc.metadata?.name} selects no Deployment's pods`);
    if (workerDeployment && Object.entries(selector).every(([k, v]) => workerDeployment.spec?.template?.metadata?.labels?.[k] === v)) {
      report(rel, `Service ${doc.metadata?.name} selects the worker pods`);
    }
  }
  const services = new Set(ofKind('Service').map((a) => a.doc.metadata?.name));
  for (const { rel, doc } of ofKind('Ingress')) {
    for (const rule of doc.spec?.rules ?? []) {
      for (const p of rule.http?.paths ?? []) {
        if (!services.has(p.backend?.service?.name)) report(rel, `Ingress backend ${p.backend?.service?.name} is not a Service here`);
      }
    }
  }
  const autoscaled = new Map();
  for (const { rel, doc } of [...ofKind('ScaledObject'), ...ofKind('HorizontalPodAutoscaler')]) {
    const target = doc.spec?.scaleTargetRef?.name;
    if (!deployments.has(target)) report(rel, `${doc.kind} targets ${target}, which is not a Deployment here`);
    if (autoscaled.has(target)) report(rel, `${target} has two autoscalers (${autoscaled.get(target)} and ${doc.kind})`);
    autoscaled.set(target, doc.kind);
    if (doc.kind === 'ScaledObject') {
      const lists = (doc.spec?.triggers ?? []).filter((t) => t.type === 'redis' && /^bull:[^:]+:wait$/.test(t.metadata?.listName ?? ''));
      if (!lists.length) report(rel, 'ScaledObject has no redis trigger on a BullMQ wait list (bull:<queue>:wait)');
      for (const t of lists) if (!/^\d+$/.test(String(t.metadata?.listLength ?? ''))) report(rel, 'redis trigger needs listLength as a number string');
    }
  }
  for (const { rel, doc } of ofKind('Deployment')) {
    if (autoscaled.has(doc.metadata?.name) && doc.spec?.replicas !== undefined) report(rel, `${doc.metadata.name}: autoscaled, so spec.replicas must be left out`);
  }
  return { files: files.length, docs };
}

// ---------------------------------------------------------------- .github/workflows
function checkWorkflows() {
  const dir = '.github/workflows';
  if (!existsSync(path.join(root, dir))) return 0;
  const files = readdirSync(path.join(root, dir)).filter((f) => /\.ya?ml$/.test(f));
  for (const f of files) {
    const [workflow] = loadYaml(`${dir}/${f}`);
    if (!isObject(workflow?.jobs)) {
      report(`${dir}/${f}`, 'no jobs');
      continue;
    }
    for (const [name, job] of Object.entries(workflow.jobs)) {
      if (!job?.['runs-on'] || !Array.isArray(job.steps) || !job.steps.length) report(`${dir}/${f}`, `job ${name} needs runs-on and steps`);
    }
  }
  return files.length;
}

const stages = checkDockerfile();
const composeServices = checkCompose();
const k8s = checkKubernetes();
const workflows = checkWorkflows();

for (const p of problems) console.error(`  - ${p}`);
const counts = `Dockerfile ${stages} stages, compose ${composeServices} services, infra/k8s ${k8s.files} files / ${k8s.docs} documents, ${workflows} workflow(s)`;
if (problems.length) {
  console.error(`validate-deploy: FAILED, ${problems.length} problem(s) (${counts})`);
  process.exit(1);
}
console.log(`validate-deploy: OK (${counts})`);
