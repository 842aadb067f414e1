// The audit trail's API shapes (issue 17): the admins' query and one entry.

import { z } from 'zod';
import { paginationQuerySchema } from '../api/schemas';
import { AUDIT_ACTIONS } from './model';
import { AUDIT_MESSAGES } from './texts';

const day = z.iso.date('A date as YYYY-MM-DD');

/** GET /audit?actor=&action=&from=&to=&page=&limit= (admins). `from` and `to` are days in Dhaka, both included. */
export const auditQuerySchema = paginationQuerySchema
  .extend({
    /** An email or a user id. */
    actor: z.string().trim().min(1).max(254).optional(),
    action: z.enum(AUDIT_ACTIONS, { error: AUDIT_MESSAGES.notAction }).optional(),
    from: day.optional(),
    to: day.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: AUDIT_MESSAGES.fromNotAfterTo, path: ['from'] });
export type AuditQuery = z.input<typeof auditQuerySchema>;

/** Fields as they were and became ({} when none): a nullable record would be written as {} anyway by the response writer. */
const jsonObject = z.record(z.string(), z.unknown());
export const auditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  /** Who did it, read at display time: a deleted account shows as "Deleted user". Null for the system. */
  actor: z.object({ _id: z.string(), name: z.string(), email: z.string().nullable() }).nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  /** What the target is called now (a user's name, a request's recipient, a blog's title); null once it is gone. */
  targetName: z.string().nullable(),
  before: jsonObject,
  after: jsonObject,
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
