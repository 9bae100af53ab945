import { loadWorkerConfig } from './env';
import { jsonLog } from './log';
import { startWorker } from './worker';

const config = loadWorkerConfig();
const log = jsonLog();

let worker;
try {
  worker = await startWorker(config, log);
} catch (error) {
  log((error as Error).message, {}, 'error');
  process.exit(1);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    const timer = setTimeout(() => process.exit(1), config.shutdownGraceMs);
    worker.stop().then(
      () => {
        clearTimeout(timer);
        process.exit(0);
      },
      () => process.exit(1),
    );
  });
}
