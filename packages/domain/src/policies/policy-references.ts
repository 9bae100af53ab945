/**
 * The requirements a policy text refers to, by display id ('3.4'), with the line that refers to each.
 * A reference is 'Requirement 3.4' (or 'Requirements 3.4, 3.5 and 3.6') in a statement, or a mapping
 * table row whose second cell is the id. Statement numbers and section numbers never count.
 */
const REFERENCE = /\bReq(?:uirement)?s?\.?\s+(\d{1,2}\.\d{1,3}(?:\s*(?:,|;|and|&)\s*\d{1,2}\.\d{1,3})*)/gi;
const TABLE_ROW = /^\|[^|]*\|\s*(\d{1,2}\.\d{1,3})\s*\|/;
const ID = /\d{1,2}\.\d{1,3}/g;
const EXCERPT_MAX = 500;

function plain(line: string): string {
  return line.replace(/[*_`>#]+/g, '').replace(/\s+/g, ' ').trim().slice(0, EXCERPT_MAX);
}

export function findRequirementReferences(content: string): Map<string, string> {
  const found = new Map<string, string>();
  const statementLines = new Map<string, string>();
  for (const line of content.split(/\r?\n/)) {
    const row = TABLE_ROW.exec(line);
    if (row?.[1] && !found.has(row[1])) found.set(row[1], plain(line));
    for (const match of line.matchAll(REFERENCE)) {
      for (const id of match[1]!.match(ID) ?? []) if (!statementLines.has(id)) statementLines.set(id, plain(line));
    }
  }
  // A statement line says more than a table row: prefer it as the excerpt.
  for (const [id, line] of statementLines) found.set(id, line);
  return found;
}
