/**
 * Deterministic hostile input for the fuzz suites: generators, over the shared seeded PRNG, of the
 * values a careless or malicious client sends. The same seed always yields the same inputs, so a
 * failure reproduces with the seed printed in the test name.
 */
import type { Rng } from '@compliance/documents/testing/seeded-random';

export { type Rng, createRng } from '@compliance/documents/testing/seeded-random';

/** A stable 32-bit hash (FNV-1a), to give every procedure a stream of its own under one seed. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

export const SQL_INJECTION = ["' OR 1=1 --", "'; DROP TABLE users; --", '" OR ""="', "1; SELECT pg_sleep(10)--", "admin'--", "') UNION SELECT * FROM users --"];
export const SCRIPT_INJECTION = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', 'javascript:alert(1)', '{{7*7}}${7*7}', '../../../../etc/passwd', '%00%2e%2e%2f'];
export const UNICODE_EDGES = ['\ud800', '\udfff', 'a\ud83db', '\u0000', 'x\u0000y', '\ufeff', '\u202eevil', '\u200b\u200d', '\uffff', 'e\u0301\u0301\u0301', '🚀漢字Ünï', '\u2028\u2029'];
export const TYPED_TEXT = ['null', 'undefined', 'true', 'false', 'NaN', '-1', '1e999', '0x10', '[]', '{}', '[object Object]', ''];

function randomBytesText(rng: Rng): string {
  const length = rng.int(0, 64);
  let text = '';
  for (let i = 0; i < length; i++) text += String.fromCharCode(rng.chance(0.7) ? rng.int(0, 255) : rng.int(0, 0xffff));
  return text;
}

function controlText(rng: Rng): string {
  let text = '';
  for (let i = rng.int(1, 16); i > 0; i--) text += String.fromCharCode(rng.pick([rng.int(0, 31), 127, 0x85, 0x2028]));
  return text;
}

export function randomUuid(rng: Rng): string {
  const hex = () => rng.int(0, 15).toString(16);
  const part = (n: number) => Array.from({ length: n }, hex).join('');
  return `${part(8)}-${part(4)}-4${part(3)}-8${part(3)}-${part(12)}`;
}

/** A hostile string: random bytes, control characters, 100k characters, injections, Unicode edge cases, numbers as text. */
export function hostileText(rng: Rng): string {
  switch (rng.int(0, 8)) {
    case 0: return randomBytesText(rng);
    case 1: return controlText(rng);
    case 2: return rng.pick(['A', 'é', '🚀', "'", '<']).repeat(100_000);
    case 3: return rng.pick(SQL_INJECTION);
    case 4: return rng.pick(SCRIPT_INJECTION);
    case 5: return rng.pick(UNICODE_EDGES);
    case 6: return rng.pick(TYPED_TEXT);
    case 7: return rng.pick([randomUuid(rng), `${randomUuid(rng)}'`, '00000000-0000-0000-0000-000000000000', randomUuid(rng).toUpperCase()]);
    default: return `${rng.pick(SQL_INJECTION)}${rng.pick(UNICODE_EDGES)}${rng.pick(SCRIPT_INJECTION)}`;
  }
}

/** Arrays or objects nested up to a few thousand levels. */
export function deepNesting(rng: Rng): unknown {
  let value: unknown = hostileText(rng).slice(0, 20);
  for (let depth = rng.int(2, rng.chance(0.5) ? 40 : 3_000); depth > 0; depth--) value = rng.chance(0.5) ? [value] : { a: value };
  return value;
}

/** Any JSON value of a wrong or hostile kind. */
export function hostileValue(rng: Rng): unknown {
  switch (rng.int(0, 9)) {
    case 0:
    case 1:
    case 2: return hostileText(rng);
    case 3: return rng.pick([0, -1, -0, 1.5, 2 ** 53 + 1, -(2 ** 31), 1e308, Number.MIN_VALUE]);
    case 4: return rng.pick([null, true, false]);
    case 5: return Array.from({ length: rng.int(0, 4) }, () => hostileText(rng).slice(0, 100));
    case 6: return { [hostileText(rng).slice(0, 10)]: hostileText(rng), __proto__x: 1, constructor: { prototype: {} } };
    case 7: return deepNesting(rng);
    case 8: return rng.chance(0.5) ? Array(rng.int(100, 5_000)).fill('HIPAA') : { length: 1e9 };
    default: return hostileText(rng).slice(0, 200);
  }
}

function mutateText(rng: Rng, text: string): string {
  const at = rng.int(0, text.length);
  switch (rng.int(0, 4)) {
    case 0: return text.slice(0, at);
    case 1: return `${text.slice(0, at)}${hostileText(rng).slice(0, 300)}${text.slice(at)}`;
    case 2: return text.repeat(rng.int(2, 300));
    case 3: return `${text}${rng.pick(SQL_INJECTION)}`;
    default: return `  ${text.toUpperCase()}\t`;
  }
}

/** A valid input changed in one place: a field replaced, mangled, dropped, or an unknown field added; sometimes left valid. */
export function mutateInput(rng: Rng, valid: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  const input = { ...valid };
  const keys = [...new Set([...Object.keys(valid), ...fields])];
  const key = keys.length ? rng.pick(keys) : 'unknown';
  const roll = rng.int(0, 9);
  if (roll <= 1) return input;
  if (roll === 2) delete input[key];
  else if (roll === 3) input[`${key}_extra`] = hostileValue(rng);
  else if (roll <= 6 && typeof input[key] === 'string') input[key] = mutateText(rng, input[key] as string);
  else input[key] = hostileValue(rng);
  return input;
}

/** An input made of hostile values only: every known field, sometimes extra fields, sometimes not an object at all. */
export function randomInput(rng: Rng, fields: string[]): unknown {
  if (rng.chance(0.15)) return rng.pick([hostileValue(rng), [], null, 'text', 42, deepNesting(rng)]);
  const input: Record<string, unknown> = {};
  for (const field of fields) if (rng.chance(0.85)) input[field] = hostileValue(rng);
  if (rng.chance(0.3)) input[hostileText(rng).slice(0, 30)] = hostileValue(rng);
  return input;
}

/** Text as a query string or path carries it: arrays become repeated keys, everything else JSON or itself. */
export function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
}

/** Lone surrogates cannot be percent-encoded; a client would send U+FFFD instead. */
export function wellFormed(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}
