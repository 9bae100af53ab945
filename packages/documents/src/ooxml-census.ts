import type { DocumentError } from './document-error';
import { tooComplexError, XmlCensus } from './xml-census';
import type { CensusOfPart } from './zip-guard';

/** Office nests a body a few dozen levels deep (tables in tables included); 256 is never legitimate. */
export const OOXML_MAX_DEPTH = 256;
/** A Word body of 2,000,000 characters with heavy formatting is a few tens of MB of XML. */
export const OOXML_MAX_PART_BYTES = 100 * 1024 * 1024;
/** A 1,000-page contract has about 40,000 paragraphs. */
export const DEFAULT_MAX_PARAGRAPHS = 200_000;
/**
 * `<c>` elements a workbook may hold, filled or only formatted: four per filled cell allowed, since Excel
 * writes formatted empty cells too. Filled cells are counted again, exactly, as the text is read.
 */
const CELL_ELEMENTS_PER_CELL = 4;

const XML_PART = /\.(xml|rels|vml)$/i;

function count(what: string, limit: number): { limit: number; error: () => DocumentError } {
  return { limit, error: () => tooComplexError(`it has more than ${limit.toLocaleString('en-US')} ${what}`) };
}

function censusOfXmlParts(census: XmlCensus): CensusOfPart {
  return (name) => (XML_PART.test(name) ? census : undefined);
}

/** Every XML part of a .docx: nesting depth, and paragraphs (body, tables, headers, notes and text boxes). */
export function docxCensus(maxParagraphs: number): CensusOfPart {
  return censusOfXmlParts(new XmlCensus({ maxDepth: OOXML_MAX_DEPTH, maxPartBytes: OOXML_MAX_PART_BYTES, maxElements: { p: count('paragraphs', maxParagraphs) } }));
}

/** Every XML part of an .xlsx: nesting depth, rows, cell elements and shared strings. */
export function xlsxCensus(maxCells: number): CensusOfPart {
  const cellElements = maxCells * CELL_ELEMENTS_PER_CELL;
  return censusOfXmlParts(
    new XmlCensus({
      maxDepth: OOXML_MAX_DEPTH,
      maxPartBytes: OOXML_MAX_PART_BYTES,
      maxElements: { row: count('rows', maxCells), c: count('cells', cellElements), si: count('distinct texts', cellElements) },
    }),
  );
}
