import { describe, expect, it } from 'vitest';
import { DocumentError } from './document-error';
import { readFixture } from './testing/fixtures';
import { buildMinimalDocx, buildZip, deflateZeros, docxPackageEntries, type ZipInputEntry } from './testing/zip-writer';
import { readZipDirectory } from './zip-directory';
import { assertSafeZip, assertZipSizesHonest, DEFAULT_ZIP_LIMITS } from './zip-guard';

function codeOf(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(DocumentError);
    return (error as DocumentError).code;
  }
  return undefined;
}

async function asyncCodeOf(action: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await action();
  } catch (error) {
    expect(error).toBeInstanceOf(DocumentError);
    return (error as DocumentError).code;
  }
  return undefined;
}

function docxWith(document: ZipInputEntry): Buffer {
  return buildZip([...docxPackageEntries(), document]);
}

describe('readZipDirectory', () => {
  it('lists the entries of a real .docx with their sizes and data offsets', async () => {
    const buffer = await readFixture('contract.docx');
    const { entries } = readZipDirectory(buffer, 100);
    const document = entries.find((entry) => entry.name === 'word/document.xml');
    expect(document).toBeDefined();
    expect(document?.uncompressedSize).toBeGreaterThan(document?.compressedSize ?? Infinity);
    expect(document?.dataOffset).toBeGreaterThan(document?.localHeaderOffset ?? Infinity);
  });

  it('reads zip64 sizes and offsets from the extra fields and the zip64 end records', () => {
    const buffer = buildMinimalDocx(['Zip64 body'], { zip64: true });
    const { entries } = readZipDirectory(buffer, 100);
    expect(entries.map((entry) => entry.name)).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
    expect(entries[2]?.uncompressedSize).toBeGreaterThan(100);
    expect(entries[2]?.localHeaderOffset).toBeGreaterThan(0);
  });

  it.each([
    ['a truncated file', (zip: Buffer) => zip.subarray(0, zip.length - 30)],
    ['a zip cut in half', (zip: Buffer) => zip.subarray(0, Math.floor(zip.length / 2))],
    ['a directory offset past the end', (zip: Buffer) => {
      const copy = Buffer.from(zip);
      copy.writeUInt32LE(copy.length + 10, copy.length - 6);
      return copy;
    }],
    ['more entries declared than present', (zip: Buffer) => {
      const copy = Buffer.from(zip);
      copy.writeUInt16LE(copy.readUInt16LE(copy.length - 12) + 5, copy.length - 12);
      return copy;
    }],
    ['a local header offset pointing into the directory', (zip: Buffer) => {
      const copy = Buffer.from(zip);
      const directoryOffset = copy.readUInt32LE(copy.length - 6);
      copy.writeUInt32LE(directoryOffset + 2, directoryOffset + 42);
      return copy;
    }],
    ['an entry whose compressed size runs past its data', (zip: Buffer) => {
      const copy = Buffer.from(zip);
      const directoryOffset = copy.readUInt32LE(copy.length - 6);
      copy.writeUInt32LE(0x7fffffff, directoryOffset + 20);
      return copy;
    }],
  ])('refuses %s as CORRUPT', (_label, damage) => {
    const zip = buildMinimalDocx(['Body text']);
    expect(codeOf(() => readZipDirectory(damage(zip), 100))).toBe('CORRUPT');
  });
});

describe('assertSafeZip', () => {
  it('accepts an ordinary .docx and .xlsx', async () => {
    expect(assertSafeZip(await readFixture('contract.docx')).entries.length).toBeGreaterThan(3);
    expect(assertSafeZip(await readFixture('controls.xlsx')).entries.length).toBeGreaterThan(3);
  });

  it('refuses a docx-shaped zip whose document inflates to 1 GiB of zeros (about 1 MB on disk)', () => {
    const bomb = docxWith({ name: 'word/document.xml', compressed: deflateZeros(1024) });
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    let caught: unknown;
    try {
      assertSafeZip(bomb);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DocumentError);
    expect((caught as DocumentError).code).toBe('ZIP_BOMB');
    expect((caught as DocumentError).message).toMatch(/would unpack to 1,024 MB .*zip bomb/i);
  });

  it('refuses one part compressed far beyond the ratio limit even when the total is under the size limit', () => {
    const bomb = buildZip([...docxPackageEntries(), { name: 'xl/worksheets/sheet1.xml', compressed: deflateZeros(50) }]);
    expect(() => assertSafeZip(bomb)).toThrow(/expands .* times when unpacked/);
  });

  it('refuses sizes declared in the central directory beyond the total limit, whatever the data holds', () => {
    const liar = docxWith({ name: 'word/document.xml', content: Buffer.from('<w:document/>'), method: 0 });
    const directoryOffset = liar.readUInt32LE(liar.length - 6);
    let cursor = directoryOffset;
    for (let index = 0; index < 2; index += 1) cursor += 46 + liar.readUInt16LE(cursor + 28) + liar.readUInt16LE(cursor + 30);
    liar.writeUInt32LE(0xfffffff0, cursor + 24);
    liar.writeUInt32LE(8, cursor + 10);
    expect(codeOf(() => assertSafeZip(liar))).toBe('ZIP_BOMB');
    expect(() => assertSafeZip(liar)).toThrow(/would unpack to 4,096 MB \(the limit is 200 MB\)/);
  });

  it('refuses more entries than the limit before reading them', () => {
    const many = buildZip(Array.from({ length: 10_001 }, (_, index) => ({ name: `word/media/part-${index}.xml`, content: Buffer.from('x'), method: 0 as const })));
    expect(() => assertSafeZip(many)).toThrow(/10,001 internal parts/);
    expect(codeOf(() => assertSafeZip(buildMinimalDocx(['a']), { ...DEFAULT_ZIP_LIMITS, maxEntries: 2 }))).toBe('ZIP_BOMB');
  });

  it('refuses entries that share the same compressed data', () => {
    const overlapping = buildZip([...docxPackageEntries(), { name: 'word/document.xml', content: Buffer.from('abc') }, { name: 'word/copy.xml', content: Buffer.from('abc'), reuseLocalHeaderOf: 2 }]);
    expect(() => assertSafeZip(overlapping)).toThrow(/overlap/);
  });

  it('refuses entries encrypted with zip passwords, and compression methods the readers lack', () => {
    const zip = buildMinimalDocx(['Secret']);
    const directoryOffset = zip.readUInt32LE(zip.length - 6);
    const encrypted = Buffer.from(zip);
    encrypted.writeUInt16LE(0x0801, directoryOffset + 8);
    expect(codeOf(() => assertSafeZip(encrypted))).toBe('ENCRYPTED');
    const bzip2 = Buffer.from(zip);
    bzip2.writeUInt16LE(12, directoryOffset + 10);
    expect(codeOf(() => assertSafeZip(bzip2))).toBe('CORRUPT');
  });
});

describe('assertZipSizesHonest', () => {
  it('passes parts that inflate to exactly their declared size', async () => {
    const buffer = await readFixture('contract.docx');
    await expect(assertZipSizesHonest(buffer, assertSafeZip(buffer))).resolves.toBeUndefined();
  });

  it('refuses a part that declares 1 KB but inflates to 5 MiB, stopping at the declared size', async () => {
    const liar = docxWith({ name: 'word/document.xml', compressed: deflateZeros(5), declaredUncompressedSize: 1024 });
    const directory = assertSafeZip(liar);
    expect(await asyncCodeOf(() => assertZipSizesHonest(liar, directory))).toBe('ZIP_BOMB');
  });

  it('refuses a part that inflates to less than declared, or not at all, as CORRUPT', async () => {
    const short = docxWith({ name: 'word/document.xml', content: Buffer.from('<w:document/>'), declaredUncompressedSize: 500 });
    expect(await asyncCodeOf(() => assertZipSizesHonest(short, assertSafeZip(short)))).toBe('CORRUPT');
    const garbage = docxWith({ name: 'word/document.xml', compressed: { data: Buffer.from([0xff, 0xff, 0xff, 0xff]), uncompressedSize: 10, crc32: 0 } });
    expect(await asyncCodeOf(() => assertZipSizesHonest(garbage, assertSafeZip(garbage)))).toBe('CORRUPT');
  });

  it('stops when the signal is aborted', async () => {
    const buffer = await readFixture('contract.docx');
    const controller = new AbortController();
    controller.abort(new Error('job deadline'));
    await expect(assertZipSizesHonest(buffer, assertSafeZip(buffer), controller.signal)).rejects.toThrow('job deadline');
  });
});
