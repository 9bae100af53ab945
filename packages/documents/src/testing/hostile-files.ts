import { constants, crc32, deflateRawSync } from 'node:zlib';
import { createRng, type Rng } from './seeded-random';
import { buildZip, docxPackageEntries, type ZipInputEntry } from './zip-writer';

/**
 * The crafted uploads of the security review (issue 14, finding 1), generated at full size in well under a
 * second: each big part is a few distinct blocks deflated once (sync-flushed, so blocks concatenate into
 * one valid stream) and repeated. All of them pass the zip guard's declared-size checks.
 */

type Compressed = { data: Buffer; uncompressedSize: number; crc32: number };

/** One raw-deflate stream of `blocks` in order, each block deflated once however often it repeats. */
function deflateBlocks(blocks: Buffer[]): Compressed {
  const cache = new Map<Buffer, Buffer>();
  const pieces: Buffer[] = [];
  let checksum = 0;
  let size = 0;
  for (const block of blocks) {
    let deflated = cache.get(block);
    if (!deflated) {
      deflated = deflateRawSync(block, { finishFlush: constants.Z_SYNC_FLUSH });
      cache.set(block, deflated);
    }
    pieces.push(deflated);
    checksum = crc32(block, checksum);
    size += block.length;
  }
  pieces.push(deflateRawSync(Buffer.alloc(0)));
  return { data: Buffer.concat(pieces), uncompressedSize: size, crc32: checksum };
}

/** Lower-case words drawn from a seeded generator: text that compresses about as well as prose. */
function words(random: Rng, count: number): string {
  return Array.from({ length: count }, () => Array.from({ length: random.int(2, 8) }, () => String.fromCharCode(random.int(97, 122))).join('')).join(' ');
}

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const DOCUMENT_HEAD = Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document ${W}><w:body>`);
const DOCUMENT_TAIL = Buffer.from('</w:body></w:document>');
const MEBIBYTE = 1024 * 1024;

function docxWithBody(body: Buffer[]): Buffer {
  return buildZip([...docxPackageEntries(), { name: 'word/document.xml', compressed: deflateBlocks([DOCUMENT_HEAD, ...body, DOCUMENT_TAIL]) }]);
}

/** (b) A .docx whose document.xml is `megabytes` MB of one-word paragraphs (190 MB inflates from about 21 MB: ratio 9). */
export function buildTinyParagraphsDocx(megabytes = 190): Buffer {
  const random = createRng(14);
  const vocabulary = words(random, 2_000).split(' ');
  const blocks = Array.from({ length: 8 }, () => {
    const paragraphs: string[] = [];
    let length = 0;
    while (length < MEBIBYTE) {
      const paragraph = `<w:p><w:r><w:t>${random.pick(vocabulary)}</w:t></w:r></w:p>`;
      paragraphs.push(paragraph);
      length += paragraph.length;
    }
    return Buffer.from(paragraphs.join(''));
  });
  return docxWithBody(Array.from({ length: megabytes }, (_, index) => blocks[index % blocks.length]!));
}

/**
 * A .docx whose body nests `depth` elements inside each other around one paragraph: under 1 MB, so the
 * compression-ratio check (for parts over 1 MB) does not apply, and deep enough to overflow a recursive parser.
 */
export function buildDeeplyNestedDocx(depth = 50_000): Buffer {
  const open = Buffer.from('<w:sdt>'.repeat(depth));
  const close = Buffer.from('</w:sdt>'.repeat(depth));
  return docxWithBody([open, Buffer.from('<w:p><w:r><w:t>Nested text.</w:t></w:r></w:p>'), close]);
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`;
const SHEET_HEAD = Buffer.from('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>');
const SHEET_TAIL = Buffer.from('</sheetData></worksheet>');

function columnName(index: number): string {
  let name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  return name;
}

function xlsx(sheetBlocks: Buffer[], sharedStrings: string[]): Buffer {
  const strings = sharedStrings.map((text) => `<si><t>${text}</t></si>`).join('');
  const entries: ZipInputEntry[] = [
    { name: '[Content_Types].xml', content: Buffer.from(CONTENT_TYPES) },
    { name: '_rels/.rels', content: Buffer.from(ROOT_RELS) },
    { name: 'xl/workbook.xml', content: Buffer.from(WORKBOOK) },
    { name: 'xl/_rels/workbook.xml.rels', content: Buffer.from(WORKBOOK_RELS) },
    {
      name: 'xl/sharedStrings.xml',
      content: Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${sharedStrings.length}" uniqueCount="${sharedStrings.length}">${strings}</sst>`),
    },
    { name: 'xl/worksheets/sheet1.xml', compressed: deflateBlocks([SHEET_HEAD, ...sheetBlocks, SHEET_TAIL]) },
  ];
  return buildZip(entries);
}

/** (a) One `stringLength`-character shared string referenced by every cell of `rows` × `columns`. */
export function buildSharedStringXlsx(rows = 16, columns = 13_000, stringLength = 30_000): Buffer {
  const blocks = Array.from({ length: rows }, (_, row) => {
    const cells = Array.from({ length: columns }, (_, column) => `<c r="${columnName(column)}${row + 1}" t="s"><v>0</v></c>`).join('');
    return Buffer.from(`<row r="${row + 1}">${cells}</row>`);
  });
  return xlsx(blocks, [words(createRng(30), Math.ceil(stringLength / 4)).padEnd(stringLength, 'x').slice(0, stringLength)]);
}

/** A sheet of `rows` rows holding one number each (600,000 rows: 32 MB of XML, within the declared-size check). */
export function buildManyRowsXlsx(rows = 600_000): Buffer {
  const perBlock = 10_000;
  const blocks = Array.from({ length: Math.ceil(rows / perBlock) }, (_, block) => {
    const lines: string[] = [];
    for (let row = block * perBlock + 1; row <= Math.min(rows, (block + 1) * perBlock); row += 1) lines.push(`<row r="${row}"><c r="A${row}"><v>${row}</v></c></row>`);
    return Buffer.from(lines.join(''));
  });
  return xlsx(blocks, []);
}

/** A PDF of `pages` pages sharing one content stream (200,000 pages: about 18 MB, under the upload limit). */
export function buildManyPagesPdf(pages = 200_000): Buffer {
  const stream = 'BT /F1 11 Tf 72 770 Td (Page) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Kids [${Array.from({ length: pages }, (_, index) => `${index + 5} 0 R`).join(' ')}] /Count ${pages} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    ...Array.from({ length: pages }, () => '<</Type/Page/Parent 2 0 R/Contents 4 0 R>>'),
  ];
  const parts = ['%PDF-1.4\n'];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  objects.forEach((object, index) => {
    const text = `${index + 1} 0 obj\n${object}\nendobj\n`;
    offsets.push(length);
    parts.push(text);
    length += text.length;
  });
  parts.push(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets) parts.push(`${String(offset).padStart(10, '0')} 00000 n \n`);
  parts.push(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`);
  return Buffer.from(parts.join(''), 'latin1');
}
