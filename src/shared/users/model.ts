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

/** The longest token a reset link carries (better-auth's are 24 characters). */
export const RESET_TOKEN_MAX_LENGTH = 200;

/** A profile is complete when the donor can be found: blood group and location. */
export const isProfileComplete = (u: Pick<User, 'blood_group' | 'upazilaId'>) => u.blood_group !== null && u.upazilaId !== null;
