import mammoth from 'mammoth';
import WordExtractor from 'word-extractor';
import { isEncryptedOfficeFile, readCompoundFile } from './compound-file';
import { readDocxBodyText } from './docx-body-text';
import { DocumentError, encryptedFileError } from './document-error';
import { docxCensus } from './ooxml-census';
import { assertSafeZip, assertZipSizesHonest, type ZipLimits } from './zip-guard';

export interface DocxTextOptions {
  zipLimits: ZipLimits;
  maxChars: number;
  maxParagraphs: number;
  signal?: AbortSignal;
}

function corruptWordDocument(cause: unknown): DocumentError {
  return new DocumentError('CORRUPT', 'The Word document is damaged and cannot be read. Open it in Word, save it again and upload the new file.', { cause });
}

/**
 * .docx after the zip guard has checked the container, that its parts inflate to no more than they
 * declare, and (streaming, before any parser) their nesting depth and paragraph count: the body read directly (paragraphs separated by a blank line, each with the marker of Word's
 * automatic numbering, table rows as tab-separated lines), else — for a package without the standard main
 * part — mammoth's raw text.
 */
export async function extractDocxText(buffer: Buffer, options: DocxTextOptions): Promise<string> {
  const { maxChars, signal } = options;
  const directory = assertSafeZip(buffer, options.zipLimits);
  await assertZipSizesHonest(buffer, directory, signal, docxCensus(options.maxParagraphs));
  signal?.throwIfAborted();
  let body: string | null;
  try {
    body = readDocxBodyText(buffer, directory, maxChars, signal);
  } catch (error) {
    if (error instanceof DocumentError || (error instanceof Error && error.name === 'AbortError')) throw error;
    throw corruptWordDocument(error);
  }
  if (body !== null) return body;
  try {
    const result = await mammoth.extractRawText({ buffer });
    return result.value;
  } catch (error) {
    throw corruptWordDocument(error);
  }
}

/** .doc (Word 97–2003) via word-extractor: the main body text. */
export async function extractDocText(buffer: Buffer, signal?: AbortSignal): Promise<string> {
  if (isEncryptedOfficeFile(buffer, readCompoundFile(buffer))) throw encryptedFileError();
  signal?.throwIfAborted();
  try {
    const document = await new WordExtractor().extract(buffer);
    return document.getBody();
  } catch (error) {
    throw corruptWordDocument(error);
  }
}
