// The home page's contact form and the operator's contact details (issue 38): limits, texts and
// the public pages the operator may replace. Zod-free: the home page uses it.

export const CONTACT_NAME_MAX = 100;
export const CONTACT_EMAIL_MAX = 254;
export const CONTACT_MESSAGE_MAX = 5000;

/**
 * Messages one email address may send an hour, and one network address: carrier NAT puts many
 * people behind one address in Bangladesh, so the address's limit is the looser one.
 */
export const CONTACT_PER_EMAIL_PER_HOUR = 5;
export const CONTACT_PER_ADDRESS_PER_HOUR = 30;

export const CONTACT_MESSAGES = {
  messageRequired: 'Write a message',
  messageTooLong: `A message is at most ${CONTACT_MESSAGE_MAX} characters`,
  notFound: 'No such message',
  tooManyFromEmail: 'You have sent several messages in the last hour: please wait a little before sending another',
  handledOnly: 'Only marking a message handled is possible',
} as const;

/** The public pages whose text the operator may replace (SITE_PRIVACY_FILE, SITE_TERMS_FILE). */
export const SITE_PAGES = ['privacy', 'terms'] as const;
export type SitePage = (typeof SITE_PAGES)[number];
