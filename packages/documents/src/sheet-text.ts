import * as XLSX from 'xlsx';
import { readCompoundFile } from './compound-file';
import { DocumentError, encryptedFileError } from './document-error';
import { TextBudget } from './text-budget';
import { normaliseText } from './text-normalise';
import { xlsxCensus } from './ooxml-census';
import type { ZipDirectory } from './zip-directory';
import { assertSafeZip, assertZipSizesHonest, type ZipLimits } from './zip-guard';

export interface SheetTextOptions {
  signal?: AbortSignal;
  maxChars: number;
  maxCells: number;
  zipLimits: ZipLimits;
}

export interface SheetText {
  text: string;
  sheets: number;
}

/** SheetJS reports password protection (FILEPASS, encrypted packages) in its error text. */
const ENCRYPTION_MESSAGE = /password|encrypt/i;

function tooManyCells(maxCells: number): DocumentError {
  return new DocumentError(
    'TOO_LARGE',
    `The workbook has more than ${maxCells.toLocaleString('en-US')} filled cells, which is more than can be analysed at once. Split it into smaller files or remove data that is not needed.`,
  );
}

function toSheetError(error: unknown): DocumentError {
  if (error instanceof Error && ENCRYPTION_MESSAGE.test(error.message)) return encryptedFileError();
  return new DocumentError('CORRUPT', 'The Excel workbook is damaged and cannot be read. Open it in Excel, save it again and upload the new file.', { cause: error });
}

/**
 * Dense worksheets, values as displayed (cell.w), no formulas, styles or HTML. `sheetRows` stops SheetJS
 * building rows past the cell cap (every counted row holds at least one cell).
 */
function readWorkbook(buffer: Buffer, maxCells: number): XLSX.WorkBook {
  try {
    return XLSX.read(buffer, {
      type: 'buffer',
      dense: true,
      sheetRows: maxCells + 1,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      cellText: true,
      bookVBA: false,
    });
  } catch (error) {
    throw toSheetError(error);
  }
}

function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell) return '';
  const shown = cell.w ?? (cell.v === undefined || cell.v === null ? '' : String(cell.v));
  return shown.replace(/\s+/g, ' ').trim();
}

/**
 * Counts filled cells and characters as each cell is read, so a workbook whose cells all repeat one long
 * shared string is refused after the first cells past the budget, never joined into one huge row first.
 */
class CellBudget {
  private cells = 0;
  private readonly text: TextBudget;

  constructor(
    private readonly maxCells: number,
    maxChars: number,
  ) {
    this.text = new TextBudget(maxChars);
  }

  take(value: string): void {
    this.cells += 1;
    if (this.cells > this.maxCells) throw tooManyCells(this.maxCells);
    this.text.spend(value.length + 1);
  }
}

/** One row as tab-separated values; interior empty cells keep their column, trailing ones are dropped. */
function rowText(row: XLSX.CellObject[] | undefined, budget: CellBudget): string {
  if (!row) return '';
  const values: string[] = [];
  for (let column = 0; column < row.length; column += 1) {
    const value = cellText(row[column]);
    if (value !== '') budget.take(value);
    values.push(value);
  }
  while (values.length > 0 && values.at(-1) === '') values.pop();
  return values.join('\t');
}

function sheetRows(sheet: XLSX.WorkSheet): (XLSX.CellObject[] | undefined)[] {
  return (sheet['!data'] ?? []) as (XLSX.CellObject[] | undefined)[];
}

/** A 'Sheet: name' heading and the sheet's non-empty rows; an empty sheet gives ''. */
function sheetText(name: string, sheet: XLSX.WorkSheet, budget: CellBudget): string {
  const lines: string[] = [];
  for (const row of sheetRows(sheet)) {
    const line = rowText(row, budget);
    if (line !== '') lines.push(line);
  }
  return lines.length === 0 ? '' : [`Sheet: ${name}`, ...lines].join('\n');
}

/**
 * SheetJS parses a whole sheet before its cells can be counted, so the worksheet XML is bounded first: a
 * cell rarely takes more than this many bytes of XML, and text past maxChars would be refused anyway.
 */
const MAX_WORKSHEET_XML_BYTES_PER_CELL = 250;
const WORKSHEET_PART = /^xl\/worksheets\/[^/]+\.xml$/;

function assertWorksheetsFitCellBudget(directory: ZipDirectory, maxCells: number): void {
  const worksheetBytes = directory.entries.filter((entry) => WORKSHEET_PART.test(entry.name)).reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (worksheetBytes > maxCells * MAX_WORKSHEET_XML_BYTES_PER_CELL) throw tooManyCells(maxCells);
}

/**
 * SheetJS reads almost anything (CSV, HTML, SYLK) as a workbook, so the container must be the one the kind
 * promises: a zip that passes the zip guard for .xlsx, an OLE2 compound file for .xls.
 */
async function assertWorkbookContainer(buffer: Buffer, kind: 'xlsx' | 'xls', options: SheetTextOptions): Promise<void> {
  if (kind === 'xls') {
    readCompoundFile(buffer);
    return;
  }
  const directory = assertSafeZip(buffer, options.zipLimits);
  assertWorksheetsFitCellBudget(directory, options.maxCells);
  await assertZipSizesHonest(buffer, directory, options.signal, xlsxCensus(options.maxCells));
}

/**
 * .xlsx and .xls via SheetJS: each sheet as a 'Sheet: name' heading followed by its non-empty rows as
 * tab-separated lines, sheets separated by a blank line; empty sheets are left out but counted in `sheets`.
 * More than `maxCells` filled cells → TOO_LARGE.
 */
export async function extractSheetText(buffer: Buffer, kind: 'xlsx' | 'xls', options: SheetTextOptions): Promise<SheetText> {
  await assertWorkbookContainer(buffer, kind, options);
  options.signal?.throwIfAborted();
  const workbook = readWorkbook(buffer, options.maxCells);
  const budget = new CellBudget(options.maxCells, options.maxChars);
  const parts: string[] = [];
  for (const name of workbook.SheetNames) {
    options.signal?.throwIfAborted();
    const sheet = workbook.Sheets[name];
    if (!sheet) continue;
    const text = normaliseText(sheetText(name, sheet, budget));
    if (text !== '') parts.push(text);
  }
  return { text: parts.join('\n\n'), sheets: workbook.SheetNames.length };
}
