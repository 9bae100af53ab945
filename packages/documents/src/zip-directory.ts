import { DocumentError } from './document-error';

/** One entry of a zip file as its central directory declares it, checked against the buffer's bounds. */
export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
  /** Where the entry's compressed bytes start (after its local header). */
  dataOffset: number;
}

export interface ZipDirectory {
  entries: ZipEntry[];
  /** Start of the central directory: every entry's data lies before it. */
  centralDirectoryOffset: number;
}

interface EndOfCentralDirectory {
  entryCount: number;
  size: number;
  offset: number;
}

const SIG_LOCAL_HEADER = 0x04034b50;
const SIG_CENTRAL_HEADER = 0x02014b50;
const SIG_END = 0x06054b50;
const SIG_ZIP64_END = 0x06064b50;
const SIG_ZIP64_LOCATOR = 0x07064b50;
const END_RECORD_SIZE = 22;
const CENTRAL_HEADER_SIZE = 46;
const LOCAL_HEADER_SIZE = 30;
const MAX_COMMENT = 0xffff;
const U16_MAX = 0xffff;
const U32_MAX = 0xffffffff;
const ZIP64_EXTRA_ID = 0x0001;
const FLAG_UTF8_NAME = 0x0800;

export const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export function startsWithZipMagic(buffer: Buffer): boolean {
  return buffer.length >= 4 && buffer.subarray(0, 4).equals(ZIP_MAGIC);
}

export function corruptZip(): DocumentError {
  return new DocumentError('CORRUPT', 'The file is damaged: its internal zip structure cannot be read. Re-save or re-export it and upload again.');
}

/** A bounds-checked little-endian reader: any read past the end means a malformed file. */
function readU16(buffer: Buffer, offset: number): number {
  if (offset < 0 || offset + 2 > buffer.length) throw corruptZip();
  return buffer.readUInt16LE(offset);
}

function readU32(buffer: Buffer, offset: number): number {
  if (offset < 0 || offset + 4 > buffer.length) throw corruptZip();
  return buffer.readUInt32LE(offset);
}

/** Reads a 64-bit size; anything past 2^53 is far beyond every limit, so it saturates instead of losing precision. */
function readU64(buffer: Buffer, offset: number): number {
  if (offset < 0 || offset + 8 > buffer.length) throw corruptZip();
  const value = buffer.readBigUInt64LE(offset);
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(value);
}

function findEndRecordOffset(buffer: Buffer): number {
  const lowest = Math.max(0, buffer.length - END_RECORD_SIZE - MAX_COMMENT);
  for (let offset = buffer.length - END_RECORD_SIZE; offset >= lowest; offset -= 1) {
    if (buffer.readUInt32LE(offset) !== SIG_END) continue;
    const commentLength = buffer.readUInt16LE(offset + 20);
    if (offset + END_RECORD_SIZE + commentLength <= buffer.length) return offset;
  }
  throw corruptZip();
}

function readZip64End(buffer: Buffer, endOffset: number): EndOfCentralDirectory {
  const locatorOffset = endOffset - 20;
  if (readU32(buffer, locatorOffset) !== SIG_ZIP64_LOCATOR) throw corruptZip();
  const recordOffset = readU64(buffer, locatorOffset + 8);
  if (recordOffset >= locatorOffset || readU32(buffer, recordOffset) !== SIG_ZIP64_END) throw corruptZip();
  if (readU32(buffer, recordOffset + 16) !== 0 || readU32(buffer, recordOffset + 20) !== 0) throw corruptZip();
  return {
    entryCount: readU64(buffer, recordOffset + 32),
    size: readU64(buffer, recordOffset + 40),
    offset: readU64(buffer, recordOffset + 48),
  };
}

function readEndOfCentralDirectory(buffer: Buffer): EndOfCentralDirectory {
  if (buffer.length < END_RECORD_SIZE) throw corruptZip();
  const endOffset = findEndRecordOffset(buffer);
  const diskNumber = readU16(buffer, endOffset + 4);
  const directoryDisk = readU16(buffer, endOffset + 6);
  if (diskNumber !== 0 || directoryDisk !== 0) throw corruptZip();
  const entryCount = readU16(buffer, endOffset + 10);
  const size = readU32(buffer, endOffset + 12);
  const offset = readU32(buffer, endOffset + 16);
  const end = entryCount === U16_MAX || size === U32_MAX || offset === U32_MAX ? readZip64End(buffer, endOffset) : { entryCount, size, offset };
  if (end.offset + end.size > endOffset) throw corruptZip();
  return end;
}

interface Zip64Fields {
  uncompressedSize: number;
  compressedSize: number;
  localHeaderOffset: number;
}

/** Applies the zip64 extra field: each saturated 32-bit field is replaced, in order, by a 64-bit one. */
function applyZip64Extra(buffer: Buffer, extraStart: number, extraEnd: number, fields: Zip64Fields): Zip64Fields {
  const needed = [fields.uncompressedSize, fields.compressedSize, fields.localHeaderOffset].filter((value) => value === U32_MAX).length;
  if (needed === 0) return fields;
  let cursor = extraStart;
  while (cursor + 4 <= extraEnd) {
    const id = readU16(buffer, cursor);
    const length = readU16(buffer, cursor + 2);
    const dataStart = cursor + 4;
    if (dataStart + length > extraEnd) throw corruptZip();
    if (id === ZIP64_EXTRA_ID) {
      if (length < needed * 8) throw corruptZip();
      let field = dataStart;
      const take = (value: number) => {
        if (value !== U32_MAX) return value;
        const wide = readU64(buffer, field);
        field += 8;
        return wide;
      };
      const uncompressedSize = take(fields.uncompressedSize);
      const compressedSize = take(fields.compressedSize);
      const localHeaderOffset = take(fields.localHeaderOffset);
      return { uncompressedSize, compressedSize, localHeaderOffset };
    }
    cursor = dataStart + length;
  }
  throw corruptZip();
}

function decodeName(bytes: Buffer, flags: number): string {
  return bytes.toString(flags & FLAG_UTF8_NAME ? 'utf8' : 'latin1');
}

/** Finds where the entry's data starts, from its local header, and checks the data fits before the central directory. */
function locateEntryData(buffer: Buffer, entry: Omit<ZipEntry, 'dataOffset'>, directoryOffset: number): number {
  const header = entry.localHeaderOffset;
  if (header + LOCAL_HEADER_SIZE > directoryOffset || readU32(buffer, header) !== SIG_LOCAL_HEADER) throw corruptZip();
  const dataOffset = header + LOCAL_HEADER_SIZE + readU16(buffer, header + 26) + readU16(buffer, header + 28);
  if (dataOffset + entry.compressedSize > directoryOffset) throw corruptZip();
  return dataOffset;
}

function readCentralEntry(buffer: Buffer, offset: number, directoryEnd: number, directoryOffset: number): { entry: ZipEntry; next: number } {
  if (offset + CENTRAL_HEADER_SIZE > directoryEnd || readU32(buffer, offset) !== SIG_CENTRAL_HEADER) throw corruptZip();
  const flags = readU16(buffer, offset + 8);
  const method = readU16(buffer, offset + 10);
  const nameLength = readU16(buffer, offset + 28);
  const extraLength = readU16(buffer, offset + 30);
  const commentLength = readU16(buffer, offset + 32);
  const nameStart = offset + CENTRAL_HEADER_SIZE;
  const extraStart = nameStart + nameLength;
  const next = extraStart + extraLength + commentLength;
  if (next > directoryEnd || readU16(buffer, offset + 34) !== 0) throw corruptZip();
  const sizes = applyZip64Extra(buffer, extraStart, extraStart + extraLength, {
    compressedSize: readU32(buffer, offset + 20),
    uncompressedSize: readU32(buffer, offset + 24),
    localHeaderOffset: readU32(buffer, offset + 42),
  });
  const partial = { name: decodeName(buffer.subarray(nameStart, extraStart), flags), method, flags, ...sizes };
  return { entry: { ...partial, dataOffset: locateEntryData(buffer, partial, directoryOffset) }, next };
}

/**
 * Reads a zip's central directory without inflating anything. Every offset and size is checked against the
 * buffer; anything malformed is CORRUPT. `maxEntries` stops a directory claiming millions of entries before
 * they are read (the caller decides what too many means; here it only bounds the work).
 */
export function readZipDirectory(buffer: Buffer, maxEntries: number): ZipDirectory & { declaredEntryCount: number } {
  const end = readEndOfCentralDirectory(buffer);
  const entries: ZipEntry[] = [];
  if (end.entryCount > maxEntries) return { entries, centralDirectoryOffset: end.offset, declaredEntryCount: end.entryCount };
  const directoryEnd = end.offset + end.size;
  let cursor = end.offset;
  for (let index = 0; index < end.entryCount; index += 1) {
    const { entry, next } = readCentralEntry(buffer, cursor, directoryEnd, end.offset);
    entries.push(entry);
    cursor = next;
  }
  return { entries, centralDirectoryOffset: end.offset, declaredEntryCount: end.entryCount };
}
