import { z } from 'zod';
import { idSchema } from './common';
import { tenantIdQuery } from './requirements';

/** Query strings arrive as text: `days` is read as a whole number of days, 1 to 366. */
export const MAX_HISTORY_DAYS = 366;
export const historyDays = z.coerce
  .number({ error: 'days must be a whole number from 1 to 366' })
  .int({ error: 'days must be a whole number from 1 to 366' })
  .min(1, { error: 'days must be a whole number from 1 to 366' })
  .max(MAX_HISTORY_DAYS, { error: 'days must be a whole number from 1 to 366' });

export const trendInput = z
  .object({ days: historyDays.optional().default(30), tenant_id: tenantIdQuery })
  .optional()
  .default({ days: 30, tenant_id: undefined });
export type TrendInput = z.infer<typeof trendInput>;

export const trendPoint = z.object({
  /** A UTC calendar day, YYYY-MM-DD. */
  date: z.string(),
  compliance_rate: z.number(),
  compliant: z.number().int(),
  in_progress: z.number().int(),
  not_started: z.number().int(),
  not_applicable: z.number().int(),
});
export type TrendPoint = z.infer<typeof trendPoint>;
export const trendOutput = z.array(trendPoint);

export const organizationTrendInput = z.object({ id: idSchema, days: historyDays.optional().default(30) });

export const ACTIVITY_KINDS = ['status_change', 'requirement_update', 'upload', 'decision', 'analysis', 'deletion', 'other'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const activityInput = z
  .object({ days: historyDays.optional().default(7), tenant_id: tenantIdQuery })
  .optional()
  .default({ days: 7, tenant_id: undefined });
export type ActivityInput = z.infer<typeof activityInput>;

export const activityEntry = z.object({
  timestamp: z.string(),
  username: z.string(),
  action: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  message: z.string(),
  /** For a status change: the requirement's row id and the statuses before and after. */
  requirement_id: z.string().nullable(),
  from_status: z.string().nullable(),
  to_status: z.string().nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntry>;

export const activityOutput = z.object({
  since: z.string(),
  until: z.string(),
  total: z.number().int(),
  status_changes: z.number().int(),
  uploads: z.number().int(),
  decisions: z.number().int(),
  by_kind: z.array(z.object({ kind: z.enum(ACTIVITY_KINDS), count: z.number().int() })),
  by_user: z.array(z.object({ username: z.string(), count: z.number().int() })),
  /** The latest entries, newest first (at most ACTIVITY_ENTRY_LIMIT); `total` counts them all. */
  entries: z.array(activityEntry),
});
export type Activity = z.infer<typeof activityOutput>;
export const ACTIVITY_ENTRY_LIMIT = 200;
