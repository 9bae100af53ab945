import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { extractText } from './extract-text';
import { CONTRACT_FILE_KINDS, detectFileType } from './file-type';
import { expectDocumentError } from './testing/expect-document-error';
import { CONTRACT_CLAUSES, CONTRACT_TITLE } from './testing/fixture-content';
import { readFixture } from './testing/fixtures';
import { buildMinimalDocx, buildZip, deflateZeros, docxPackageEntries, wordDocumentXml } from './testing/zip-writer';

function workbookBuffer(sheets: Record<string, unknown[][]>, bookType: 'xlsx' | 'biff8' = 'xlsx'): Buffer {
  const workbook = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets)) XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), name);
  return XLSX.write(workbook, { type: 'buffer', bookType }) as Buffer;
}

function expectEveryClause(text: string): void {
  for (const clause of CONTRACT_CLAUSES) expect(text).toMatch(new RegExp(`^${clause.number.replace(/\./g, '\\.')}\\s+${clause.text.split(' ')[0]}`, 'm'));
}

describe('extractText: Word', () => {
  it('extracts a .docx (generated with docx) with clause numbers, paragraphs and table cells', async () => {
    const result = await extractText(await readFixture('contract.docx'), 'docx');
    expect(result.text.startsWith(CONTRACT_TITLE)).toBe(true);
    expectEveryClause(result.text);
    expect(result.text).toContain('\n\n2. Security Obligations\n\n');
    expect(result.text).toContain('security@supplier.example');
    expect(result.pages).toBeUndefined();
    expect(result.wordCount).toBeGreaterThan(150);
  });

  it('extracts a hand-built .docx', async () => {
    const { text, wordCount } = await extractText(buildMinimalDocx(['1.1 The Supplier shall patch within 14 days.', '', '1.2 Logs are kept for a year.']), 'docx');
    expect(text).toBe('1.1 The Supplier shall patch within 14 days.\n\n1.2 Logs are kept for a year.');
    expect(wordCount).toBe(15);
  });

  it('extracts a .doc converted by LibreOffice, tables included', async () => {
    const result = await extractText(await readFixture('contract.doc'), 'doc');
    expect(result.text.startsWith(CONTRACT_TITLE)).toBe(true);
    expectEveryClause(result.text);
    expect(result.text).toMatch(/^Security contact\tsecurity@supplier\.example$/m);
  });

  it('refuses a docx-shaped zip bomb before mammoth sees it', async () => {
    const bomb = buildZip([...docxPackageEntries(), { name: 'word/document.xml', compressed: deflateZeros(1024) }]);
    await expectDocumentError(extractText(bomb, 'docx'), 'ZIP_BOMB', /would unpack to 1,024 MB/);
  });

  it('refuses a .docx whose document part inflates past the size it declares', async () => {
    const liar = buildZip([...docxPackageEntries(), { name: 'word/document.xml', compressed: deflateZeros(20), declaredUncompressedSize: 4096 }]);
    await expectDocumentError(extractText(liar, 'docx'), 'ZIP_BOMB', /larger than they declare/);
  });

  it('refuses a .docx whose XML is broken, or which has no document part, as CORRUPT', async () => {
    const brokenXml = buildZip([...docxPackageEntries(), { name: 'word/document.xml', content: Buffer.from('<w:document><w:body><w:p>') }]);
    await expectDocumentError(extractText(brokenXml, 'docx'), 'CORRUPT', /Word document is damaged/);
    const noDocument = buildZip([...docxPackageEntries(), { name: 'word/styles.xml', content: Buffer.from('<w:styles/>') }]);
    await expectDocumentError(extractText(noDocument, 'docx'), 'CORRUPT');
  });

  it('refuses a .docx with only empty paragraphs as NO_TEXT', async () => {
    const blank = buildZip([...docxPackageEntries(), { name: 'word/document.xml', content: Buffer.from(wordDocumentXml(['', '   ', ''])) }]);
    await expectDocumentError(extractText(blank, 'docx'), 'NO_TEXT', 'This Word document contains no text to analyse.');
  });

  it('refuses an encrypted .doc, and a .doc whose Word stream is garbage', async () => {
    const encrypted = await readFixture('encrypted.doc');
    await expectDocumentError(extractText(encrypted, 'doc'), 'ENCRYPTED');
    const garbage = Buffer.from(encrypted);
    const fib = garbage.indexOf(Buffer.from([0xec, 0xa5]));
    garbage.writeUInt16LE(0, fib + 0x0a);
    await expectDocumentError(extractText(garbage, 'doc'), 'CORRUPT', /Word document is damaged/);
  });
});

describe('extractText: Excel', () => {
  it.each(['controls.xlsx', 'controls.xls'] as const)('extracts %s as sheet headings and tab-separated rows', async (name) => {
    const result = await extractText(await readFixture(name), name.endsWith('xlsx') ? 'xlsx' : 'xls');
    expect(result.sheets).toBe(2);
    expect(result.text).toBe(
      [
        'Sheet: Controls',
        'Control ID\tControl\tOwner\tStatus',
        'AC-2\tAccount management: accounts are reviewed quarterly\tIT Operations\tImplemented',
        'IA-2\tMulti-factor authentication for privileged users\tSecurity\tImplemented',
        'SC-28\tEncryption of data at rest with AES-256\tPlatform\tPartial',
        '',
        'Sheet: Risks',
        'Risk\tLikelihood\tImpact',
        'Ransomware on file servers\t3\t5',
        'Lost laptop\t4\t2',
      ].join('\n'),
    );
  });

  it('keeps the column of a cell after an empty one, drops empty rows and sheets, and flattens line breaks in cells', async () => {
    const buffer = workbookBuffer({ Data: [['Owner', null, 'Note'], [], ['Alice', null, 'line one\nline two']], Empty: [[]] });
    const result = await extractText(buffer, 'xlsx');
    expect(result.text).toBe('Sheet: Data\nOwner\t\tNote\nAlice\t\tline one line two');
    expect(result.sheets).toBe(2);
  });

  it('refuses a workbook with more filled cells than the cap with TOO_LARGE', async () => {
    const rows = Array.from({ length: 300 }, (_, row) => Array.from({ length: 10 }, (_, column) => `r${row}c${column}`));
    const buffer = workbookBuffer({ Big: rows });
    await expectDocumentError(extractText(buffer, 'xlsx', { maxCells: 1_000 }), 'TOO_LARGE', /more than 1,000 filled cells/);
    await expectDocumentError(extractText(workbookBuffer({ Big: rows }, 'biff8'), 'xls', { maxCells: 1_000 }), 'TOO_LARGE');
    expect((await extractText(buffer, 'xlsx')).wordCount).toBe(3_000 + 2);
  });

  it('refuses a password-protected .xls (FILEPASS record) with ENCRYPTED, though its container looks ordinary', async () => {
    const encrypted = await readFixture('encrypted.xls');
    expect(detectFileType(encrypted, 'secret.xls', CONTRACT_FILE_KINDS)).toBe('xls');
    await expectDocumentError(extractText(encrypted, 'xls'), 'ENCRYPTED', /password-protected/);
  });

  it('refuses bytes that are not the container the kind promises, rather than reading them as CSV', async () => {
    await expectDocumentError(extractText(Buffer.from('a,b,c\n1,2,3\n'), 'xls'), 'CORRUPT');
    await expectDocumentError(extractText(Buffer.from('a,b,c\n1,2,3\n'), 'xlsx'), 'CORRUPT');
  });

  it('refuses worksheet XML too big for the cell cap before SheetJS parses it', async () => {
    const sheetXml = Buffer.from(`<worksheet><sheetData>${'<row><c><v>1</v></c></row>'.repeat(2_000)}</sheetData></worksheet>`);
    const workbook = buildZip([{ name: '[Content_Types].xml', content: Buffer.from('<Types/>') }, { name: 'xl/worksheets/sheet1.xml', content: sheetXml }]);
    await expectDocumentError(extractText(workbook, 'xlsx', { maxCells: 100 }), 'TOO_LARGE', /more than 100 filled cells/);
  });

  it('refuses an empty workbook as NO_TEXT', async () => {
    await expectDocumentError(extractText(workbookBuffer({ Sheet1: [] }), 'xlsx'), 'NO_TEXT', 'This workbook contains no filled cells to analyse.');
  });

  it('refuses an xlsx-shaped zip bomb and a truncated workbook', async () => {
    const bomb = buildZip([{ name: '[Content_Types].xml', content: Buffer.from('<Types/>') }, { name: 'xl/worksheets/sheet1.xml', compressed: deflateZeros(300) }]);
    await expectDocumentError(extractText(bomb, 'xlsx'), 'ZIP_BOMB');
    const workbook = await readFixture('controls.xlsx');
    await expectDocumentError(extractText(workbook.subarray(0, workbook.length - 200), 'xlsx'), 'CORRUPT', /workbook is damaged|zip structure/);
  });
});

describe('extractText: text', () => {
  it('decodes UTF-8, drops the BOM and normalises whitespace while keeping paragraphs', async () => {
    const buffer = Buffer.from('\ufeff# Access   Policy\r\n\r\n\r\n\r\n1.1\u00a0Admins use MFA.  \r\nCafé ✓\u200b\r\n');
    const result = await extractText(buffer, 'md');
    expect(result.text).toBe('# Access Policy\n\n1.1 Admins use MFA.\nCafé ✓');
    expect(result.wordCount).toBe(7);
  });

  it('refuses blank text as NO_TEXT, an empty buffer as EMPTY_FILE and too much text as TOO_LARGE', async () => {
    await expectDocumentError(extractText(Buffer.from(' \n\t\n '), 'txt'), 'NO_TEXT');
    await expectDocumentError(extractText(Buffer.alloc(0), 'txt'), 'EMPTY_FILE');
    await expectDocumentError(extractText(Buffer.from('word '.repeat(300)), 'txt', { maxChars: 1_000 }), 'TOO_LARGE', /more than 1,000 characters/);
  });
});

describe('extractText: Word tables', () => {
  it('keeps each table row on one line, cells separated by tabs, header first, between the paragraphs around it', async () => {
    const cell = (text: string) => `<w:tc><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:tc>`;
    const row = (...cells: string[]) => `<w:tr>${cells.map(cell).join('')}</w:tr>`;
    const xml = `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>
<w:p><w:r><w:t xml:space="preserve">The Contractor shall meet the following requirements:</w:t></w:r></w:p>
<w:tbl>${row('ID', 'Requirement')}${row('SR-01', 'Encrypt data at rest using AES-256 &amp; rotate keys yearly.')}${row('SR-02', 'Multi-factor authentication for all remote access.')}</w:tbl>
<w:p><w:r><w:t>After the table.</w:t></w:r><w:r><w:tab/><w:t>Tabbed.</w:t></w:r></w:p>
<w:p><w:r><w:delText>deleted words</w:delText></w:r></w:p>
</w:body></w:document>`;
    const docx = buildZip([...docxPackageEntries(), { name: 'word/document.xml', content: Buffer.from(xml) }]);
    const { text } = await extractText(docx, 'docx');
    expect(text.split('\n').filter(Boolean)).toEqual([
      'The Contractor shall meet the following requirements:',
      'ID\tRequirement',
      'SR-01\tEncrypt data at rest using AES-256 & rotate keys yearly.',
      'SR-02\tMulti-factor authentication for all remote access.',
      'After the table.\tTabbed.',
    ]);
  });
});
