import { describe, expect, it } from 'vitest';
import { DocumentError } from './document-error';
import { extractText } from './extract-text';
import { EVIDENCE_FILE_KINDS, detectFileType, type FileKind } from './file-type';
import { buildDeeplyNestedDocx, buildManyPagesPdf, buildManyRowsXlsx, buildSharedStringXlsx, buildTinyParagraphsDocx } from './testing/hostile-files';
import { readZipDirectory } from './zip-directory';

interface Case {
  name: string;
  build: () => Buffer;
  /** The guard that must stop it, by its message. */
  refusal: RegExp;
}

const CASES: Case[] = [
  {
    name: 'shared-string amplification (one 30,000-character string in 16 rows × 13,000 cells).xlsx',
    build: () => buildSharedStringXlsx(),
    refusal: /more than 2,000,000 characters of text/,
  },
  {
    name: 'tiny paragraphs (190 MB of document.xml, ratio 9).docx',
    build: () => buildTinyParagraphsDocx(),
    refusal: /too large or complex to read safely \(it has more than 200,000 paragraphs\)/,
  },
  {
    name: 'deeply nested XML (50,000 levels).docx',
    build: () => buildDeeplyNestedDocx(),
    refusal: /too large or complex to read safely \(its XML is nested more than 256 levels deep\)/,
  },
  {
    name: 'huge row count (600,000 rows).xlsx',
    build: () => buildManyRowsXlsx(),
    refusal: /too large or complex to read safely \(it has more than 200,000 rows\)/,
  },
  {
    name: '200,000 pages.pdf',
    build: () => buildManyPagesPdf(),
    refusal: /^The PDF has 200,000 pages; the maximum is 1,000/,
  },
];

async function refusal(buffer: Buffer, kind: FileKind): Promise<DocumentError> {
  const error = await extractText(buffer, kind).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(DocumentError);
  return error as DocumentError;
}

describe('crafted uploads of the security review', () => {
  for (const item of CASES) {
    it(`${item.name}: passes the upload checks, then is refused while it is read`, async () => {
      const buffer = item.build();
      const kind = detectFileType(buffer, item.name, EVIDENCE_FILE_KINDS);
      const started = performance.now();
      const error = await refusal(buffer, kind);
      expect(error.code).toBe('TOO_LARGE');
      expect(error.message).toMatch(item.refusal);
      expect(performance.now() - started).toBeLessThan(20_000);
    });
  }

  it('the paragraph bomb is the size of the reported one: about 20 MB holding 190 MiB of XML', () => {
    const buffer = buildTinyParagraphsDocx();
    const document = readZipDirectory(buffer, 10).entries.find((entry) => entry.name === 'word/document.xml')!;
    expect(buffer.length).toBeLessThan(25 * 1024 * 1024);
    expect(document.uncompressedSize).toBeGreaterThan(190 * 1024 * 1024);
    expect(document.uncompressedSize / document.compressedSize).toBeLessThan(100);
  });

  it('a 25 MB text file is refused before it is normalised', async () => {
    const text = Buffer.from('The supplier shall encrypt data at rest. '.repeat(640_000));
    const started = performance.now();
    const error = await refusal(text, 'txt');
    expect(error.code).toBe('TOO_LARGE');
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
