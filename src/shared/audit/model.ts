// The audit trail (issue 17): what staff changed and which phones were shown, append-only. Its
// actions and targets; the API's shapes are in schemas.ts, the Audit page's texts in texts.ts.

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
  'pledge.outcome',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/** `donation`: a donation_pledges row, by its id (the donor history's `_id`; a pledge's outcome too, issue 33). */
export const AUDIT_TARGETS = ['user', 'request', 'blog', 'donation'] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];

/** How long one viewer's sight of one phone on one request counts as one reveal (decision 041). */
export const PHONE_REVEAL_WINDOW_MINUTES = 60;
