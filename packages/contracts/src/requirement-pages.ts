import { z } from 'zod';
import { requirementFilters, requirementSchema } from './requirements';

/**
 * The requirements list a page at a time (GET /api/requirements/page): the same filters and order as
 * GET /api/requirements/, which the spec defines as the whole list and stays so. A page is read after
 * an opaque cursor, the place in the list order of the last row of the page before.
 */

/** Rows a page holds when the call does not say: a few screens of the list; the next page loads as the list is scrolled. */
export const REQUIREMENT_PAGE_SIZE = 50;
export const MAX_REQUIREMENT_PAGE_SIZE = 1000;

/** A place in the list order: domain, catalog (0) before contract (1), catalog index, then when added and the id. */
export interface RequirementListKey {
  domain: number;
  source: number;
  index: number;
  /** created_at to the microsecond, ISO 8601 in UTC. */
  createdAt: string;
  id: string;
}

const CURSOR_VERSION = 1;
const BAD_CURSOR = 'cursor is not one this list gave out: send the next_cursor of the page before, or no cursor for the first page';
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const cursorKey = z.tuple([
  z.literal(CURSOR_VERSION),
  z.number().int().min(1).max(15),
  z.union([z.literal(0), z.literal(1)]),
  z.number().int().min(0).max(1_000_000),
  z.string().regex(TIMESTAMP),
  z.uuid(),
]);

const toBase64Url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromBase64Url = (text: string) => atob(text.replace(/-/g, '+').replace(/_/g, '/'));

/** The cursor after a row: base64url of the version and the row's key (ASCII only: numbers, a timestamp, a uuid). */
export function encodeRequirementCursor(key: RequirementListKey): string {
  return toBase64Url(JSON.stringify([CURSOR_VERSION, key.domain, key.source, key.index, key.createdAt, key.id]));
}

/** The key a cursor holds, or null when the text is not a cursor this list gave out. */
export function decodeRequirementCursor(cursor: string): RequirementListKey | null {
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(cursor)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(fromBase64Url(cursor));
  } catch {
    return null;
  }
  const key = cursorKey.safeParse(parsed);
  if (!key.success) return null;
  const [, domain, source, index, createdAt, id] = key.data;
  return { domain, source, index, createdAt, id };
}

export const requirementCursor = z
  .string({ error: BAD_CURSOR })
  .nullish()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value === '') return undefined;
    const key = decodeRequirementCursor(value);
    if (!key) {
      ctx.addIssue({ code: 'custom', message: BAD_CURSOR });
      return z.NEVER;
    }
    return key;
  });

export const requirementPageInput = requirementFilters
  .extend({
    limit: z.coerce
      .number({ error: `limit must be a whole number from 1 to ${MAX_REQUIREMENT_PAGE_SIZE}` })
      .int({ error: `limit must be a whole number from 1 to ${MAX_REQUIREMENT_PAGE_SIZE}` })
      .min(1, { error: `limit must be a whole number from 1 to ${MAX_REQUIREMENT_PAGE_SIZE}` })
      .max(MAX_REQUIREMENT_PAGE_SIZE, { error: `limit must be a whole number from 1 to ${MAX_REQUIREMENT_PAGE_SIZE}` })
      .default(REQUIREMENT_PAGE_SIZE),
    cursor: requirementCursor.describe('The next_cursor of the page before; absent for the first page'),
  })
  .optional()
  .default({ domains: undefined, frameworks: undefined, status: undefined, overdue: false, limit: REQUIREMENT_PAGE_SIZE, cursor: undefined });
export type RequirementPageInput = z.infer<typeof requirementPageInput>;

const domainTotals = z.object({
  domain_number: z.number().int(),
  total: z.number().int(),
  non_compliant: z.number().int().describe('Neither Compliant nor Not Applicable'),
});

/** The whole filtered list's counts: every page's group headers and tiles read them, so only the first page carries them. */
export const requirementListTotals = z.object({
  total: z.number().int(),
  non_compliant: z.number().int(),
  domains: z.array(domainTotals).describe('Per domain number, in list order'),
});
export type RequirementListTotals = z.infer<typeof requirementListTotals>;

export const requirementPageOutput = z.object({
  items: z.array(requirementSchema),
  next_cursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last page'),
  totals: requirementListTotals.nullable().describe('The counts of the whole filtered list on the first page (no cursor); null on later pages'),
});
export type RequirementPage = z.infer<typeof requirementPageOutput>;
