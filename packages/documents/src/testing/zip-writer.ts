import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A small zip writer for tests: real archives (mammoth and SheetJS can read them), and hostile ones — zip
 * bombs, headers that lie about sizes, overlapping entries, zip64 records — that no ordinary tool writes.
 */
export interface ZipInputEntry {
  name: string;
  /** Plain bytes, deflated (or stored) by the writer. */
  content?: Buffer;
  /** Already raw-deflated bytes, with the true size and CRC they inflate to. */
  compressed?: { data: Buffer; uncompressedSize: number; crc32: number };
  method?: 0 | 8;
  /** Write this uncompressed size in both headers instead of the true one. */
  declaredUncompressedSize?: number;
  /** Point the central directory entry at another entry's local header (overlapping entries). */
  reuseLocalHeaderOf?: number;
}

export interface ZipWriteOptions {
  /** Write every size and offset through zip64 extra fields and the zip64 end records. */
  zip64?: boolean;
}

interface PreparedEntry {
  name: Buffer;
  method: number;
  data: Buffer;
  crc32: number;
  uncompressedSize: number;
  reuseLocalHeaderOf?: number;
}

const U32_SATURATED = 0xffffffff;
const DOS_DATE_1980 = 0x0021;
const UTF8_NAMES = 0x0800;

function prepareEntry(entry: ZipInputEntry): PreparedEntry {
  const name = Buffer.from(entry.name, 'utf8');
  const base = { name, reuseLocalHeaderOf: entry.reuseLocalHeaderOf };
  if (entry.compressed) {
    const { data, uncompressedSize, crc32: checksum } = entry.compressed;
    return { ...base, method: 8, data, crc32: checksum, uncompressedSize: entry.declaredUncompressedSize ?? uncompressedSize };
  }
  const content = entry.content ?? Buffer.alloc(0);
  const method = entry.method ?? 8;
  const data = method === 8 ? deflateRawSync(content) : content;
  return { ...base, method, data, crc32: crc32(content), uncompressedSize: entry.declaredUncompressedSize ?? content.length };
}

function u16(value: number): Buffer {
  const buffer = Buffer.alloc(2);
  buffer.writeUInt16LE(value);
  return buffer;
}

function u32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(value >>> 0);
  return buffer;
}

function u64(value: number): Buffer {
  const buffer = Buffer.alloc(8);
  buffer.writeBigUInt64LE(BigInt(value));
  return buffer;
}

function zip64Extra(values: number[]): Buffer {
  return Buffer.concat([u16(0x0001), u16(values.length * 8), ...values.map(u64)]);
}

function localHeader(entry: PreparedEntry, zip64: boolean): Buffer {
  const extra = zip64 ? zip64Extra([entry.uncompressedSize, entry.data.length]) : Buffer.alloc(0);
  const size = (value: number) => u32(zip64 ? U32_SATURATED : value);
  return Buffer.concat([
    u32(0x04034b50), u16(zip64 ? 45 : 20), u16(UTF8_NAMES), u16(entry.method), u16(0), u16(DOS_DATE_1980),
    u32(entry.crc32), size(entry.data.length), size(entry.uncompressedSize), u16(entry.name.length), u16(extra.length),
    entry.name, extra,
  ]);
}

function centralHeader(entry: PreparedEntry, offset: number, zip64: boolean): Buffer {
  const extra = zip64 ? zip64Extra([entry.uncompressedSize, entry.data.length, offset]) : Buffer.alloc(0);
  const field = (value: number) => u32(zip64 ? U32_SATURATED : value);
  return Buffer.concat([
    u32(0x02014b50), u16(zip64 ? 45 : 20), u16(zip64 ? 45 : 20), u16(UTF8_NAMES), u16(entry.method), u16(0), u16(DOS_DATE_1980),
    u32(entry.crc32), field(entry.data.length), field(entry.uncompressedSize), u16(entry.name.length), u16(extra.length), u16(0),
    u16(0), u16(0), u32(0), field(offset), entry.name, extra,
  ]);
}

function endRecords(count: number, directorySize: number, directoryOffset: number, zip64: boolean): Buffer {
  if (!zip64) return Buffer.concat([u32(0x06054b50), u16(0), u16(0), u16(count), u16(count), u32(directorySize), u32(directoryOffset), u16(0)]);
  const recordOffset = directoryOffset + directorySize;
  const record = Buffer.concat([u32(0x06064b50), u64(44), u16(45), u16(45), u32(0), u32(0), u64(count), u64(count), u64(directorySize), u64(directoryOffset)]);
  const locator = Buffer.concat([u32(0x07064b50), u32(0), u64(recordOffset), u32(1)]);
  const end = Buffer.concat([u32(0x06054b50), u16(0), u16(0), u16(0xffff), u16(0xffff), u32(U32_SATURATED), u32(U32_SATURATED), u16(0)]);
  return Buffer.concat([record, locator, end]);
}

export function buildZip(inputs: ZipInputEntry[], options: ZipWriteOptions = {}): Buffer {
  const zip64 = options.zip64 ?? false;
  const entries = inputs.map(prepareEntry);
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let offset = 0;
  for (const entry of entries) {
    offsets.push(offset);
    if (entry.reuseLocalHeaderOf !== undefined) continue;
    const header = localHeader(entry, zip64);
    parts.push(header, entry.data);
    offset += header.length + entry.data.length;
  }
  const directory = Buffer.concat(entries.map((entry, index) => centralHeader(entry, offsets[entry.reuseLocalHeaderOf ?? index] ?? 0, zip64)));
  return Buffer.concat([...parts, directory, endRecords(entries.length, directory.length, offset, zip64)]);
}

const ONE_MEBIBYTE = 1024 * 1024;

/**
 * Raw deflate of `mebibytes` MiB of zeros without ever allocating them: one MiB is deflated with a sync flush
 * (a byte-aligned, non-final block), repeated, and closed with an empty final block. 1 GiB → about 1 MB.
 */
export function deflateZeros(mebibytes: number): { data: Buffer; uncompressedSize: number; crc32: number } {
  const zeros = Buffer.alloc(ONE_MEBIBYTE);
  const block = deflateRawSync(zeros, { finishFlush: constants.Z_SYNC_FLUSH });
  const final = deflateRawSync(Buffer.alloc(0));
  let checksum = 0;
  for (let index = 0; index < mebibytes; index += 1) checksum = crc32(zeros, checksum);
  return { data: Buffer.concat([...Array.from({ length: mebibytes }, () => block), final]), uncompressedSize: mebibytes * ONE_MEBIBYTE, crc32: checksum };
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;

const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function wordDocumentXml(paragraphs: string[]): string {
  const body = paragraphs.map((text) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`).join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`;
}

/** The parts every .docx has besides its document, so a zip built around them is detected as Word. */
export function docxPackageEntries(): ZipInputEntry[] {
  return [
    { name: '[Content_Types].xml', content: Buffer.from(CONTENT_TYPES) },
    { name: '_rels/.rels', content: Buffer.from(ROOT_RELS) },
  ];
}

/** A minimal, valid .docx written by hand. */
export function buildMinimalDocx(paragraphs: string[], options: ZipWriteOptions = {}): Buffer {
  return buildZip([...docxPackageEntries(), { name: 'word/document.xml', content: Buffer.from(wordDocumentXml(paragraphs)) }], options);
}
