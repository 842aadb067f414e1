import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PHONE_CODES_PER_DAY } from '../../shared/users/model';
import type { Db } from '../db/client';

// Address confirmation mails per recipient (issue 30, point 7): anonymous
// POST /api/auth/send-verification-email sent six mails to one inbox in seconds. Now at most one
// mail per address every 5 minutes and 5 in a day, counted in PostgreSQL on the shared rate_limits
// table (plugins/rate-limit-store.ts), so every instance adds to the same count. Whoever asks gets
// the same answer whether a mail went out or not (better-auth answers `{ status: true }`).
// Password-reset mails (issue 38) are limited alike, on counts of their own, and so are the SMS
// codes that prove a phone (issue 32): one a minute and 5 a day per number.

export const VERIFICATION_MAIL_GAP_MINUTES = 5;
export const VERIFICATION_MAILS_PER_DAY = 5;
/** Key prefixes in rate_limits; a key ends with a keyed hash of the address, never the address itself. */
export const VERIFICATION_MAIL_GAP_KEY = 'verify-mail:gap|';
export const VERIFICATION_MAIL_DAY_KEY = 'verify-mail:day|';

/** The messages an address or a number may be sent on anyone's asking: each kind is counted on its own. */
export type AccountMessageKind = 'verify' | 'reset' | 'phone-code';
const KEY_PREFIX: Record<AccountMessageKind, string> = { verify: 'verify-mail', reset: 'reset-mail', 'phone-code': 'phone-code' };
/** The least time between two messages of a kind to one address or number. */
const GAP_MINUTES: Record<AccountMessageKind, number> = { verify: VERIFICATION_MAIL_GAP_MINUTES, reset: VERIFICATION_MAIL_GAP_MINUTES, 'phone-code': 1 };
/** How many of a kind one address or number may be sent in a day. */
const PER_DAY: Record<AccountMessageKind, number> = { verify: VERIFICATION_MAILS_PER_DAY, reset: VERIFICATION_MAILS_PER_DAY, 'phone-code': PHONE_CODES_PER_DAY };
export const RESET_MAIL_GAP_KEY = 'reset-mail:gap|';
export const RESET_MAIL_DAY_KEY = 'reset-mail:day|';
export const PHONE_CODE_DAY_KEY = 'phone-code:day|';

/** Thrown to roll back the gap's claim when the day's count is spent. */
class DayLimitReached extends Error {}

/**
 * Claims one confirmation mail to `email` (trimmed, lower-cased): true when it may go, false when a
 * mail went to that address less than 5 minutes ago or 5 went in the current day (24 h from the
 * first of them). The 5-minute slot and the day's count are taken in one transaction: two claims
 * at once for the same address wait on the same row, and only one of them gets the slot. The
 * rows expire with the hourly rate-limit clean-up.
 */
export function claimVerificationMail(db: Db, secret: string, email: string): Promise<boolean> {
  return claimAccountMessage(db, secret, 'verify', email);
}

/** The same claim for any kind of account message (a password-reset link: `reset`; a phone's code by SMS: `phone-code`, to the +880 number). */
export async function claimAccountMessage(db: Db, secret: string, kind: AccountMessageKind, email: string): Promise<boolean> {
  const prefix = KEY_PREFIX[kind];
  const who = createHmac('sha256', secret).update(`${prefix}:${email.trim().toLowerCase()}`).digest('base64url');
  try {
    return await db.transaction(async (tx) => {
      const gap = await tx.execute(sql`
        INSERT INTO rate_limits (key, count, reset_at)
        VALUES (${`${prefix}:gap|${who}`}, 1, now() + make_interval(mins => ${GAP_MINUTES[kind]}))
        ON CONFLICT (key) DO UPDATE SET count = 1, reset_at = EXCLUDED.reset_at
        WHERE rate_limits.reset_at <= now()`);
      if ((gap.rowCount ?? 0) === 0) return false;
      const day = await tx.execute(sql`
        INSERT INTO rate_limits (key, count, reset_at)
        VALUES (${`${prefix}:day|${who}`}, 1, now() + interval '1 day')
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
          reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
        WHERE rate_limits.reset_at <= now() OR rate_limits.count < ${PER_DAY[kind]}`);
      if ((day.rowCount ?? 0) === 0) throw new DayLimitReached();
      return true;
    });
  } catch (err) {
    if (err instanceof DayLimitReached) return false;
    throw err;
  }
}
