import { configProblems, loadConfig } from './env';
import { startServer } from './start';

const started = Date.now();
const config = loadConfig();

const problems = configProblems(config);
if (problems.length) {
  for (const problem of problems) console.error(`Configuration error: ${problem}`);
  process.exit(1);
}

const { app, handle, seeded } = await startServer(config);
await app.listen({ port: config.port, host: config.host });

const seconds = ((Date.now() - started) / 1000).toFixed(1);
const lines = [
  '',
  `  Compliance Platform is running at http://localhost:${config.port}  (ready in ${seconds}s)`,
  `  Database: ${handle.kind === 'pglite' ? `embedded PGlite at ${handle.location}` : handle.location}`,
  `  API docs: http://localhost:${config.port}/api/docs`,
];
if (!config.production) {
  lines.push(
    `  Demo users: admin, manager, analyst, viewer — password: ${config.demoPassword}${seeded ? '  (demo data seeded)' : ''}`,
  );
}
console.log(lines.join('\n') + '\n');

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
