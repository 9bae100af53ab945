import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ProgressBar } from '../../components/progress-bar';
import type { BatchRow } from './use-batch-upload';

const STATE_BADGE = {
  queued: <Badge tone="grey">Queued</Badge>,
  running: <Badge tone="blue">Analyzing</Badge>,
  done: <Badge tone="green">Done</Badge>,
  failed: <Badge tone="red">Failed</Badge>,
} as const;

/** One progress row per file of a batch upload, with its result or its error. */
export function BatchUploadList({ rows, busy, onClear }: { rows: BatchRow[]; busy: boolean; onClear: () => void }) {
  if (rows.length === 0) return null;
  const done = rows.filter((row) => row.state === 'done').length;
  const failed = rows.filter((row) => row.state === 'failed').length;
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-5 py-3">
        <h2 className="text-sm font-semibold text-slate-900">
          Batch upload · {done} of {rows.length} analyzed{failed ? ` · ${failed} failed` : ''}
        </h2>
        {!busy && (
          <Button variant="ghost" size="sm" onClick={onClear}>
            Clear
          </Button>
        )}
      </div>
      <ul className="divide-y divide-slate-100" aria-label="Batch upload progress">
        {rows.map((row) => (
          <li key={row.key} data-testid="batch-row" data-state={row.state} className="space-y-2 px-5 py-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-slate-800">{row.name}</p>
                <p className="truncate text-xs text-slate-500">{row.filename}</p>
              </div>
              {STATE_BADGE[row.state]}
            </div>
            {row.state === 'running' && <ProgressBar progress={row.progress} label={`Upload of ${row.filename}`} />}
            {row.message && (
              <p role={row.state === 'failed' ? 'alert' : undefined} className={`text-xs ${row.state === 'failed' ? 'font-medium text-red-700' : 'text-green-700'}`}>
                {row.message}
              </p>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
