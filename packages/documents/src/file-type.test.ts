import { describe, expect, it } from 'vitest';
import { DocumentError, type DocumentErrorCode } from './document-error';
import { CONTRACT_FILE_KINDS, detectFileType, EVIDENCE_FILE_KINDS, getFileExtension, isPlainText, type FileKind } from './file-type';
import { expectUserFacingMessage } from './testing/expect-document-error';
import { readFixture, type FixtureName } from './testing/fixtures';
import { buildMinimalDocx, buildZip, deflateZeros, docxPackageEntries } from './testing/zip-writer';

function detectionError(buffer: Buffer, name: string, allowed: readonly FileKind[] = EVIDENCE_FILE_KINDS, maxBytes?: number): DocumentError {
  try {
    detectFileType(buffer, name, allowed, { maxBytes });
  } catch (error) {
    if (error instanceof DocumentError) return error;
    throw error;
  }
  throw new Error(`expected ${name} to be refused`);
}

describe('detectFileType', () => {
  it.each<[FixtureName, FileKind]>([
    ['contract.pdf', 'pdf'],
    ['policy-20-pages.pdf', 'pdf'],
    ['standard-font.pdf', 'pdf'],
    ['contract.docx', 'docx'],
    ['contract.doc', 'doc'],
    ['controls.xlsx', 'xlsx'],
    ['controls.xls', 'xls'],
  ])('recognises %s by content as %s', async (name, kind) => {
    expect(detectFileType(await readFixture(name), name, CONTRACT_FILE_KINDS)).toBe(kind);
  });

  it('recognises UTF-8 text and Markdown for evidence, names in any case and with a path', () => {
    expect(detectFileType(Buffer.from('\ufeffPolicy: passwords are rotated.\r\n'), 'Policy.TXT', EVIDENCE_FILE_KINDS)).toBe('txt');
    expect(detectFileType(Buffer.from('# Access policy\n\n- MFA for admins — always ✓\n'), 'C:\\docs\\access.md', EVIDENCE_FILE_KINDS)).toBe('md');
  });

  it('accepts a hand-built .docx and a zip64 .docx', () => {
    expect(detectFileType(buildMinimalDocx(['Hello']), 'hello.docx', CONTRACT_FILE_KINDS)).toBe('docx');
    expect(detectFileType(buildMinimalDocx(['Hello'], { zip64: true }), 'hello.docx', CONTRACT_FILE_KINDS)).toBe('docx');
  });

  it('accepts a workbook whose extension names the other Excel format, as its real kind', async () => {
    expect(detectFileType(await readFixture('controls.xlsx'), 'controls.xls', CONTRACT_FILE_KINDS)).toBe('xlsx');
    expect(detectFileType(await readFixture('contract.doc'), 'contract.docx', CONTRACT_FILE_KINDS)).toBe('doc');
  });

  it('refuses text files for contracts, which allow only PDF, Word and Excel', () => {
    const error = detectionError(Buffer.from('plain text'), 'notes.txt', CONTRACT_FILE_KINDS);
    expect(error.code).toBe('UNSUPPORTED_TYPE');
    expect(error.message).toBe('Files of type .txt are not supported here. Upload a .pdf, .docx, .doc, .xlsx or .xls file.');
  });

  it.each<[string, () => Promise<Buffer> | Buffer, string, DocumentErrorCode, RegExp]>([
    ['a .docx renamed .pdf', () => readFixture('contract.docx'), 'contract.pdf', 'TYPE_MISMATCH', /named \.pdf but its content is a Word document \(\.docx\)/],
    ['a plain zip named .pdf', () => buildZip([{ name: 'readme.txt', content: Buffer.from('hi') }]), 'scan.pdf', 'TYPE_MISMATCH', /named \.pdf but its content is a zip archive/],
    ['a PDF named .docx', () => readFixture('contract.pdf'), 'contract.docx', 'TYPE_MISMATCH', /content is a PDF/],
    ['a workbook named .doc', () => readFixture('controls.xls'), 'contract.doc', 'TYPE_MISMATCH', /Excel 97–2003 workbook/],
    ['text named .pdf', () => Buffer.from('just some words'), 'policy.pdf', 'TYPE_MISMATCH', /content is a plain text file/],
    ['a PowerPoint-like zip named .docx', () => buildZip([...docxPackageEntries(), { name: 'ppt/presentation.xml', content: Buffer.from('<p/>') }]), 'deck.docx', 'TYPE_MISMATCH', /another kind/],
    ['an .exe named .docx', () => Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200, 0xff)]), 'setup.docx', 'UNSUPPORTED_TYPE', /not a Word document \(\.docx\), and it is not a file type we support/],
    ['random bytes named .xlsx', () => Buffer.from(Array.from({ length: 512 }, (_, index) => (index * 7919) % 256)), 'data.xlsx', 'UNSUPPORTED_TYPE', /not an Excel workbook/],
    ['a .txt with NUL bytes', () => Buffer.from('text\u0000with\u0000nul'), 'notes.txt', 'UNSUPPORTED_TYPE', /not plain UTF-8 text/],
    ['Latin-1 text named .md', () => Buffer.from('Caf\xe9 policy', 'latin1'), 'cafe.md', 'UNSUPPORTED_TYPE', /not plain UTF-8 text/],
    ['an .exe by name', () => Buffer.from('MZ'), 'tool.exe', 'UNSUPPORTED_TYPE', /^Files of type \.exe are not supported/],
    ['a file without an extension', () => Buffer.from('%PDF-1.7'), 'contract', 'UNSUPPORTED_TYPE', /^Files without an extension are not supported/],
    ['an empty file', () => Buffer.alloc(0), 'empty.pdf', 'EMPTY_FILE', /The file is empty/],
    ['a password-protected .docx (OLE2 EncryptedPackage)', () => readFixture('encrypted.docx'), 'secret.docx', 'ENCRYPTED', /password-protected/],
    ['a password-protected .doc (FIB fEncrypted)', () => readFixture('encrypted.doc'), 'secret.doc', 'ENCRYPTED', /password-protected/],
    ['a docx-shaped zip bomb', () => buildZip([...docxPackageEntries(), { name: 'word/document.xml', compressed: deflateZeros(1024) }]), 'bomb.docx', 'ZIP_BOMB', /zip bomb/],
    ['a truncated .docx', async () => (await readFixture('contract.docx')).subarray(0, 4000), 'cut.docx', 'CORRUPT', /damaged/],
    ['a truncated .doc', async () => (await readFixture('contract.doc')).subarray(0, 600), 'cut.doc', 'CORRUPT', /damaged/],
    ['an OLE2 header with nothing after it', async () => (await readFixture('contract.doc')).subarray(0, 8), 'header.doc', 'CORRUPT', /damaged/],
  ])('refuses %s', async (_label, bytes, name, code, message) => {
    const error = detectionError(await bytes(), name);
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
    expectUserFacingMessage(error);
  });

  it('checks the size limit first, before the name or content', () => {
    const error = detectionError(Buffer.alloc(2048, 0x41), 'anything.exe', EVIDENCE_FILE_KINDS, 1024);
    expect(error.code).toBe('TOO_LARGE');
    expect(error.message).toBe('The file is too large. The maximum size is 1 KB.');
    expect(detectionError(Buffer.alloc(3 * 1024 * 1024, 0x41), 'a.txt', EVIDENCE_FILE_KINDS, 2 * 1024 * 1024).message).toBe('The file is too large. The maximum size is 2 MB.');
  });

  it('defaults to a 25 MB limit', () => {
    const justOver = Buffer.alloc(25 * 1024 * 1024 + 1, 0x61);
    expect(detectionError(justOver, 'big.txt').message).toBe('The file is too large. The maximum size is 25 MB.');
    expect(detectFileType(justOver.subarray(1), 'big.txt', EVIDENCE_FILE_KINDS)).toBe('txt');
  });
});

describe('isPlainText', () => {
  it('allows tabs, form feeds and a rare control character, not a binary share of them', () => {
    expect(isPlainText(Buffer.from('a\tb\fc\r\n'))).toBe(true);
    expect(isPlainText(Buffer.from(`${'word '.repeat(100)}\u0007`))).toBe(true);
    expect(isPlainText(Buffer.from('\u0001\u0002\u0003 text'))).toBe(false);
  });

  it('treats a text mentioning %PDF- after its start as text, not PDF', () => {
    expect(detectFileType(Buffer.from('Notes on the %PDF-1.7 header'), 'notes.md', EVIDENCE_FILE_KINDS)).toBe('md');
  });
});

describe('getFileExtension', () => {
  it('takes the last extension, lower-cased, and ignores dot-files', () => {
    expect(getFileExtension('Contract.v2.PDF')).toBe('pdf');
    expect(getFileExtension('/tmp/.bashrc')).toBe('');
    expect(getFileExtension('folder.d/README')).toBe('');
  });
});
