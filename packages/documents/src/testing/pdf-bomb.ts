import { deflateZeros } from './zip-writer';

/** The 2-byte zlib header FlateDecode expects (deflate, default compression); pdf.js ignores the Adler-32 trailer. */
const ZLIB_HEADER = Buffer.from([0x78, 0x9c]);

/**
 * A one-page PDF whose content stream is `mebibytes` MiB of zeros (whitespace to a PDF lexer) behind
 * FlateDecode: about 1 KB per MiB on disk, and pdf.js would hold all of it in memory to read the page.
 */
export function buildFlateBombPdf(mebibytes: number): Buffer {
  const stream = Buffer.concat([ZLIB_HEADER, deflateZeros(mebibytes).data, Buffer.alloc(4)]);
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>'),
    Buffer.concat([Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`), stream, Buffer.from('\nendstream')]),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  const offsets: number[] = [];
  let length = parts[0]?.length ?? 0;
  objects.forEach((body, index) => {
    offsets.push(length);
    const object = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    parts.push(object);
    length += object.length;
  });
  const rows = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  parts.push(Buffer.from(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${rows}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`));
  return Buffer.concat(parts);
}
