// The home page's contact form and the operator's contact details (issue 38): limits, the public
// pages the operator may replace and SITE_HELPLINE's accepted forms. Zod-free: the home page and
// config.ts use it.

import { normalizePhone } from '../phone/model';

export const CONTACT_NAME_MAX = 100;
export const CONTACT_EMAIL_MAX = 254;
export const CONTACT_MESSAGE_MAX = 5000;

/**
 * Messages one email address may send an hour, and one network address: carrier NAT puts many
 * people behind one address in Bangladesh, so the address's limit is the looser one.
 */
export const CONTACT_PER_EMAIL_PER_HOUR = 5;
export const CONTACT_PER_ADDRESS_PER_HOUR = 30;

/** The public pages whose text the operator may replace (SITE_PRIVACY_FILE, SITE_TERMS_FILE). */
export const SITE_PAGES = ['privacy', 'terms'] as const;
export type SitePage = (typeof SITE_PAGES)[number];

/** The helpline as shown and as dialled. */
export interface Helpline {
  display: string;
  tel: string;
}

/**
 * SITE_HELPLINE as the operator writes it: a Bangladesh mobile (01712345678, +880 1712-345678), a
 * landline with its area code (02-9661551, +880 31 123456) or a short code (16263, 999, 10655).
 * Null when it is none of these.
 */
export function parseHelpline(input: string): Helpline | null {
  const compact = input.replace(/[\s\-().]/g, '');
  if (/^(?:1\d{2,4}|999)$/.test(compact)) return { display: compact, tel: compact };
  const mobile = normalizePhone(compact);
  if (mobile) return { display: `+880 ${mobile.slice(4, 8)}-${mobile.slice(8)}`, tel: mobile };
  const landline = /^(?:\+?880|0)([2-9]\d{6,9})$/.exec(compact);
  if (landline) return { display: `+880 ${landline[1]}`, tel: `+880${landline[1]}` };
  return null;
}
