import { loadWorkerConfig } from './env';
import { startWorker } from './worker';

const config = loadWorkerConfig();
const log = (line: string) => console.log(JSON.stringify({ time: new Date().toISOString(), msg: line }));

let worker;
try {
  worker = await startWorker(config, log);
} catch (error) {
  console.error((error as Error).message);
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
