// Privacy of accounts (issue 17): the email mask and what a deleted account leaves, zod-free so
// public pages and the logger read them too. Texts: texts.ts; schemas: schemas.ts.

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
