import type { AiCallOptions } from './engine';

/** Throws the signal's reason (an AbortError by default) when the call has been cancelled or timed out. */
export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw abortReason(signal);
}

export function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason;
  const error = new Error(typeof reason === 'string' ? reason : 'The operation was aborted');
  error.name = 'AbortError';
  return error;
}

/** A progress reporter that never goes backwards and clamps to 0..100, so stages from parallel work stay monotonic. */
export function progressReporter(options: AiCallOptions): (stage: string, percent: number) => void {
  let last = 0;
  return (stage, percent) => {
    const clamped = Math.max(last, Math.min(100, Math.round(percent)));
    last = clamped;
    options.onProgress?.(stage, clamped);
  };
}

/** Resolves after `ms`, or rejects as soon as the signal aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortReason(signal));
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Lets due timers (such as the deadline's AbortSignal.timeout) run between CPU-bound steps, so an abort is noticed promptly. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
