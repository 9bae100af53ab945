import { z } from 'zod';

/**
 * Building blocks for the apps' environment schemas (apps/server/src/env.ts, apps/worker/src/env.ts):
 * each reads one variable as a string and turns it into a checked value, with a message naming the
 * variable. Only the apps' env modules read the process environment; they pass it to these schemas.
 */

/** An optional text setting: unset or empty is `undefined`. */
export const textSetting = () =>
  z
    .string()
    .optional()
    .transform((raw) => (raw === undefined || raw === '' ? undefined : raw));

/** A whole number of at least `min` (0 by default); unset or empty gives `fallback`. */
export function integerSetting(name: string, fallback: number, options: { min?: number; max?: number; message?: string } = {}) {
  const min = options.min ?? 0;
  const message = options.message ?? `${name} must be a ${min >= 1 ? 'positive' : 'non-negative'} integer`;
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw === '') return fallback;
      const value = Number(raw);
      if (!Number.isInteger(value) || value < min || (options.max !== undefined && value > options.max)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return value;
    });
}

/** Like integerSetting, but unset or empty stays `undefined` (the consumer's default applies). */
export function optionalIntegerSetting(name: string, min = 1) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw === '') return undefined;
      const value = Number(raw);
      if (!Number.isInteger(value) || value < min) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a ${min >= 1 ? 'positive' : 'non-negative'} integer` });
        return z.NEVER;
      }
      return value;
    });
}

/** The AI provider settings, read the same way by the server and the worker. */
export const aiSettingsSchema = z
  .object({
    AI_PROVIDER: z
      .string()
      .optional()
      .refine((raw) => !raw || raw === 'local' || raw === 'openai', 'AI_PROVIDER must be local or openai'),
    OPENAI_BASE_URL: textSetting(),
    OPENAI_API_KEY: textSetting(),
    AI_MODEL: textSetting(),
  })
  .transform((env) => ({
    provider: env.AI_PROVIDER === 'openai' ? ('openai' as const) : ('local' as const),
    baseUrl: env.OPENAI_BASE_URL,
    apiKey: env.OPENAI_API_KEY,
    model: env.AI_MODEL,
  }));

export type AiSettings = z.output<typeof aiSettingsSchema>;

/** Parses `env` with `schema`, throwing one Error that lists every problem (each names its variable). */
export function parseEnvironment<S extends z.ZodType>(schema: S, env: Record<string, string | undefined>): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new Error(result.error.issues.map((issue) => issue.message).join('; '));
}
