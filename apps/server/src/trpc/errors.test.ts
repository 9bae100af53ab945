import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '@compliance/domain/errors';
import { describeZodError, errorDetail, toTRPCError } from './errors';

describe('error mapping', () => {
  it('maps every AppError code to a tRPC code with the same detail', () => {
    const mapped = toTRPCError(new AppError('CONFLICT', 'Username "x" already exists'));
    expect(mapped?.code).toBe('CONFLICT');
    expect(mapped?.message).toBe('Username "x" already exists');
    expect(toTRPCError(new Error('boom'))).toBeNull();
  });

  it('never exposes the message of an internal error', () => {
    const error = new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'relation "users" does not exist at /srv/x.ts:12' });
    expect(errorDetail(error)).toBe('Internal server error');
  });

  it('turns validation issues into one readable sentence', () => {
    const schema = z.object({ email: z.email({ error: 'Email must be a valid e-mail address' }), name: z.string() });
    const result = schema.safeParse({ email: 'nope' });
    expect(describeZodError(result.error!)).toBe('Email must be a valid e-mail address; name is required');
  });
});
