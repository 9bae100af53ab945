import type { z } from 'zod';

/**
 * The output schema of a procedure whose answer the server builds itself, row by row, from typed
 * database rows through one mapper (the requirements list and its pages, the tenant dashboard). The schema stays whole for
 * the OpenAPI document and the client's types; at run time the answer is checked against `envelope`
 * only (its outer shape, not every row), because on a hot list of hundreds or thousands of rows
 * parsing each row again costs more than the query. Keep it to procedures whose rows come from a
 * mapper the type checker holds to the row schema; everything else keeps full output validation.
 *
 * tRPC validates an output through the schema's `parseAsync` (and would through `~standard` in other
 * versions), so those two are answered by the envelope on a copy of the schema; the original is untouched.
 */
export function serverBuiltOutput<T extends z.ZodType>(schema: T, envelope: z.ZodType): T {
  const documented = schema.clone() as T;
  const check = async (value: unknown) => {
    await envelope.parseAsync(value);
    return value;
  };
  Object.defineProperty(documented, 'parseAsync', { value: check });
  Object.defineProperty(documented, '~standard', {
    value: {
      version: 1,
      vendor: 'zod',
      validate: async (value: unknown) => {
        const result = await envelope.safeParseAsync(value);
        return result.success ? { value } : { issues: result.error.issues };
      },
    },
  });
  return documented;
}
