import type { Requirement } from '@compliance/contracts/requirements';
import { COLORS, renderPdf, tableLayout } from './pdf-renderer';

const PRIORITY_COLOR = { High: COLORS.poor, Medium: COLORS.warning, Low: COLORS.muted } as const;

/** Gap Analysis: every requirement neither Compliant nor Not Applicable, grouped by domain. */
export function renderGapAnalysis(tenantName: string, frameworks: string[], gaps: Requirement[], generatedAt: Date): Promise<Buffer> {
  const subtitle = `${tenantName} · ${frameworks.join(', ') || 'No frameworks'} · ${generatedAt.toISOString().slice(0, 10)} · ${gaps.length} open requirements`;
  const domains = new Map<string, Requirement[]>();
  for (const gap of gaps) domains.set(gap.domain_name, [...(domains.get(gap.domain_name) ?? []), gap]);
  const content: unknown[] = [];
  if (!gaps.length) content.push({ text: 'No open gaps: every requirement is Compliant or Not Applicable.', color: COLORS.good });
  for (const [domain, items] of domains) {
    content.push({ text: `${items[0]!.domain_number}. ${domain} (${items.length})`, style: 'h3' });
    content.push({
      table: {
        headerRows: 1,
        dontBreakRows: true,
        widths: [30, 40, 55, '*', 150],
        body: [
          ['ID', 'Priority', 'Status', 'Requirement', 'Frameworks and controls'].map((text) => ({ text, style: 'th' })),
          ...items.map((r) => [
            r.display_id,
            { text: r.priority, color: PRIORITY_COLOR[r.priority], bold: true },
            r.compliance_status,
            r.text,
            { text: Object.entries(r.control_ids).map(([f, ids]) => `${f}: ${ids.join(', ') || '-'}`).join('\n') || '-', fontSize: 7.5 },
          ]),
        ],
      },
      layout: tableLayout,
    });
  }
  return renderPdf('Gap Analysis', subtitle, content);
}
