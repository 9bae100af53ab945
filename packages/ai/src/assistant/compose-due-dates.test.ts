import { describe, expect, it } from 'vitest';
import { dueWindow } from './compose-due-dates';

// Friday 27 November 2026.
const NOW = new Date('2026-11-27T15:00:00Z');

describe('dueWindow', () => {
  it('reads overdue, this month, this week, next week, next N days and today as UTC calendar days', () => {
    expect(dueWindow('Are any requirements assigned to me overdue?', NOW)).toEqual({ kind: 'overdue' });
    expect(dueWindow('Which requirements are past their due date?', NOW)).toEqual({ kind: 'overdue' });
    expect(dueWindow("What's due this month?", NOW)).toMatchObject({ kind: 'range', from: '2026-11-27', to: '2026-11-30' });
    expect(dueWindow('Show me my requirements due by end of month', NOW)).toMatchObject({ from: '2026-11-27', to: '2026-11-30' });
    expect(dueWindow("what's due next week?", NOW)).toMatchObject({ from: '2026-11-30', to: '2026-12-06', label: 'next week' });
    expect(dueWindow('anything due this week?', NOW)).toMatchObject({ from: '2026-11-27', to: '2026-11-29' });
    expect(dueWindow('what is due in the next 10 days', NOW)).toMatchObject({ from: '2026-11-27', to: '2026-12-07' });
    expect(dueWindow('what is due today', NOW)).toMatchObject({ from: '2026-11-27', to: '2026-11-27' });
  });

  it('falls back to every dated requirement when no window is named', () => {
    expect(dueWindow('when are they due?', NOW)).toEqual({ kind: 'dated' });
    expect(dueWindow('what are my deadlines?', NOW)).toEqual({ kind: 'dated' });
  });
});
