export type DocumentErrorCode =
  | 'UNSUPPORTED_TYPE'
  | 'TYPE_MISMATCH'
  | 'EMPTY_FILE'
  | 'TOO_LARGE'
  | 'CORRUPT'
  | 'ENCRYPTED'
  | 'NO_TEXT'
  | 'ZIP_BOMB';

/**
 * The one error this package throws for a bad file. `message` is written for the person who uploaded
 * the file and is safe to show as-is (no library text, no paths); the library's own error, if any, is
 * kept as `cause` for logs only.
 */
export class DocumentError extends Error {
  readonly code: DocumentErrorCode;

  constructor(code: DocumentErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DocumentError';
    this.code = code;
  }
}

export function isDocumentError(error: unknown): error is DocumentError {
  return error instanceof DocumentError;
}

export function encryptedFileError(): DocumentError {
  return new DocumentError('ENCRYPTED', 'The file is password-protected. Remove the password and upload it again.');
}

export function emptyFileError(): DocumentError {
  return new DocumentError('EMPTY_FILE', 'The file is empty. Choose a file with content and upload it again.');
}
