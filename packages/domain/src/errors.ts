import type { DocumentError, DocumentErrorCode } from '@compliance/documents/document-error';

/** The one error type services throw; the server maps its code to a status once (apps/server/src/http/error-map.ts). */
export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'UNPROCESSABLE'
  | 'TOO_MANY_REQUESTS'
  | 'TIMEOUT'
  | 'UNAVAILABLE'
  | 'INTERNAL';

export class AppError extends Error {
  readonly code: AppErrorCode;
  /** The user-facing message; never contains internals. */
  readonly detail: string;

  constructor(code: AppErrorCode, detail: string) {
    super(detail);
    this.name = 'AppError';
    this.code = code;
    this.detail = detail;
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (detail = 'You do not have permission to perform this action') =>
  new AppError('FORBIDDEN', detail);

/** How each problem with a file is classified: too large, not an accepted type, empty, or unreadable. */
const DOCUMENT_ERROR_CODES: Partial<Record<DocumentErrorCode, AppErrorCode>> = {
  TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  TYPE_MISMATCH: 'UNSUPPORTED_MEDIA_TYPE',
  EMPTY_FILE: 'BAD_REQUEST',
};

/** A problem with a file as an AppError with the same message (anything not listed is unreadable: 422). */
export function fromDocumentError(error: DocumentError): AppError {
  return new AppError(DOCUMENT_ERROR_CODES[error.code] ?? 'UNPROCESSABLE', error.message);
}
