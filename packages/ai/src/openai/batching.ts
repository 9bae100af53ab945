import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { abortReason, sleep, throwIfAborted } from '../call-context';

/** A piece of the input text with its offset, so spans found in it map back to the whole text. */
export type TextChunk = { start: number; text: string };

/**
 * Splits text into chunks of at most `maxChars`, cutting at paragraph breaks (else line breaks, else
 * sentence ends) so a clause is not torn in half. Chunks cover the text without overlap.
 */
export function chunkText(text: string, maxChars: number): TextChunk[] {
  const chunks: TextChunk[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + maxChars);
    if (end < text.length) {
      const window = text.slice(start, end);
      const cut = [window.lastIndexOf('\n\n'), window.lastIndexOf('\n'), window.lastIndexOf('. ')].find((i) => i > maxChars * 0.5);
      if (cut !== undefined) end = start + cut + 1;
    }
    const piece = text.slice(start, end);
    if (piece.trim()) chunks.push({ start, text: piece });
    start = end;
  }
  return chunks;
}

export function toBatches<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}

/**
 * Runs tasks with at most `limit` in flight, keeping results in task order. The first failure (or an
 * abort) rejects the whole run and no further task is started.
 */
export async function runWithConcurrency<T>(tasks: ReadonlyArray<() => Promise<T>>, limit: number, signal: AbortSignal): Promise<T[]> {
  const results = new Array<T>(tasks.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < tasks.length) {
      throwIfAborted(signal);
      const index = next;
      next += 1;
      const task = tasks[index];
      if (!task) continue;
      try {
        results[index] = await task();
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

export type RetryOptions = { maxRetries: number; signal: AbortSignal; baseDelayMs?: number; maxDelayMs?: number };

/** Whether a failed request is worth repeating: rate limits, server errors, dropped connections, malformed output. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof APIUserAbortError) return false;
  if (error instanceof APIConnectionTimeoutError || error instanceof APIConnectionError) return true;
  if (error instanceof APIError) return error.status === 429 || error.status === 408 || (error.status !== undefined && error.status >= 500);
  return error instanceof InvalidOutputError;
}

/** The endpoint answered, but not with JSON that fits the schema. */
export class InvalidOutputError extends Error {
  override name = 'InvalidOutputError';
}

function retryAfterMs(error: unknown): number | null {
  if (!(error instanceof APIError)) return null;
  const header = error.headers?.get('retry-after-ms') ?? error.headers?.get('retry-after');
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return error.headers?.get('retry-after-ms') ? seconds : seconds * 1000;
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : null;
}

/**
 * Calls `fn`, repeating it on retryable failures with exponential backoff and jitter (or the server's
 * Retry-After), up to `maxRetries` times. Waiting is abort-aware, so retries never outlive the call's deadline.
 */
export async function withRetry<T>(fn: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const base = options.baseDelayMs ?? 500;
  const cap = options.maxDelayMs ?? 8_000;
  for (let attempt = 0; ; attempt += 1) {
    throwIfAborted(options.signal);
    try {
      return await fn(attempt);
    } catch (error) {
      if (options.signal.aborted) throw abortReason(options.signal);
      if (attempt >= options.maxRetries || !isRetryable(error)) throw error;
      const backoff = Math.min(cap, base * 2 ** attempt) * (0.75 + Math.random() * 0.5);
      await sleep(Math.min(cap, retryAfterMs(error) ?? backoff), options.signal);
    }
  }
}

/** Finds `span` in `text` exactly, or with whitespace differences tolerated; returns the exact source span or null. */
export function locateSpan(text: string, span: string): { start: number; end: number } | null {
  const needle = span.trim();
  if (!needle) return null;
  const exact = text.indexOf(needle);
  if (exact >= 0) return { start: exact, end: exact + needle.length };
  const pattern = needle
    .split(/\s+/)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('\\s+');
  const match = new RegExp(pattern).exec(text);
  return match ? { start: match.index, end: match.index + match[0].length } : null;
}
