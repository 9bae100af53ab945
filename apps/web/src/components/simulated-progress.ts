/** The spec's client-side progress (section 4), used only while no real progress event has arrived. */
export const PROGRESS_TICK_MS = 800;
export const ANALYSIS_TIMEOUT_MS = 90_000;
export const PROGRESS_CAP = 90;

const STAGES: ReadonlyArray<readonly [number, string]> = [
  [75_000, 'Finalizing analysis'],
  [60_000, 'Matching requirements'],
  [40_000, 'Analyzing with AI batch 3/3'],
  [25_000, 'Analyzing with AI batch 2/3'],
  [10_000, 'Analyzing with AI batch 1/3'],
  [5_000, 'Extracting text content'],
  [2_000, 'Processing document'],
];

/** The status text for the time since the upload started. */
export function simulatedStage(elapsedMs: number): string {
  return STAGES.find(([from]) => elapsedMs >= from)?.[1] ?? 'Uploading file';
}

/** The bar after one more tick: +15 under 30%, +10 under 60%, +5 after, never past 90%. */
export function nextSimulatedPercent(percent: number): number {
  const step = percent < 30 ? 15 : percent < 60 ? 10 : 5;
  return Math.min(PROGRESS_CAP, percent + step);
}
