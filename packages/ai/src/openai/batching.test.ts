import { APIError } from 'openai';
import { describe, expect, it } from 'vitest';
import { InvalidOutputError, chunkText, isRetryable, locateSpan, runWithConcurrency, toBatches, withRetry } from './batching';

describe('chunkText', () => {
  it('covers the text without overlap, cutting at paragraph breaks', () => {
    const text = ['First clause. '.repeat(20), 'Second clause. '.repeat(20), 'Third clause. '.repeat(20)].join('\n\n');
    const chunks = chunkText(text, 400);
    expect(chunks.map((c) => c.text).join('')).toBe(text);
    for (const c of chunks) expect(text.slice(c.start, c.start + c.text.length)).toBe(c.text);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.every((c) => c.text.length <= 400)).toBe(true);
  });
});

describe('toBatches', () => {
  it('splits into batches of the given size', () => {
    expect(toBatches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });
});

describe('runWithConcurrency', () => {
  it('keeps order and never runs more than the limit at once', async () => {
    let running = 0;
    let peak = 0;
    const tasks = Array.from({ length: 8 }, (_, i) => async () => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 5 + (i % 3)));
      running -= 1;
      return i;
    });
    expect(await runWithConcurrency(tasks, 3, new AbortController().signal)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(peak).toBe(3);
  });

  it('stops starting tasks after a failure', async () => {
    let started = 0;
    const tasks = Array.from({ length: 5 }, (_, i) => async () => {
      started += 1;
      if (i === 0) throw new Error('boom');
      return i;
    });
    await expect(runWithConcurrency(tasks, 1, new AbortController().signal)).rejects.toThrow('boom');
    expect(started).toBe(1);
  });
});

describe('withRetry', () => {
  const serverError = () => new APIError(503, undefined, 'unavailable', new Headers());

  it('retries retryable failures and returns the first success', async () => {
    let calls = 0;
    const result = await withRetry(
      async () => {
        calls += 1;
        if (calls < 3) throw serverError();
        return 'ok';
      },
      { maxRetries: 3, signal: new AbortController().signal, baseDelayMs: 1 },
    );
    expect(result).toBe('ok');
    expect(calls).toBe(3);
  });

  it('classifies failures', () => {
    expect(isRetryable(serverError())).toBe(true);
    expect(isRetryable(new APIError(429, undefined, 'slow down', new Headers()))).toBe(true);
    expect(isRetryable(new APIError(401, undefined, 'no', new Headers()))).toBe(false);
    expect(isRetryable(new InvalidOutputError('bad json'))).toBe(true);
    expect(isRetryable(new Error('bug'))).toBe(false);
  });

  it('rejects with the abort reason instead of sleeping past the deadline', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('deadline')), 20);
    await expect(
      withRetry(
        async () => {
          throw serverError();
        },
        { maxRetries: 5, signal: controller.signal, baseDelayMs: 10_000 },
      ),
    ).rejects.toThrow('deadline');
  });
});

describe('locateSpan', () => {
  it('finds a span exactly or despite whitespace differences', () => {
    const text = 'The Supplier shall\n   encrypt data at rest.';
    expect(locateSpan(text, 'encrypt data')).toEqual({ start: 22, end: 34 });
    const loose = locateSpan(text, 'The Supplier shall encrypt data');
    expect(loose && text.slice(loose.start, loose.end)).toBe('The Supplier shall\n   encrypt data');
    expect(locateSpan(text, 'something else')).toBeNull();
  });
});
