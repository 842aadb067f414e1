// The audit trail (issue 17): what staff changed and which phones were shown, append-only. The
// API's shapes and the texts of the Audit page.
import { z } from 'zod';
import { paginationQuerySchema } from './pagination';

export const AUDIT_ACTIONS = [
  'user.status',
  'user.role',
  'request.status',
  'request.edit',
  'request.delete',
  'blog.status',
  'blog.edit',
  'blog.delete',
  'reports.dismiss',
  'reports.remove',
  'phone.reveal',
  'donation.dispute',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/** `donation`: a donation_pledges row, by its id (the donor history's `_id`). */
export const AUDIT_TARGETS = ['user', 'request', 'blog', 'donation'] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];

/** How long one viewer's sight of one phone on one request counts as one reveal (decision 041). */
export const PHONE_REVEAL_WINDOW_MINUTES = 60;

const day = z.iso.date('A date as YYYY-MM-DD');

/** GET /audit?actor=&action=&from=&to=&page=&limit= (admins). `from` and `to` are days in Dhaka, both included. */
export const auditQuerySchema = paginationQuerySchema
  .extend({
    /** An email or a user id. */
    actor: z.string().trim().min(1).max(254).optional(),
    action: z.enum(AUDIT_ACTIONS, { error: 'Not an audit action' }).optional(),
    from: day.optional(),
    to: day.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['from'] });
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

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'user.status': 'Account status',
  'user.role': 'Account role',
  'request.status': 'Request status',
  'request.edit': 'Request edited',
  'request.delete': 'Request deleted',
  'blog.status': 'Blog status',
  'blog.edit': 'Blog edited',
  'blog.delete': 'Blog deleted',
  'reports.dismiss': 'Reports dismissed',
  'reports.remove': 'Request removed after reports',
  'phone.reveal': 'Phone shown',
  'donation.dispute': 'Donation disputed by its donor',
};

export const AUDIT_TEXTS = {
  deletedUser: 'Deleted user',
  pageTitle: 'Audit',
  pageIntro: 'Every change an admin or volunteer made, and every time a phone number was shown. The record cannot be changed or deleted.',
  actorLabel: 'Actor (email)',
  actionLabel: 'Action',
  anyAction: 'Any action',
  fromLabel: 'From',
  toLabel: 'To',
  apply: 'Filter',
  reset: 'Reset',
  columnWhen: 'When',
  columnActor: 'Who',
  columnAction: 'What',
  columnTarget: 'On what',
  columnChange: 'Before → after',
  columnIp: 'Address',
  system: 'System',
  empty: 'Nothing recorded for these filters.',
  loading: 'Loading the audit trail…',
  loadFailed: 'Could not load the audit trail',
  retry: 'Try again',
  pagesLabel: 'Audit pages',
} as const;
