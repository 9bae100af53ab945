import { describe, expect, it } from 'vitest';
import { MAX_INPUT_DEPTH, findInputProblem } from './input-guard';

const nest = (depth: number): unknown => (depth === 0 ? 'leaf' : { a: nest(depth - 1) });

describe('findInputProblem', () => {
  it('accepts ordinary input, emoji and accents included', () => {
    expect(findInputProblem({ name: 'Ünïcødé 🚀 漢字', list: ['a', 1, null, true], nested: { x: [{ y: 'z' }] } })).toBeNull();
    expect(findInputProblem(undefined)).toBeNull();
    expect(findInputProblem(nest(MAX_INPUT_DEPTH - 1))).toBeNull();
  });

  it('finds a NUL character or a lone surrogate in any value or key', () => {
    const problem = 'Text must not contain NUL characters or invalid Unicode';
    expect(findInputProblem({ a: ['ok', 'x\u0000'] })).toBe(problem);
    expect(findInputProblem({ 'bad\u0000key': 1 })).toBe(problem);
    expect(findInputProblem('a\ud800b')).toBe(problem);
    expect(findInputProblem('a\udc00')).toBe(problem);
  });

  it('refuses nesting deeper than the limit without recursing', () => {
    expect(findInputProblem(nest(MAX_INPUT_DEPTH + 1))).toBe('The request body is nested too deeply');
    expect(findInputProblem(JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`))).toBe('The request body is nested too deeply');
  });
});
