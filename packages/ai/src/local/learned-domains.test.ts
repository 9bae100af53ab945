import { describe, expect, it } from 'vitest';
import { DOMAIN_COUNTS, learnedDomainScores, type LearnedDomainCounts } from './learned-domains';

describe('learned domain evidence', () => {
  const counts: LearnedDomainCounts = {
    weight: 1,
    contextWeight: 0.5,
    totals: [10, 0, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    counts: { board: [8, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], token: [1, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] },
  };

  it('scores the domain whose labelled obligations use the stems, the context at its discount, and nothing when the weight is 0', () => {
    const board = learnedDomainScores(['board'], [], counts);
    expect(board[1]).toBeGreaterThan(board[3] ?? 0);
    const token = learnedDomainScores(['token'], [], counts);
    expect(token[3]).toBeGreaterThan(token[1] ?? 0);
    const contextOnly = learnedDomainScores([], ['token'], counts);
    expect(contextOnly[3]).toBeCloseTo((token[3] ?? 0) * 0.5);
    expect([...learnedDomainScores(['board'], [], { ...counts, weight: 0 })].every((v) => v === 0)).toBe(true);
  });

  it('ships a fitted model: a weight chosen by validation and counts for every domain', () => {
    expect(DOMAIN_COUNTS.weight).toBeGreaterThan(0);
    expect(DOMAIN_COUNTS.totals).toHaveLength(15);
    expect(DOMAIN_COUNTS.totals.every((t) => t > 0)).toBe(true);
  });
});
