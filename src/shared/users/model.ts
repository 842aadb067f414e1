// Accounts: roles, statuses and their limits, with no schema library, so pages that only show
// these (or render a form before validating it) do not load zod. Texts: texts.ts; who may do what:
// policy.ts (decision 026); the API's shapes: schemas.ts.

import type { User } from './schemas';

export const ROLES = ['admin', 'volunteer', 'donner'] as const;
export type Role = (typeof ROLES)[number];
export const USER_STATUSES = ['active', 'blocked'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const PASSWORD_SPECIALS = '!@#$&*';

/** All Users' search (issue 38): characters of `q` at most, after trimming. */
export const USER_SEARCH_MAX_LENGTH = 100;

// "Forgot password?" (issue 38): a reset link by email, when the site sends email (SMTP_URL).

/** How long a reset link works (better-auth's resetPasswordTokenExpiresIn). */
export const RESET_LINK_MINUTES = 60;

// A phone proven by a code sent by SMS (issue 32): better-auth's phone-number plugin's rules.

/** How long an SMS code works. */
export const PHONE_CODE_MINUTES = 5;
/** Wrong tries a code survives; the next one burns it. */
export const PHONE_CODE_TRIES = 3;
/** Codes sent to one number in a day (at most one a minute). */
export const PHONE_CODES_PER_DAY = 5;
/** Digits in a code. */
export const PHONE_CODE_LENGTH = 6;

/**
 * A phone-only account (issue 32) has no address, but better-auth wants a unique one: it gets a
 * random one at this reserved domain (RFC 2606), which mail never goes to and pages never show.
 */
export const PHONE_ONLY_EMAIL_DOMAIN = 'phone.invalid';
export const isPhoneOnlyEmail = (email: string) => email.toLowerCase().endsWith(`@${PHONE_ONLY_EMAIL_DOMAIN}`);
/** The address to show, or null: a phone-only account's (masked or not) is no one's. */
export const shownEmail = (email: string | null | undefined): string | null => (email && !isPhoneOnlyEmail(email) ? email : null);
/** What names an account in the `/users/{email}` routes: its email, or its id when it has none. */
export const accountKey = (user: Pick<User, '_id' | 'email'>) => (isPhoneOnlyEmail(user.email) ? user._id : user.email);

/** The longest token a reset link carries (better-auth's are 24 characters). */
export const RESET_TOKEN_MAX_LENGTH = 200;

/** A profile is complete when the donor can be found: blood group and location. */
export const isProfileComplete = (u: Pick<User, 'blood_group' | 'upazilaId'>) => u.blood_group !== null && u.upazilaId !== null;
