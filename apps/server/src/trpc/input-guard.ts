/** How deep a request body may nest; the contracts never need more than a handful of levels. */
export const MAX_INPUT_DEPTH = 32;

const NUL_OR_LONE_SURROGATE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Finds what the database cannot store or that no client should send: a NUL character (PostgreSQL
 * text refuses it) or a lone UTF-16 surrogate (jsonb refuses it), anywhere in the input. Iterative,
 * so a hostile input cannot exhaust the stack; deeper than MAX_INPUT_DEPTH counts as a problem too.
 */
export function findInputProblem(input: unknown): string | null {
  const stack: { value: unknown; depth: number }[] = [{ value: input, depth: 0 }];
  while (stack.length) {
    const { value, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (NUL_OR_LONE_SURROGATE.test(value)) return 'Text must not contain NUL characters or invalid Unicode';
    } else if (value !== null && typeof value === 'object') {
      if (depth >= MAX_INPUT_DEPTH) return 'The request body is nested too deeply';
      const children = Array.isArray(value) ? value : [...Object.keys(value), ...Object.values(value)];
      for (const child of children) stack.push({ value: child, depth: depth + 1 });
    }
  }
  return null;
}
