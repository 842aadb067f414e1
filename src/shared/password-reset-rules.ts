// "Forgot password?" (issue 38): a reset link by email, when the site sends email (SMTP_URL).
// Zod-free: the login page imports it. The schemas are in password-reset.ts.

export const PASSWORD_RESET_MESSAGES = {
  disabled: 'Password reset by email is not set up on this site',
  invalidLink: 'This reset link is not valid or has expired: ask for a new one',
} as const;

/** How long a reset link works (better-auth's resetPasswordTokenExpiresIn). */
export const RESET_LINK_MINUTES = 60;

/** The longest token a reset link carries (better-auth's are 24 characters). */
export const RESET_TOKEN_MAX_LENGTH = 200;
