import { DocumentError } from './document-error';

/** A stream or storage named in an OLE2 compound file (the container of .doc and .xls). */
export interface CompoundFileEntry {
  name: string;
  type: 'storage' | 'stream' | 'root';
  startSector: number;
  size: number;
}

export interface CompoundFile {
  entries: CompoundFileEntry[];
  sectorSize: number;
  miniStreamCutoff: number;
  fat: Uint32Array;
}

export const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const HEADER_SIZE = 512;
const HEADER_DIFAT_ENTRIES = 109;
const DIRECTORY_ENTRY_SIZE = 128;
const MAX_REGULAR_SECTOR = 0xfffffffa;
const END_OF_CHAIN = 0xfffffffe;
const FREE_SECTOR = 0xffffffff;
const ENTRY_TYPES: Record<number, CompoundFileEntry['type']> = { 1: 'storage', 2: 'stream', 5: 'root' };

export function startsWithOle2Magic(buffer: Buffer): boolean {
  return buffer.length >= OLE2_MAGIC.length && buffer.subarray(0, OLE2_MAGIC.length).equals(OLE2_MAGIC);
}

function corruptCompoundFile(): DocumentError {
  return new DocumentError('CORRUPT', 'The file is damaged: its internal Office structure cannot be read. Re-save it from Word or Excel and upload again.');
}

function readU32(buffer: Buffer, offset: number): number {
  if (offset < 0 || offset + 4 > buffer.length) throw corruptCompoundFile();
  return buffer.readUInt32LE(offset);
}

function sectorOffset(sector: number, sectorSize: number): number {
  return (sector + 1) * sectorSize;
}

/** Follows a chain of sectors, refusing cycles and chains that run off the file. */
function followChain(start: number, next: (sector: number) => number, sectorCount: number): number[] {
  const chain: number[] = [];
  const seen = new Set<number>();
  for (let sector = start; sector !== END_OF_CHAIN; sector = next(sector)) {
    if (sector >= MAX_REGULAR_SECTOR || sector >= sectorCount || seen.has(sector)) throw corruptCompoundFile();
    seen.add(sector);
    chain.push(sector);
  }
  return chain;
}

function listFatSectors(buffer: Buffer, sectorSize: number, sectorCount: number): number[] {
  const fatSectorCount = readU32(buffer, 0x2c);
  if (fatSectorCount > sectorCount) throw corruptCompoundFile();
  const sectors: number[] = [];
  for (let index = 0; index < Math.min(fatSectorCount, HEADER_DIFAT_ENTRIES); index += 1) sectors.push(readU32(buffer, 0x4c + index * 4));
  const perDifatSector = sectorSize / 4 - 1;
  const seen = new Set<number>();
  let difatSector = readU32(buffer, 0x44);
  while (sectors.length < fatSectorCount) {
    if (difatSector >= MAX_REGULAR_SECTOR || difatSector >= sectorCount || seen.has(difatSector)) throw corruptCompoundFile();
    seen.add(difatSector);
    const base = sectorOffset(difatSector, sectorSize);
    for (let index = 0; index < perDifatSector && sectors.length < fatSectorCount; index += 1) sectors.push(readU32(buffer, base + index * 4));
    difatSector = readU32(buffer, base + perDifatSector * 4);
  }
  return sectors;
}

function readFat(buffer: Buffer, sectorSize: number, sectorCount: number): Uint32Array {
  const fatSectors = listFatSectors(buffer, sectorSize, sectorCount);
  const perSector = sectorSize / 4;
  const fat = new Uint32Array(fatSectors.length * perSector).fill(FREE_SECTOR);
  fatSectors.forEach((sector, position) => {
    if (sector >= sectorCount) throw corruptCompoundFile();
    const base = sectorOffset(sector, sectorSize);
    for (let index = 0; index < perSector; index += 1) fat[position * perSector + index] = readU32(buffer, base + index * 4);
  });
  return fat;
}

function readDirectoryEntry(buffer: Buffer, offset: number): CompoundFileEntry | null {
  const type = ENTRY_TYPES[buffer[offset + 0x42] ?? 0];
  if (!type) return null;
  const nameBytes = buffer.readUInt16LE(offset + 0x40);
  if (nameBytes < 2 || nameBytes > 64) throw corruptCompoundFile();
  const name = buffer.toString('utf16le', offset, offset + nameBytes - 2);
  return { name, type, startSector: buffer.readUInt32LE(offset + 0x74), size: buffer.readUInt32LE(offset + 0x78) };
}

/**
 * Reads the header, allocation table and directory of an OLE2 compound file, with every sector number and
 * chain checked against the buffer. Stream contents are not read here.
 */
export function readCompoundFile(buffer: Buffer): CompoundFile {
  if (buffer.length < HEADER_SIZE || !startsWithOle2Magic(buffer)) throw corruptCompoundFile();
  const sectorShift = buffer.readUInt16LE(0x1e);
  if (sectorShift !== 9 && sectorShift !== 12) throw corruptCompoundFile();
  const sectorSize = 1 << sectorShift;
  const sectorCount = Math.ceil((buffer.length - sectorSize) / sectorSize);
  const fat = readFat(buffer, sectorSize, sectorCount);
  const next = (sector: number) => fat[sector] ?? END_OF_CHAIN;
  const directorySectors = followChain(readU32(buffer, 0x30), next, sectorCount);
  const entries: CompoundFileEntry[] = [];
  for (const sector of directorySectors) {
    const base = sectorOffset(sector, sectorSize);
    if (base + sectorSize > buffer.length) throw corruptCompoundFile();
    for (let offset = base; offset < base + sectorSize; offset += DIRECTORY_ENTRY_SIZE) {
      const entry = readDirectoryEntry(buffer, offset);
      if (entry) entries.push(entry);
    }
  }
  if (entries[0]?.type !== 'root') throw corruptCompoundFile();
  return { entries, sectorSize, miniStreamCutoff: readU32(buffer, 0x38), fat };
}

/**
 * The first bytes of a stream stored in regular sectors (streams under the mini-stream cutoff return null:
 * the callers only need the head of large streams such as WordDocument).
 */
export function readStreamHead(buffer: Buffer, file: CompoundFile, entry: CompoundFileEntry, length: number): Buffer | null {
  if (entry.size < file.miniStreamCutoff || entry.startSector >= MAX_REGULAR_SECTOR) return null;
  const start = sectorOffset(entry.startSector, file.sectorSize);
  const end = start + Math.min(length, file.sectorSize, entry.size);
  if (end > buffer.length) throw corruptCompoundFile();
  return buffer.subarray(start, end);
}

/** WordDocument FIB flags: bit 8 is fEncrypted. */
const FIB_FLAGS_OFFSET = 0x0a;
const FIB_ENCRYPTED = 0x0100;

function isEncryptedWordDocument(buffer: Buffer, file: CompoundFile): boolean {
  const stream = file.entries.find((entry) => entry.name === 'WordDocument');
  const head = stream ? readStreamHead(buffer, file, stream, FIB_FLAGS_OFFSET + 2) : null;
  return head !== null && head.length >= FIB_FLAGS_OFFSET + 2 && (head.readUInt16LE(FIB_FLAGS_OFFSET) & FIB_ENCRYPTED) !== 0;
}

/**
 * Password protection visible from the container: an encrypted .docx/.xlsx is an OLE2 file holding
 * EncryptionInfo and EncryptedPackage; an encrypted .doc sets fEncrypted in its FIB. (An encrypted .xls is
 * recognised by SheetJS when it reads the FILEPASS record.)
 */
export function isEncryptedOfficeFile(buffer: Buffer, file: CompoundFile): boolean {
  const names = new Set(file.entries.map((entry) => entry.name));
  return names.has('EncryptedPackage') || names.has('EncryptionInfo') || isEncryptedWordDocument(buffer, file);
}
