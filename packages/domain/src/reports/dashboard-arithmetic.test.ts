import { describe, expect, it } from 'vitest';
import type { Requirement } from '@compliance/contracts/requirements';
import { computeDashboard, rankGaps } from './dashboard-service';
import { computeRollup } from './rollup-service';
import { complianceRate } from './rates';

function gap(id: string, priority: Requirement['priority'], status: Requirement['compliance_status'], domain: number, index: number): Requirement {
  return {
    id,
    display_id: `${domain}.${index}`,
    key: id,
    text: `Requirement ${id}`,
    domain_number: domain,
    domain_name: 'x',
    priority,
    source_type: 'framework',
    frameworks: ['ISO 27001'],
    control_ids: { 'ISO 27001': ['A.5.1'] },
    compliance_status: status,
    contract_count: 0,
    contract_names: [],
    evidence_count: 0,
    owner_id: null,
    owner_name: null,
    due_date: null,
    overdue: false,
    user_response: null,
    suggested_response: null,
    updated_at: new Date(0).toISOString(),
    updated_by_name: null,
  };
}

describe('compliance rate', () => {
  it('is compliant over applicable (N/A left out), one decimal', () => {
    expect(complianceRate({ total: 10, compliant: 3, not_applicable: 1 })).toBe(33.3);
    expect(complianceRate({ total: 4, compliant: 4, not_applicable: 0 })).toBe(100);
    expect(complianceRate({ total: 2, compliant: 0, not_applicable: 2 })).toBe(0);
    expect(complianceRate({ total: 0, compliant: 0, not_applicable: 0 })).toBe(0);
  });
});

describe('tenant dashboard arithmetic', () => {
  const result = computeDashboard({
    frameworks: ['ISO 27001', 'HIPAA'],
    byDomain: [
      { domain_number: 3, status: 'Compliant', n: 3 },
      { domain_number: 3, status: 'In Progress', n: 1 },
      { domain_number: 3, status: 'garbage', n: 2 },
      { domain_number: 1, status: 'Not Applicable', n: 1 },
      { domain_number: 1, status: 'Compliant', n: 1 },
    ],
    byFramework: [
      { framework: 'ISO 27001', status: 'Compliant', n: 4 },
      { framework: 'ISO 27001', status: 'Not Started', n: 4 },
      { framework: 'PCI DSS 4.0', status: 'Compliant', n: 9 },
    ],
    gaps: [],
    evidence: 2,
    contracts: 1,
  });

  it('counts every status, reading unknown ones as Not Started', () => {
    expect(result.metrics).toEqual({
      compliance_rate: 57.1,
      total_requirements: 8,
      compliant: 4,
      in_progress: 1,
      not_started: 2,
      not_applicable: 1,
      total_evidence: 2,
      total_contracts: 1,
    });
  });

  it('breaks down by domain in domain order and by the selected frameworks only', () => {
    expect(result.domain_breakdown.map((d) => [d.domain_number, d.total, d.compliance_rate])).toEqual([
      [1, 2, 100],
      [3, 6, 50],
    ]);
    expect(result.framework_breakdown).toEqual([
      { framework: 'ISO 27001', total: 8, compliant: 4, in_progress: 0, not_started: 4, compliance_rate: 50 },
      { framework: 'HIPAA', total: 0, compliant: 0, in_progress: 0, not_started: 0, compliance_rate: 0 },
    ]);
  });

  it('ranks gaps by priority, then Not Started before In Progress, then catalog order, and keeps 10', () => {
    const ranked = rankGaps([
      gap('a', 'Low', 'Not Started', 1, 1),
      gap('b', 'High', 'In Progress', 1, 2),
      gap('c', 'High', 'Not Started', 2, 1),
      gap('d', 'Medium', 'Not Started', 1, 3),
      gap('e', 'High', 'Not Started', 1, 10),
      gap('f', 'High', 'Not Started', 1, 9),
    ]);
    expect(ranked.map((g) => g.id)).toEqual(['f', 'e', 'c', 'b', 'd', 'a']);
    const many = Array.from({ length: 14 }, (_, i) => gap(`g${i}`, 'Medium', 'Not Started', 1, i + 1));
    const top = computeDashboard({ frameworks: [], byDomain: [], byFramework: [], gaps: many, evidence: 0, contracts: 0 }).top_gaps;
    expect(top).toHaveLength(10);
    expect(top[0]!.display_id).toBe('1.1');
  });
});

describe('organization roll-up arithmetic', () => {
  it('sums tenants, rates each one, and keeps tenants without rows at zero', () => {
    const rollup = computeRollup(
      'Acme',
      [
        { id: 't1', name: 'One', assigned_frameworks: ['HIPAA'] },
        { id: 't2', name: 'Two', assigned_frameworks: ['ISO 27001'] },
        { id: 't3', name: 'Empty', assigned_frameworks: [] },
      ],
      [
        { tenant_id: 't1', status: 'Compliant', n: 9 },
        { tenant_id: 't1', status: 'Not Started', n: 1 },
        { tenant_id: 't2', status: 'Compliant', n: 1 },
        { tenant_id: 't2', status: 'In Progress', n: 2 },
        { tenant_id: 't2', status: 'Not Started', n: 1 },
        { tenant_id: 'other-org', status: 'Compliant', n: 100 },
      ],
    );
    expect(rollup.metrics).toEqual({
      organization_name: 'Acme',
      total_tenants: 3,
      overall_compliance_rate: 71.4,
      total_requirements: 14,
      total_compliant: 10,
      total_not_started: 2,
    });
    expect(rollup.tenant_snapshots.map((t) => [t.tenant_name, t.compliance_rate, t.total_requirements, t.compliant])).toEqual([
      ['One', 90, 10, 9],
      ['Two', 25, 4, 1],
      ['Empty', 0, 0, 0],
    ]);
  });
});
