import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DATABASE_UNAVAILABLE } from '@compliance/db/connection-errors';
import { DocumentError, type DocumentErrorCode } from '@compliance/documents/document-error';
import { AppError, type AppErrorCode } from '@compliance/domain/errors';
import { describeZodError, errorAnswer, errorDetail, toTRPCError } from './error-map';

/** The statuses the REST facade and the plain routes have always answered. */
const STATUS: Record<AppErrorCode, number> = {
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

describe('error mapping', () => {
  it('maps every AppError code to a tRPC code with the same detail', () => {
    const mapped = toTRPCError(new AppError('CONFLICT', 'Username "x" already exists'));
    expect(mapped?.code).toBe('CONFLICT');
    expect(mapped?.message).toBe('Username "x" already exists');
    expect(toTRPCError(new Error('boom'))).toBeNull();
  });

  it('gives every AppError the same status on /trpc and on REST', () => {
    for (const [code, status] of Object.entries(STATUS) as [AppErrorCode, number][]) {
      const answer = errorAnswer(new AppError(code, `detail of ${code}`));
      expect(answer.status, code).toBe(status);
      expect(getHTTPStatusCodeFromError(toTRPCError(new AppError(code, 'x'))!), code).toBe(status);
      expect(answer.body.detail, code).toBe(code === 'INTERNAL' ? 'Internal server error' : `detail of ${code}`);
    }
  });

  it('answers a bad file with a 4xx and its message, like the upload services classify it', () => {
    const codes: DocumentErrorCode[] = ['UNSUPPORTED_TYPE', 'TYPE_MISMATCH', 'EMPTY_FILE', 'TOO_LARGE', 'CORRUPT', 'ENCRYPTED', 'NO_TEXT', 'ZIP_BOMB'];
    for (const code of codes) {
      const answer = errorAnswer(new DocumentError(code, 'The file is damaged.'));
      expect(answer.status, code).toBeGreaterThanOrEqual(400);
      expect(answer.status, code).toBeLessThan(500);
      expect(answer.body.detail).toBe('The file is damaged.');
    }
    expect(errorAnswer(new DocumentError('TOO_LARGE', 'x')).status).toBe(413);
    expect(errorAnswer(new DocumentError('TYPE_MISMATCH', 'x')).body).toEqual({ detail: 'x', code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(errorAnswer(new DocumentError('ENCRYPTED', 'x')).body.code).toBe('UNPROCESSABLE_CONTENT');
  });

  it('answers a bridge error by its code, and a wrapped known error as that error', () => {
    expect(errorAnswer(new TRPCError({ code: 'NOT_FOUND', message: 'Not found' }))).toEqual({ status: 404, body: { detail: 'Not found', code: 'NOT_FOUND' } });
    const wrapped = new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: new AppError('FORBIDDEN', 'No') });
    expect(errorAnswer(wrapped)).toEqual({ status: 403, body: { detail: 'No', code: 'FORBIDDEN' } });
    const down = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(errorAnswer(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: down }))).toEqual({ status: 503, body: { detail: DATABASE_UNAVAILABLE, code: 'SERVICE_UNAVAILABLE' } });
  });

  it("keeps the framework's own 4xx and hides everything else behind a 500", () => {
    const tooLarge = Object.assign(new Error('Request body is too large'), { statusCode: 413 });
    expect(errorAnswer(tooLarge)).toEqual({ status: 413, body: { detail: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' } });
    const odd = Object.assign(new Error('Header fields too large'), { statusCode: 431 });
    expect(errorAnswer(odd)).toEqual({ status: 431, body: { detail: 'Header fields too large', code: 'BAD_REQUEST' } });
    const secret = new Error('relation "users" does not exist at /srv/x.ts:12');
    expect(errorAnswer(secret)).toEqual({ status: 500, body: { detail: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' } });
    expect(errorAnswer(Object.assign(new Error('boom'), { statusCode: 502 })).status).toBe(500);
  });

  it('never exposes the message of an internal error', () => {
    const error = new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'relation "users" does not exist at /srv/x.ts:12' });
    expect(errorDetail(error)).toBe('Internal server error');
    expect(errorAnswer(error).body.detail).toBe('Internal server error');
  });

  it('turns validation issues into one readable sentence', () => {
    const schema = z.object({ email: z.email({ error: 'Email must be a valid e-mail address' }), name: z.string() });
    const result = schema.safeParse({ email: 'nope' });
    expect(describeZodError(result.error!)).toBe('Email must be a valid e-mail address; name is required');
  });
});
