import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '@compliance/db/connection-errors';
import { AppError, type AppErrorCode } from '@compliance/domain/errors';

const TRPC_CODE: Record<AppErrorCode, TRPC_ERROR_CODE_KEY> = {
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

/** The AppError → tRPC mapping (and an unreachable database → 503), done once; REST inherits it because it calls the same procedures. */
export function toTRPCError(error: unknown): TRPCError | null {
  if (error instanceof AppError) return new TRPCError({ code: TRPC_CODE[error.code], message: error.detail, cause: error });
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

/** The user-facing detail for any error: never a stack trace or an internal message. */
export function errorDetail(error: TRPCError): string {
  if (error.cause instanceof ZodError) return describeZodError(error.cause);
  if (error.code === 'INTERNAL_SERVER_ERROR') return 'Internal server error';
  if (error.code === 'PARSE_ERROR') return 'The request body is not valid JSON';
  return error.message;
}
