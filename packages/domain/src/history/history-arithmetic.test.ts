import { describe, expect, it } from 'vitest';
import { activityKind, addDays, buildTrend, dayRange, reconstructDays, toTrendPoint, utcDay } from './history-arithmetic';

const counts = (compliant: number, in_progress: number, not_started: number, not_applicable = 0) => ({ compliant, in_progress, not_started, not_applicable });

describe('days', () => {
  it('counts UTC calendar days across month and year ends', () => {
    expect(utcDay(new Date('2026-03-01T23:59:59Z'))).toBe('2026-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(dayRange('2026-01-02', 3)).toEqual(['2025-12-31', '2026-01-01', '2026-01-02']);
  });
});

describe('buildTrend', () => {
  it('shows stored days, carries the last one over days without a row, leaves out days before any, and counts today live', () => {
    const range = dayRange('2026-05-05', 5);
    const stored = new Map([['2026-05-03', counts(2, 1, 7)]]);
    const points = buildTrend(range, stored, { day: '2026-05-05', counts: counts(4, 0, 5, 1) });
    expect(points.map((p) => p.date)).toEqual(['2026-05-03', '2026-05-04', '2026-05-05']);
    expect(points[1]).toEqual({ date: '2026-05-04', compliance_rate: 20, compliant: 2, in_progress: 1, not_started: 7, not_applicable: 0 });
    expect(points[2]!.compliance_rate).toBe(44.4);
  });

  it('reads a tenant with nothing applicable as 0%', () => {
    expect(toTrendPoint('2026-01-01', counts(0, 0, 0, 3)).compliance_rate).toBe(0);
  });
});

describe('reconstructDays', () => {
  it('works back from today through the recorded status changes', () => {
    const old = new Date('2026-01-01T00:00:00Z');
    const requirements = [
      { id: 'a', status: 'Compliant', created_at: old },
      { id: 'b', status: 'In Progress', created_at: old },
      { id: 'c', status: 'Compliant', created_at: new Date('2026-02-02T10:00:00Z') },
    ];
    const changes = [
      { requirement_id: 'a', at: new Date('2026-02-01T09:00:00Z'), from: 'Not Started' },
      { requirement_id: 'a', at: new Date('2026-02-02T09:00:00Z'), from: 'In Progress' },
      { requirement_id: 'b', at: new Date('2026-02-03T00:00:00Z'), from: 'Not Applicable' },
    ];
    const days = reconstructDays(['2026-01-31', '2026-02-01', '2026-02-02'], requirements, changes);
    expect(days.get('2026-01-31')).toMatchObject({ total: 2, not_started: 1, not_applicable: 1 });
    expect(days.get('2026-02-01')).toMatchObject({ total: 2, in_progress: 1, not_applicable: 1 });
    // A change at midnight belongs to the next day; c appeared on 2 February.
    expect(days.get('2026-02-02')).toMatchObject({ total: 3, compliant: 2, not_applicable: 1 });
  });
});

describe('activityKind', () => {
  it('sorts audit actions into the kinds of the activity summary', () => {
    expect(activityKind('update_requirement_response', { changes: { status: { from: 'Not Started', to: 'Compliant' } } })).toBe('status_change');
    expect(activityKind('update_requirement_response', { changes: { response: { from: null, to: '4 characters' } } })).toBe('requirement_update');
    expect(activityKind('upload_evidence', {})).toBe('upload');
    expect(activityKind('reject_evidence_link', {})).toBe('decision');
    expect(activityKind('approve_policy', {})).toBe('decision');
    expect(activityKind('reanalyze_evidence', {})).toBe('analysis');
    expect(activityKind('delete_contract', {})).toBe('deletion');
    expect(activityKind('update_tenant', {})).toBe('other');
  });
});
