import { z } from 'zod';
import { dateTime } from './common';

export const AUDIT_LIMITS = [50, 100, 250, 500] as const;

export const auditLogQuery = z
  .object({
    username: z.string().max(150).optional(),
    action: z.string().max(150).optional(),
    limit: z.coerce
      .number({ error: 'Limit must be one of 50, 100, 250, 500' })
      .int()
      .refine((n) => (AUDIT_LIMITS as readonly number[]).includes(n), {
        error: 'Limit must be one of 50, 100, 250, 500',
      })
      .default(100),
  })
  .optional()
  .default({ limit: 100 });
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

export const auditLogEntry = z.object({
  id: z.string(),
  timestamp: dateTime,
  username: z.string(),
  action: z.string(),
  details: z.unknown(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntry>;
export const auditLogListOutput = z.array(auditLogEntry);
