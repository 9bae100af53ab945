import { describe, expect, it } from 'vitest';
import { DOMAIN_MODEL, learnedDomainScores, type LearnedDomainModel } from './learned-domains';

const row = (domain: number, weight: number) => Array.from({ length: 15 }, (_, i) => (i === domain - 1 ? weight : 0));

describe('learned domain evidence', () => {
  const fitted: LearnedDomainModel = { contextWeight: 0.5, bias: row(2, 0.1), weights: { board: row(1, 2), token: row(3, 2), 'context:token': row(3, 2) } };

  it("adds each stem's weights to the bias, the context's own weights at their input value, and ignores unknown stems", () => {
    const board = learnedDomainScores(['board', 'board'], [], fitted);
    expect(board[1]).toBe(2);
    expect(board[2]).toBe(0.1);
    const contextOnly = learnedDomainScores([], ['token'], fitted);
    expect(contextOnly[3]).toBe(1);
    expect([...learnedDomainScores(['constructor', 'unknown'], [], fitted)].slice(1)).toEqual(row(2, 0.1));
  });

  it('ships a fitted model with weights for every domain', () => {
    expect(DOMAIN_MODEL.contextWeight).toBeGreaterThan(0);
    expect(DOMAIN_MODEL.bias).toHaveLength(15);
    for (let d = 0; d < 15; d += 1) expect(Object.values(DOMAIN_MODEL.weights).some((w) => (w[d] ?? 0) > 0.5)).toBe(true);
  });
});
