import type { z } from 'zod';
import { AppError } from '@compliance/domain/errors';
import { describeZodError } from './error-map';

/**
 * A plain route's input (path, query or form fields) parsed by its contract schema, as a procedure's
 * input is: bad input is a 400 whose detail is the same sentence a procedure would give.
 */
export function parseInput<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) throw new AppError('BAD_REQUEST', describeZodError(parsed.error));
  return parsed.data;
}
