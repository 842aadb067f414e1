// Donor history and thanks (issue 17): milestone badges and certificate codes. Zod-free: the
// public verification page reads it. Texts: texts.ts; the API's shapes: schemas.ts.

import { pathTo } from '../routing/routes';

/** Milestone badges on the profile: earned at this many completed donations. */
export const DONATION_BADGES = [
  { count: 1, label: 'First donation' },
  { count: 3, label: '3 donations' },
  { count: 5, label: '5 donations' },
  { count: 10, label: '10 donations' },
  { count: 25, label: '25 donations' },
  { count: 50, label: '50 donations' },
] as const;
export type DonationBadge = (typeof DONATION_BADGES)[number];

/** The badges `count` completed donations have earned, smallest first. */
export const badgesFor = (count: number): DonationBadge[] => DONATION_BADGES.filter((b) => count >= b.count);
/** The next badge to earn, or null after the last. */
export const nextBadge = (count: number): DonationBadge | null => DONATION_BADGES.find((b) => count < b.count) ?? null;

/** The verification page's address (the route table's `verify` page, its code encoded); PUBLIC_URL in front of it is the QR code's content. */
export const verifyPath = (code: string) => pathTo('verify', { code: encodeURIComponent(code) });

/** A certificate code: 32 hex digits made by the database (the 122 random bits of a UUID v4). */
export const CERTIFICATE_CODE_PATTERN = /^[0-9a-f]{32}$/;

/** The first word of a name: all the verification page shows of the donor. */
export const firstNameOf = (name: string) => name.trim().split(/\s+/u)[0] ?? '';
