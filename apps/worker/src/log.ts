/** One JSON object per line on stdout: what the worker did, with the job's id, name and tenant when there is one. */
export type WorkerLog = (msg: string, fields?: Record<string, unknown>, level?: 'info' | 'warn' | 'error') => void;

/** Fields that must never reach a log line, whatever a caller passes. */
const SECRET_KEYS = /pass|secret|token|authorization|cookie|api_?key|text|content/i;

export function jsonLog(write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): WorkerLog {
  return (msg, fields = {}, level = 'info') => {
    const safe = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, SECRET_KEYS.test(key) ? '[redacted]' : value]));
    write(JSON.stringify({ level, time: new Date().toISOString(), service: 'worker', pid: process.pid, ...safe, msg }));
  };
}
