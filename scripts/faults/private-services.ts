/**
 * Private PostgreSQL and Redis instances for the fault scripts, on their own ports and data folders,
 * so restarting them never touches the shared services other work uses.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL tool; as root, through runuser as the postgres user (initdb refuses root). */
function pgTool(tool: string, args: string[]) {
  const command = asRoot ? 'runuser' : path.join(PG_BIN, tool);
  const argv = asRoot ? ['-u', 'postgres', '--', path.join(PG_BIN, tool), ...args] : args;
  const result = spawnSync(command, argv, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
  return result.stdout;
}

/** The same without blocking the event loop (restarts happen while load is running). */
async function pgToolAsync(tool: string, args: string[]) {
  const command = asRoot ? 'runuser' : path.join(PG_BIN, tool);
  const argv = asRoot ? ['-u', 'postgres', '--', path.join(PG_BIN, tool), ...args] : args;
  await promisify(execFile)(command, argv);
}

export interface PrivatePostgres {
  url: string;
  /** Stops the server (fast: every connection is closed), waits downMs, starts it again. */
  restart(downMs: number): Promise<void>;
  stop(): void;
}

export function startPrivatePostgres(port: number): PrivatePostgres {
  const dir = mkdtempSync(path.join(tmpdir(), 'cp-fault-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  pgTool('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  pgTool('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart(downMs) {
      await pgToolAsync('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await pgToolAsync('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
    },
    stop() {
      pgTool('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface PrivateRedis {
  url: string;
  /** Shuts the server down and starts it again on the same port (keys kept only with the append-only file). */
  restart(downMs: number): Promise<void>;
  stop(): void;
}

function redisUp(port: number, dir: string, appendOnly: boolean) {
  execFileSync('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', appendOnly ? 'yes' : 'no', '--maxmemory-policy', 'noeviction', '--daemonize', 'yes']);
  for (let i = 0; i < 50; i++) {
    if (spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout.trim() === 'PONG') return;
    spawnSync('sleep', ['0.1']);
  }
  throw new Error(`redis on port ${port} did not start`);
}

const redisDown = (port: number) => void spawnSync('redis-cli', ['-p', String(port), 'shutdown']);

/** appendOnly: persist with the append-only file, as docker-compose.yml runs Redis; else a restart empties it. */
export function startPrivateRedis(port: number, appendOnly = true): PrivateRedis {
  const dir = mkdtempSync(path.join(tmpdir(), 'cp-fault-redis-'));
  redisUp(port, dir, appendOnly);
  return {
    url: `redis://127.0.0.1:${port}`,
    async restart(downMs) {
      redisDown(port);
      await new Promise((resolve) => setTimeout(resolve, downMs));
      redisUp(port, dir, appendOnly);
    },
    stop() {
      redisDown(port);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
