/// <reference path="./pdfmake.d.ts" />
/**
 * Regenerates the committed test fixtures under packages/documents/fixtures/.
 *   npx tsx packages/documents/scripts/make-fixtures.ts
 * Needs qpdf (encrypted PDFs) and LibreOffice Writer (the .doc):
 *   apt-get install -y qpdf && apt-get install -y --no-install-recommends libreoffice-writer-nogui
 * The zip bombs are not committed: tests build them on the fly (src/testing/zip-writer.ts).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import pdfmake from 'pdfmake';
import * as XLSX from 'xlsx';
import { CONTRACT_CLAUSES, CONTRACT_TITLE, getPolicySection, POLICY_PAGE_COUNT, WORKBOOK_SHEETS } from '../src/testing/fixture-content';
import { FIXTURES_DIR } from '../src/testing/fixtures';
import { buildTextPdf } from '../src/minimal-pdf';

const require = createRequire(import.meta.url);
const fontsDir = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
const PDF_PASSWORD = 'fixture-secret';

function fixture(name: string): string {
  return path.join(FIXTURES_DIR, name);
}

function configurePdfmake(): void {
  pdfmake.addFonts({
    Roboto: {
      normal: path.join(fontsDir, 'Roboto-Regular.ttf'),
      bold: path.join(fontsDir, 'Roboto-Medium.ttf'),
      italics: path.join(fontsDir, 'Roboto-Italic.ttf'),
      bolditalics: path.join(fontsDir, 'Roboto-MediumItalic.ttf'),
    },
  });
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((file) => path.resolve(file).startsWith(fontsDir));
}

function renderPdf(content: unknown[]): Promise<Buffer> {
  return pdfmake.createPdf({ pageSize: 'A4', pageMargins: [56, 56, 56, 56], defaultStyle: { font: 'Roboto', fontSize: 10 }, content }).getBuffer();
}

function isHeadingClause(number: string): boolean {
  return /^\d+\.$/.test(number);
}

async function makeContractPdf(): Promise<void> {
  const content = [
    { text: CONTRACT_TITLE, fontSize: 16, bold: true, margin: [0, 0, 0, 12] },
    ...CONTRACT_CLAUSES.map((clause) =>
      isHeadingClause(clause.number)
        ? { text: `${clause.number} ${clause.text}`, bold: true, fontSize: 12, margin: [0, 10, 0, 4] }
        : { columns: [{ width: 28, text: clause.number }, { width: '*', text: clause.text }], margin: [0, 0, 0, 6] },
    ),
  ];
  writeFileSync(fixture('contract.pdf'), await renderPdf(content));
}

async function makePolicyPdf(): Promise<void> {
  const content = Array.from({ length: POLICY_PAGE_COUNT }, (_, index) => {
    const section = getPolicySection(index + 1);
    return [
      { text: section.heading, fontSize: 14, bold: true, margin: [0, 0, 0, 10], pageBreak: index === 0 ? undefined : 'before' },
      ...section.clauses.map((clause) => ({ text: `${clause.number} ${clause.text}`, margin: [0, 0, 0, 8] })),
    ];
  }).flat();
  writeFileSync(fixture('policy-20-pages.pdf'), await renderPdf(content));
}

async function makeImageOnlyPdf(): Promise<void> {
  const content = [{ canvas: [{ type: 'rect', x: 0, y: 0, w: 400, h: 250, color: '#94a3b8' }, { type: 'line', x1: 0, y1: 300, x2: 400, y2: 300, lineWidth: 2 }] }];
  writeFileSync(fixture('image-only.pdf'), await renderPdf(content));
}

function makeStandardFontPdf(): void {
  const lines = [CONTRACT_TITLE, '', ...CONTRACT_CLAUSES.map((clause) => `${clause.number} ${clause.text}`)];
  writeFileSync(fixture('standard-font.pdf'), buildTextPdf([lines.slice(0, 8), lines.slice(8)]));
}

function makeEncryptedPdfs(): void {
  const source = fixture('contract.pdf');
  execFileSync('qpdf', ['--encrypt', PDF_PASSWORD, `${PDF_PASSWORD}-owner`, '256', '--', source, fixture('encrypted.pdf')]);
  execFileSync('qpdf', ['--encrypt', '', `${PDF_PASSWORD}-owner`, '256', '--print=none', '--modify=none', '--extract=n', '--', source, fixture('owner-locked.pdf')]);
}

function clauseParagraph(number: string, text: string): Paragraph {
  if (isHeadingClause(number)) return new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(`${number} ${text}`)] });
  return new Paragraph({ children: [new TextRun({ text: `${number}\t`, bold: true }), new TextRun(text)] });
}

function contactTable(): Table {
  const cell = (text: string) => new TableCell({ children: [new Paragraph(text)] });
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [new TableRow({ children: [cell('Security contact'), cell('security@supplier.example')] }), new TableRow({ children: [cell('Notice period'), cell('72 hours')] })],
  });
}

async function makeContractDocx(): Promise<void> {
  const document = new Document({
    creator: 'fixtures',
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(CONTRACT_TITLE)] }),
          ...CONTRACT_CLAUSES.map((clause) => clauseParagraph(clause.number, clause.text)),
          contactTable(),
        ],
      },
    ],
  });
  writeFileSync(fixture('contract.docx'), await Packer.toBuffer(document));
}

function runLibreOffice(profile: string, args: string[]): void {
  execFileSync('soffice', [`-env:UserInstallation=file://${profile}`, '--headless', '--norestore', ...args], { stdio: 'pipe', timeout: 120_000 });
}

/** LibreOffice converts the generated .docx to a Word 97–2003 .doc. */
function makeDocWithLibreOffice(): void {
  const profile = mkdtempSync(path.join(tmpdir(), 'documents-fixtures-'));
  try {
    runLibreOffice(profile, ['--convert-to', 'doc', '--outdir', FIXTURES_DIR, fixture('contract.docx')]);
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

/** Stand-in for ciphertext that stays the same on every run, so regenerating leaves the fixtures unchanged. */
function pseudoRandomBytes(length: number, seed: string): Buffer {
  const blocks: Buffer[] = [];
  for (let index = 0; blocks.length * 32 < length; index += 1) blocks.push(createHash('sha256').update(`${seed}:${index}`).digest());
  return Buffer.concat(blocks).subarray(0, length);
}

function writeCompoundFile(name: string, streams: Record<string, Buffer>): void {
  const container = XLSX.CFB.utils.cfb_new();
  for (const [stream, content] of Object.entries(streams)) XLSX.CFB.utils.cfb_add(container, `/${stream}`, content);
  writeFileSync(fixture(name), XLSX.CFB.write(container, { type: 'buffer' }) as Buffer);
}

/**
 * Password-protected Office files, shaped as Word writes them: an encrypted .docx is an OLE2 container with
 * EncryptionInfo and EncryptedPackage streams (LibreOffice here cannot encrypt from the command line, so the
 * container is written with SheetJS's CFB writer around stand-in ciphertext); an encrypted .doc has the
 * fEncrypted bit set in the WordDocument stream's FIB.
 */
function makeEncryptedOfficeFiles(): void {
  writeCompoundFile('encrypted.docx', { EncryptionInfo: pseudoRandomBytes(1024, 'info'), EncryptedPackage: pseudoRandomBytes(8192, 'package') });
  const wordDocument = Buffer.alloc(8192);
  wordDocument.writeUInt16LE(0xa5ec, 0);
  wordDocument.writeUInt16LE(0x00c1, 2);
  wordDocument.writeUInt16LE(0x0100, 0x0a);
  writeCompoundFile('encrypted.doc', { WordDocument: wordDocument, '1Table': pseudoRandomBytes(4096, 'table') });
}

/** A password-protected .xls: Excel puts a FILEPASS record right after the workbook's BOF record. */
function makeEncryptedXls(): void {
  const container = XLSX.CFB.read(readFileSync(fixture('controls.xls')), { type: 'buffer' });
  const stream = XLSX.CFB.find(container, 'Workbook');
  const content = Buffer.from(stream.content);
  const bofEnd = 4 + content.readUInt16LE(2);
  const filePass = Buffer.from([0x2f, 0x00, 0x06, 0x00, 0x00, 0x00, 0x34, 0x12, 0x78, 0x56]);
  stream.content = Buffer.concat([content.subarray(0, bofEnd), filePass, content.subarray(bofEnd)]);
  stream.size = stream.content.length;
  writeFileSync(fixture('encrypted.xls'), XLSX.CFB.write(container, { type: 'buffer' }) as Buffer);
}

function makeWorkbooks(): void {
  const workbook = XLSX.utils.book_new();
  for (const sheet of WORKBOOK_SHEETS) XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(sheet.rows), sheet.name);
  writeFileSync(fixture('controls.xlsx'), XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
  writeFileSync(fixture('controls.xls'), XLSX.write(workbook, { type: 'buffer', bookType: 'biff8' }) as Buffer);
}

async function main(): Promise<void> {
  configurePdfmake();
  await makeContractPdf();
  await makePolicyPdf();
  await makeImageOnlyPdf();
  makeStandardFontPdf();
  makeEncryptedPdfs();
  await makeContractDocx();
  makeDocWithLibreOffice();
  makeEncryptedOfficeFiles();
  makeWorkbooks();
  makeEncryptedXls();
  console.log(`Fixtures written to ${FIXTURES_DIR}`);
}

await main();
