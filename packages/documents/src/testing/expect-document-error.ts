import { expect } from 'vitest';
import { DocumentError, type DocumentErrorCode } from '../document-error';

/** Library names, stack frames, paths and exception names never reach the uploader. */
const INTERNAL_DETAIL = /\bat \S+ \(|:\d+:\d+|node_modules|\/work\/|\/tmp\/|Error:|Exception|undefined|NaN|pdf\.js|mammoth|SheetJS|word-extractor|jszip/i;

/** A sentence for the uploader: capitalised, ends with a full stop, nothing internal. */
export function expectUserFacingMessage(error: DocumentError): void {
  expect(error.message).toMatch(/^[A-Z].*\.$/s);
  expect(error.message).not.toMatch(INTERNAL_DETAIL);
}

/** Awaits a failing call and checks it failed with this code and a message fit to show the uploader. */
export async function expectDocumentError(promise: Promise<unknown>, code: DocumentErrorCode, message?: RegExp | string): Promise<DocumentError> {
  const error = await promise.then(
    () => {
      throw new Error(`expected a DocumentError ${code}, but the call succeeded`);
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DocumentError);
  const documentError = error as DocumentError;
  expect(documentError.code).toBe(code);
  expectUserFacingMessage(documentError);
  if (typeof message === 'string') expect(documentError.message).toBe(message);
  else if (message) expect(documentError.message).toMatch(message);
  return documentError;
}
