import { FRAMEWORKS } from '@compliance/contracts/frameworks';
import type { Requirement } from '@compliance/contracts/requirements';

/** One CSV field: quoted when it holds a comma, quote or line break; formula triggers neutralised. */
export function csvField(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  // A cell starting with = + - @ would run as a formula in a spreadsheet: prefix it with an apostrophe.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const CSV_COLUMNS = [
  'ID',
  'Domain',
  'Requirement',
  'Priority',
  'Source',
  'Frameworks',
  ...FRAMEWORKS.map((f) => `${f} controls`),
  'Status',
  'Owner',
  'Response',
  'Evidence count',
  'Contract count',
  'Contracts',
  'Last updated',
] as const;

/** The requirements as CSV: UTF-8 with a byte-order mark (spreadsheets detect the encoding), CRLF lines. */
export function requirementsToCsv(requirements: Requirement[]): string {
  const lines = [CSV_COLUMNS.map(csvField).join(',')];
  for (const r of requirements) {
    lines.push(
      [
        r.display_id,
        r.domain_name,
        r.text,
        r.priority,
        r.source_type === 'framework' ? 'Framework' : 'Contract',
        r.frameworks.join('; '),
        ...FRAMEWORKS.map((f) => (r.control_ids[f] ?? []).join('; ')),
        r.compliance_status,
        r.owner_name,
        r.user_response,
        r.evidence_count,
        r.contract_count,
        r.contract_names.join('; '),
        r.updated_at,
      ]
        .map(csvField)
        .join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
