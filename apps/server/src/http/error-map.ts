import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPC_ERROR_CODES_BY_KEY, type TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '@compliance/db/connection-errors';
import { isDocumentError } from '@compliance/documents/document-error';
import { AppError, type AppErrorCode, fromDocumentError } from '@compliance/domain/errors';

/**
 * The one map from an error to its answer, for every transport: /trpc (through `toTRPCError` and the
 * error formatter), the REST bridge and the plain routes (through Fastify's error handler, which calls
 * `errorAnswer`). Each AppError code has one code here; its HTTP status is the one tRPC gives that code,
 * so the same error answers the same status everywhere.
 */
const CODE_OF: Record<AppErrorCode, TRPC_ERROR_CODE_KEY> = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  UNPROCESSABLE: 'UNPROCESSABLE_CONTENT',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  TIMEOUT: 'GATEWAY_TIMEOUT',
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
};

const statusOf = (code: TRPC_ERROR_CODE_KEY) => getHTTPStatusCodeFromError(new TRPCError({ code }));

/** The code named by an HTTP status, for the framework's own 4xx errors (bad JSON, body too large, media type). */
const CODE_BY_STATUS = new Map((Object.keys(TRPC_ERROR_CODES_BY_KEY) as TRPC_ERROR_CODE_KEY[]).map((code) => [statusOf(code), code]));

export interface ErrorAnswer {
  status: number;
  body: { detail: string; code: TRPC_ERROR_CODE_KEY };
}

/**
 * The errors the product raises on purpose, as the tRPC error they answer with: an AppError, a bad file
 * (DocumentError, classified like the services classify it), or an unreachable database (503). Null for
 * anything else, which stays an internal error.
 */
export function toTRPCError(error: unknown): TRPCError | null {
  const known = isDocumentError(error) ? fromDocumentError(error) : error;
  if (known instanceof AppError) return new TRPCError({ code: CODE_OF[known.code], message: known.detail, cause: known });
  if (isDatabaseUnavailable(error)) return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: DATABASE_UNAVAILABLE, cause: error as Error });
  return null;
}

/** A readable sentence from validation issues: "email: Email must be a valid e-mail address". */
export function describeZodError(error: ZodError): string {
  const messages = error.issues.slice(0, 5).map((issue) => {
    const where = issue.path.join('.');
    // Messages that do not name their field ("Must be at most 200 characters") get its path in front.
    const generic = /^(Invalid input|Too |Must )/.test(issue.message);
    if (generic && issue.code === 'invalid_type' && issue.input === undefined) return `${where || 'body'} is required`;
    return generic && where ? `${where}: ${issue.message}` : issue.message;
  });
  return [...new Set(messages)].join('; ');
}

/** The user-facing detail of a tRPC error: never a stack trace or an internal message. */
export function errorDetail(error: TRPCError): string {
  if (error.cause instanceof ZodError) return describeZodError(error.cause);
  if (error.code === 'INTERNAL_SERVER_ERROR') return 'Internal server error';
  if (error.code === 'PARSE_ERROR') return 'The request body is not valid JSON';
  return error.message || (statusOf(error.code) >= 500 ? 'Internal server error' : 'Request failed');
}

/** A 4xx the framework raised itself (its status and message are written for the client). */
function frameworkRefusal(error: unknown): { status: number; message: string } | null {
  if (!(error instanceof Error)) return null;
  const status = (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? { status, message: error.message } : null;
}

/**
 * The answer to any error: status and `{detail, code}`. Known errors answer their own status; a tRPC
 * error (the REST bridge's) its code's status, unless it wraps a known error; the framework's own 4xx
 * its status; anything else 500 "Internal server error".
 */
export function errorAnswer(error: unknown): ErrorAnswer {
  const wrapped = error instanceof TRPCError && error.code === 'INTERNAL_SERVER_ERROR' ? toTRPCError(error.cause) : null;
  const mapped = toTRPCError(error) ?? wrapped ?? (error instanceof TRPCError ? error : null);
  if (mapped) return { status: statusOf(mapped.code), body: { detail: errorDetail(mapped), code: mapped.code } };
  const refusal = frameworkRefusal(error);
  if (refusal) return { status: refusal.status, body: { detail: refusal.message || 'Request failed', code: CODE_BY_STATUS.get(refusal.status) ?? 'BAD_REQUEST' } };
  return { status: 500, body: { detail: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' } };
}
