import { z } from 'zod';

export const idSchema = z.uuid({ error: 'Must be a valid id' });
export const idParam = z.object({ id: idSchema });

/** Optional free text: trimmed, and null when empty (the spec sends empty optional fields as null). */
export const optionalText = (max: number) =>
  z
    .string()
    .max(max, { error: `Must be at most ${max} characters` })
    .nullish()
    .transform((value) => {
      const trimmed = value?.trim() ?? '';
      return trimmed === '' ? null : trimmed;
    });

export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

/**
 * A JSON true or false, nothing else. (The REST bridge coerces plain z.boolean() inputs with
 * Boolean(value), which would read the string "false" as true; a union of the two literals is left alone.)
 */
export const jsonBoolean = (label: string) =>
  z.union([z.literal(true), z.literal(false)], { error: `${label} must be true or false` });

export const successOutput = z.object({ success: z.boolean(), message: z.string() });
export type SuccessOutput = z.infer<typeof successOutput>;

export const dateTime = z.string().describe('ISO 8601 date-time');

export { TRPC_MAX_BATCH } from './constants';
/** A flag in a query string ("true" / "false") or a JSON boolean; absent is false. */
export const queryFlag = (label: string) =>
  z
    .union([z.literal(true), z.literal(false), z.enum(['true', 'false'])], { error: `${label} must be true or false` })
    .optional()
    .transform((value) => value === true || value === 'true');
