import { isEncryptedOfficeFile, readCompoundFile, startsWithOle2Magic } from './compound-file';
import { DocumentError, emptyFileError, encryptedFileError } from './document-error';
import { formatSize } from './format-size';
import { assertSafeZip, DEFAULT_ZIP_LIMITS, type ZipLimits } from './zip-guard';
import { startsWithZipMagic } from './zip-directory';

export type FileKind = 'pdf' | 'docx' | 'doc' | 'xlsx' | 'xls' | 'txt' | 'md';

export const CONTRACT_FILE_KINDS: readonly FileKind[] = ['pdf', 'docx', 'doc', 'xlsx', 'xls'];
export const EVIDENCE_FILE_KINDS: readonly FileKind[] = ['pdf', 'docx', 'doc', 'xlsx', 'xls', 'txt', 'md'];

/** 25 MB, the product's upload limit. */
export const DEFAULT_MAX_FILE_BYTES = 25 * 1024 * 1024;

export interface DetectFileTypeOptions {
  maxBytes?: number;
  zipLimits?: ZipLimits;
}

const KIND_LABELS: Record<FileKind, string> = {
  pdf: 'a PDF',
  docx: 'a Word document (.docx)',
  doc: 'a Word 97–2003 document (.doc)',
  xlsx: 'an Excel workbook (.xlsx)',
  xls: 'an Excel 97–2003 workbook (.xls)',
  txt: 'a plain text file',
  md: 'a Markdown file',
};

const EXTENSION_KINDS: Record<string, FileKind> = {
  pdf: 'pdf',
  docx: 'docx',
  doc: 'doc',
  xlsx: 'xlsx',
  xls: 'xls',
  txt: 'txt',
  md: 'md',
  markdown: 'md',
};

/** Kinds that are the same sort of document; a workbook saved as .xls that is really .xlsx is still a workbook. */
const FAMILY: Record<FileKind, string> = { pdf: 'pdf', docx: 'word', doc: 'word', xlsx: 'excel', xls: 'excel', txt: 'text', md: 'text' };

/** What the bytes turned out to be: a supported kind, or a description of something else we recognised. */
type SniffResult = { kind: FileKind } | { other: string } | null;

const PDF_SIGNATURE = Buffer.from('%PDF-', 'latin1');
/** Readers accept the PDF header anywhere in the first 1024 bytes (some generators prepend junk). */
const PDF_SIGNATURE_WINDOW = 1024;
const MAX_CONTROL_CHARACTER_SHARE = 0.01;

export function getFileExtension(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

function describeAllowed(allowed: readonly FileKind[]): string {
  const extensions = allowed.map((kind) => `.${kind}`);
  return extensions.length > 1 ? `${extensions.slice(0, -1).join(', ')} or ${extensions.at(-1)}` : (extensions[0] ?? '');
}

/** '%PDF-' at the start, or later in the first 1024 bytes of a file that is not itself plain text. */
function isPdf(buffer: Buffer): boolean {
  const at = buffer.subarray(0, PDF_SIGNATURE_WINDOW).indexOf(PDF_SIGNATURE);
  if (at === 0) return true;
  return at > 0 && !isPlainText(buffer);
}

function sniffZip(buffer: Buffer, zipLimits: ZipLimits): SniffResult {
  const names = assertSafeZip(buffer, zipLimits).entries.map((entry) => entry.name);
  if (!names.includes('[Content_Types].xml')) return { other: 'a zip archive' };
  if (names.some((name) => name.startsWith('word/'))) return { kind: 'docx' };
  if (names.some((name) => name.startsWith('xl/'))) return { kind: 'xlsx' };
  return { other: 'an Office file of another kind (for example PowerPoint)' };
}

function sniffCompoundFile(buffer: Buffer): SniffResult {
  const file = readCompoundFile(buffer);
  if (isEncryptedOfficeFile(buffer, file)) throw encryptedFileError();
  const names = new Set(file.entries.map((entry) => entry.name));
  if (names.has('WordDocument')) return { kind: 'doc' };
  if (names.has('Workbook') || names.has('Book')) return { kind: 'xls' };
  return { other: 'an Office file of another kind (for example PowerPoint or Outlook)' };
}

/** Plain text: valid UTF-8, no NUL bytes, and almost no other control characters. */
export function isPlainText(buffer: Buffer): boolean {
  if (buffer.includes(0)) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    return false;
  }
  let controls = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d && code !== 0x0c) || code === 0x7f) controls += 1;
  }
  return controls <= text.length * MAX_CONTROL_CHARACTER_SHARE;
}

function sniffContent(buffer: Buffer, zipLimits: ZipLimits): SniffResult {
  if (isPdf(buffer)) return { kind: 'pdf' };
  if (startsWithZipMagic(buffer)) return sniffZip(buffer, zipLimits);
  if (startsWithOle2Magic(buffer)) return sniffCompoundFile(buffer);
  if (isPlainText(buffer)) return { kind: 'txt' };
  return null;
}

function assertSize(buffer: Buffer, maxBytes: number): void {
  if (buffer.length > maxBytes) throw new DocumentError('TOO_LARGE', `The file is too large. The maximum size is ${formatSize(maxBytes)}.`);
  if (buffer.length === 0) throw emptyFileError();
}

function kindFromName(fileName: string, allowed: readonly FileKind[]): FileKind {
  const extension = getFileExtension(fileName);
  const kind = EXTENSION_KINDS[extension];
  if (kind && allowed.includes(kind)) return kind;
  const shown = extension ? `Files of type .${extension} are` : 'Files without an extension are';
  throw new DocumentError('UNSUPPORTED_TYPE', `${shown} not supported here. Upload a ${describeAllowed(allowed)} file.`);
}

function unrecognisedContent(named: FileKind, allowed: readonly FileKind[]): DocumentError {
  const what = FAMILY[named] === 'text' ? 'plain UTF-8 text' : KIND_LABELS[named];
  return new DocumentError(
    'UNSUPPORTED_TYPE',
    `The file is named .${named} but its content is not ${what}, and it is not a file type we support. Upload a ${describeAllowed(allowed)} file.`,
  );
}

function mismatch(named: FileKind, actual: string): DocumentError {
  return new DocumentError('TYPE_MISMATCH', `The file is named .${named} but its content is ${actual}. Rename it to match its real type, or upload the right file.`);
}

/**
 * Decides what a file really is from its bytes, checked against its name and the kinds allowed here.
 * Order: size (TOO_LARGE, EMPTY_FILE), the name's extension (UNSUPPORTED_TYPE), then the content: magic
 * bytes for PDF, OOXML zip (whose central directory must also pass the zip guard) and OLE2, else UTF-8 text.
 * A content of the same family as the name (.xls holding an .xlsx workbook) is accepted as the real kind.
 */
export function detectFileType(buffer: Buffer, fileName: string, allowed: readonly FileKind[], options: DetectFileTypeOptions = {}): FileKind {
  assertSize(buffer, options.maxBytes ?? DEFAULT_MAX_FILE_BYTES);
  const named = kindFromName(fileName, allowed);
  const sniffed = sniffContent(buffer, options.zipLimits ?? DEFAULT_ZIP_LIMITS);
  if (sniffed === null) throw unrecognisedContent(named, allowed);
  if ('other' in sniffed) throw mismatch(named, sniffed.other);
  const actual = sniffed.kind === 'txt' && named === 'md' ? 'md' : sniffed.kind;
  if (actual === named) return actual;
  if (FAMILY[actual] === FAMILY[named] && allowed.includes(actual)) return actual;
  throw mismatch(named, KIND_LABELS[actual]);
}
