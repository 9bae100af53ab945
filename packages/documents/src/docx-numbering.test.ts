import { AlignmentType, Document, LevelFormat, Packer, Paragraph, Table, TableCell, TableRow } from 'docx';
import { describe, expect, it } from 'vitest';
import { ListCounters, parseNumbering } from './docx-numbering';
import { extractText } from './extract-text';

/** A contract as Word writes it: clause numbers, lettered items and bullets come from automatic numbering. */
async function numberedContract(): Promise<Buffer> {
  const doc = new Document({
    numbering: {
      config: [
        {
          reference: 'clauses',
          levels: [
            { level: 0, format: LevelFormat.DECIMAL, text: '%1.', alignment: AlignmentType.LEFT },
            { level: 1, format: LevelFormat.DECIMAL, text: '%1.%2', alignment: AlignmentType.LEFT },
            { level: 2, format: LevelFormat.LOWER_LETTER, text: '(%3)', alignment: AlignmentType.LEFT },
            { level: 3, format: LevelFormat.LOWER_ROMAN, text: '(%4)', alignment: AlignmentType.LEFT },
          ],
        },
        { reference: 'bullets', levels: [{ level: 0, format: LevelFormat.BULLET, text: '\uF0B7', alignment: AlignmentType.LEFT }] },
      ],
    },
    sections: [
      {
        children: [
          new Paragraph({ text: 'Security', numbering: { reference: 'clauses', level: 0 } }),
          new Paragraph({ text: 'The Supplier shall implement the following measures:', numbering: { reference: 'clauses', level: 1 } }),
          new Paragraph({ text: 'multi-factor authentication for remote access;', numbering: { reference: 'clauses', level: 2 } }),
          new Paragraph({ text: 'encryption of laptops, including:', numbering: { reference: 'clauses', level: 2 } }),
          new Paragraph({ text: 'full-disk encryption.', numbering: { reference: 'clauses', level: 3 } }),
          new Paragraph({ text: 'The Supplier shall notify incidents within 24 hours.', numbering: { reference: 'clauses', level: 1 } }),
          new Paragraph({ text: 'Fees', numbering: { reference: 'clauses', level: 0 } }),
          new Paragraph({ text: 'The Customer shall pay each invoice within 30 days.', numbering: { reference: 'clauses', level: 1 } }),
          new Paragraph({ text: 'Logs are kept for a year.', numbering: { reference: 'bullets', level: 0 } }),
          new Table({
            rows: [
              new TableRow({ children: [new TableCell({ children: [new Paragraph('Ref')] }), new TableCell({ children: [new Paragraph('Control')] })] }),
              new TableRow({
                children: [
                  new TableCell({ children: [new Paragraph({ text: 'Access', numbering: { reference: 'clauses', level: 0 } })] }),
                  new TableCell({ children: [new Paragraph('Accounts are reviewed quarterly.')] }),
                ],
              }),
            ],
          }),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

describe('Word automatic numbering', () => {
  it('puts the marker Word shows before each numbered paragraph: levels, letters, roman numerals, bullets, restarts of deeper levels', async () => {
    const { text } = await extractText(await numberedContract(), 'docx');
    const lines = text.split('\n').filter((line) => line.trim() !== '');
    expect(lines).toEqual([
      '1. Security',
      '1.1 The Supplier shall implement the following measures:',
      '(a) multi-factor authentication for remote access;',
      '(b) encryption of laptops, including:',
      '(i) full-disk encryption.',
      '1.2 The Supplier shall notify incidents within 24 hours.',
      '2. Fees',
      '2.1 The Customer shall pay each invoice within 30 days.',
      '• Logs are kept for a year.',
      'Ref\tControl',
      '3. Access\tAccounts are reviewed quarterly.',
    ]);
  });
});

describe('numbering definitions', () => {
  const NUMBERING = `<w:numbering>
    <w:abstractNum w:abstractNumId="7"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="upperRoman"/><w:lvlText w:val="Article %1"/></w:lvl>
      <w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="upperLetter"/><w:lvlText w:val="%2."/></w:lvl></w:abstractNum>
    <w:num w:numId="3"><w:abstractNumId w:val="7"/></w:num>
    <w:num w:numId="4"><w:abstractNumId w:val="7"/><w:lvlOverride w:ilvl="1"><w:startOverride w:val="5"/></w:lvlOverride></w:num>
  </w:numbering>`;
  const STYLES = `<w:styles><w:style w:type="paragraph" w:styleId="Heading1"><w:pPr><w:numPr><w:numId w:val="3"/></w:numPr></w:pPr></w:style></w:styles>`;

  it('numbers paragraphs through their style, honours a restarted list and a paragraph that switches numbering off', () => {
    const lists = new ListCounters(parseNumbering(NUMBERING, STYLES));
    const heading = lists.numberingOf(null, null, 'Heading1');
    expect(heading).toEqual({ numId: '3', ilvl: 0 });
    expect(lists.next('3', 0)).toBe('Article I');
    expect(lists.next('3', 1)).toBe('A.');
    expect(lists.next('3', 0)).toBe('Article II');
    expect(lists.next('3', 1)).toBe('A.');
    expect(lists.next('4', 1)).toBe('E.');
    expect(lists.numberingOf('0', null, 'Heading1')).toBeNull();
    expect(lists.next('99', 0)).toBe('');
  });
});
