/** The one error type services throw; transports map its code to a status once (tRPC and REST). */
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

export const APP_ERROR_STATUS: Record<AppErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  TIMEOUT: 504,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

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
