import { BOLD_LINE, BULLET, HASH_HEADING, QUOTE, RULE, TABLE_ROW, headingText, inlineParts, policyLines, readTable } from './policy-markdown';

/** Space between the columns of a table written as text. */
const COLUMN_GAP = '  ';

/** A line's words with every inline marker removed; a link keeps its address in brackets. */
export function plainInline(line: string): string {
  return inlineParts(line)
    .map((part) => (part.kind === 'link' && part.href !== part.text ? `${part.text} (${part.href})` : part.text))
    .join('');
}

/** A table as aligned columns: every cell padded to its column's widest cell, the header first. */
export function alignedColumns(rows: readonly string[][]): string[] {
  const cells = rows.map((row) => row.map(plainInline));
  const columns = Math.max(0, ...cells.map((row) => row.length));
  const widths = Array.from({ length: columns }, (_, column) => Math.max(0, ...cells.map((row) => (row[column] ?? '').length)));
  return cells.map((row) =>
    widths
      .map((width, column) => (row[column] ?? '').padEnd(width))
      .join(COLUMN_GAP)
      .trimEnd(),
  );
}

/** One non-table line as plain text. */
function plainLine(line: string): string {
  const hash = HASH_HEADING.exec(line);
  if (hash) return plainInline(headingText(hash[2]!)).trim();
  const bold = BOLD_LINE.exec(line.trim());
  if (bold) return bold[1]!.trim();
  if (RULE.test(line)) return '';
  const bullet = BULLET.exec(line);
  if (bullet) return `${line.search(/\S/) >= 2 ? '    ' : ''}- ${plainInline(bullet[1]!)}`;
  if (QUOTE.test(line)) return `    ${plainInline(line.replace(QUOTE, ''))}`;
  return plainInline(line);
}

/**
 * The policy as plain text for the TXT download (spec section 7: 'TXT is plain text', distinct from
 * MD): headings, emphasis, code and link markers removed (a link keeps its address), tables written
 * as aligned columns, bullets and numbered steps kept as plain list lines, the blank lines of the
 * Markdown kept. Read line by line with the same rules as the DOCX download.
 */
export function policyPlainText(markdown: string): string {
  const lines = policyLines(markdown);
  const out: string[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    if (TABLE_ROW.test(lines[index]!)) {
      const table = readTable(lines, index);
      out.push(...alignedColumns(table.rows));
      index = table.end;
      continue;
    }
    out.push(plainLine(lines[index]!));
  }
  return `${out.join('\n').trimEnd()}\n`;
}
