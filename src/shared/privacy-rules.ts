// Privacy of accounts (issue 17): the email mask and the texts of the export and deletion,
// zod-free so public pages and the logger read them too. Schemas are in privacy.ts.

/** `first` and `domain` of an address -> `f***@domain` (`at` is `%40` inside a URL). The one mask: donor search and the logs. */
export const maskEmailParts = (first: string, domain: string, at = '@') => `${first}***${at}${domain}`;

/** `rahim@example.com` -> `r***@example.com`; anything that is not an address becomes `***`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1 || at === email.length - 1) return '***';
  return maskEmailParts(email.charAt(0), email.slice(at + 1));
}

/** Whether an address is a mask (what anonymous donor searches get). */
export const isMaskedEmail = (email: string) => email.includes('***');

/** The name a deleted account's requests, pledges and gifts keep for the record. */
export const DELETED_USER_NAME = 'Deleted user';

/** The placeholder that frees a deleted account's address (unique, and never deliverable: `.invalid`). */
export const deletedEmailFor = (userId: string) => `deleted-${userId.toLowerCase()}@deleted.invalid`;

export const PRIVACY_TEXTS = {
  maskedEmailHint: 'sign in to see the full address',
  sectionTitle: 'Your data',
  exportIntro: 'Download everything this site holds about you, as a JSON file.',
  exportButton: 'Download my data',
  exporting: 'Preparing your data…',
  exportFailed: 'Your data could not be downloaded.',
  dangerTitle: 'Danger zone',
  deleteIntro:
    'Delete your account: you are signed out everywhere and your name, email, phone, picture, blood group and location are erased. Requests and pledges stay for the record as "Deleted user".',
  deleteButton: 'Delete my account',
  dialogTitle: 'Delete your account?',
  dialogBody: 'This cannot be undone. Type your email address to confirm.',
  confirmLabel: 'Your email address',
  confirmButton: 'Delete for good',
  cancel: 'Cancel',
  deleting: 'Deleting…',
  deleted: 'Your account was deleted.',
  deleteFailed: 'Your account could not be deleted.',
  /** Server messages. */
  confirmMismatch: 'Type your own email address to confirm the deletion',
  ownExportOnly: 'You can only download your own data',
  ownDeleteOnly: 'You can only delete your own account',
  lastAdmin: 'You are the last active admin: make another admin before deleting your account',
} as const;
