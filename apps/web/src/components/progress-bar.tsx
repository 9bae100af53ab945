import type { UploadProgress } from './tracked-upload';

/** A labelled progress bar with the analysis stage as its status text. */
export function ProgressBar({ progress, label }: { progress: UploadProgress; label: string }) {
  return (
    <div className="space-y-1.5">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span data-testid="progress-stage" role="status" className="font-medium text-slate-700">
          {progress.stage}
        </span>
        <span className="tabular-nums text-slate-500">{progress.percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={`${progress.percent}% · ${progress.stage}`}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-indigo-600 transition-[width] duration-500" style={{ width: `${progress.percent}%` }} />
      </div>
    </div>
  );
}
