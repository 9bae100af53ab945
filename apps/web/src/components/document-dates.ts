/** An upload date as the lists show it. */
export function formatUploadDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** A 0–1 confidence as a whole percentage. */
export function formatConfidence(value: number): string {
  return `${Math.round((value <= 1 ? value * 100 : value))}%`;
}
