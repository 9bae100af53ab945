import type { Dashboard } from '@compliance/contracts/reports';
import { COLORS, rateColor, renderPdf, tableLayout } from './pdf-renderer';

const pct = (rate: number) => ({ text: `${rate.toFixed(1)}%`, color: rateColor(rate), bold: true });

/** Executive Summary: the tenant, the date, the metrics, per-framework and per-domain tables, top gaps. */
export function renderExecutiveSummary(dashboard: Dashboard, generatedAt: Date): Promise<Buffer> {
  const m = dashboard.metrics;
  const subtitle = `${dashboard.tenant_name} · ${dashboard.frameworks.join(', ') || 'No frameworks'} · ${generatedAt.toISOString().slice(0, 10)}`;
  const tile = (label: string, value: unknown) => ({ stack: [{ text: label, style: 'small' }, typeof value === 'object' ? value : { text: String(value), fontSize: 16, bold: true }] });
  return renderPdf('Executive Summary', subtitle, [
    {
      columns: [
        tile('Compliance Rate', { ...pct(m.compliance_rate), fontSize: 16 }),
        tile('Total Requirements', m.total_requirements),
        tile('Compliant', m.compliant),
        tile('In Progress', m.in_progress),
        tile('Not Started', m.not_started),
        tile('N/A', m.not_applicable),
      ],
      margin: [0, 0, 0, 6],
    },
    { text: `Evidence uploaded: ${m.total_evidence} · Contracts analyzed: ${m.total_contracts}`, style: 'small' },
    { text: 'Compliance by framework', style: 'h2' },
    {
      table: {
        headerRows: 1,
        widths: ['*', 50, 55, 60, 60, 55],
        body: [
          ['Framework', 'Total', 'Compliant', 'In Progress', 'Not Started', 'Rate'].map((text) => ({ text, style: 'th' })),
          ...dashboard.framework_breakdown.map((f) => [f.framework, f.total, f.compliant, f.in_progress, f.not_started, pct(f.compliance_rate)]),
        ],
      },
      layout: tableLayout,
    },
    { text: 'Compliance by domain', style: 'h2' },
    {
      table: {
        headerRows: 1,
        widths: [20, '*', 45, 55, 60, 60, 50],
        body: [
          ['#', 'Domain', 'Total', 'Compliant', 'In Progress', 'Not Started', 'Rate'].map((text) => ({ text, style: 'th' })),
          ...dashboard.domain_breakdown.map((d) => [d.domain_number, d.domain_name, d.total, d.compliant, d.in_progress, d.not_started, pct(d.compliance_rate)]),
        ],
      },
      layout: tableLayout,
    },
    { text: 'Top priority gaps', style: 'h2' },
    dashboard.top_gaps.length
      ? {
          table: {
            headerRows: 1,
            widths: [30, 40, 55, '*', 90],
            body: [
              ['ID', 'Priority', 'Status', 'Requirement', 'Frameworks'].map((text) => ({ text, style: 'th' })),
              ...dashboard.top_gaps.map((g) => [g.display_id, g.priority, g.status, { text: [{ text: `${g.domain_name}\n`, style: 'small' }, g.requirement_text] }, g.frameworks.join(', ')]),
            ],
          },
          layout: tableLayout,
        }
      : { text: 'No open gaps.', color: COLORS.good },
  ]);
}
