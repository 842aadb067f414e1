// The Audit page's texts (issue 17), and how each action reads.

import type { AuditAction } from './model';

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
  'pledge.outcome': 'Pledge outcome recorded',
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

/** The 400s of the audit trail's filters. */
export const AUDIT_MESSAGES = {
  fromNotAfterTo: 'from must not be after to',
  notAction: 'Not an audit action',
} as const;
