import mammoth from 'mammoth';
import WordExtractor from 'word-extractor';
import { isEncryptedOfficeFile, readCompoundFile } from './compound-file';
import { readDocxBodyText } from './docx-body-text';
import { DocumentError, encryptedFileError } from './document-error';
import { assertSafeZip, assertZipSizesHonest, type ZipLimits } from './zip-guard';

function corruptWordDocument(cause: unknown): DocumentError {
  return new DocumentError('CORRUPT', 'The Word document is damaged and cannot be read. Open it in Word, save it again and upload the new file.', { cause });
}

/**
 * .docx after the zip guard has checked the container and that its parts inflate to no more than they
 * declare: the body read directly (paragraphs separated by a blank line, each with the marker of Word's
 * automatic numbering, table rows as tab-separated lines), else — for a package without the standard main
 * part — mammoth's raw text.
 */
export async function extractDocxText(buffer: Buffer, zipLimits: ZipLimits, maxChars: number, signal?: AbortSignal): Promise<string> {
  const directory = assertSafeZip(buffer, zipLimits);
  await assertZipSizesHonest(buffer, directory, signal);
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
