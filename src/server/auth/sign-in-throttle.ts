import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Password guessing, limited per account (the per-address limit alone lets an attacker spread
 * guesses over many addresses). Counted in PostgreSQL, so every instance shares the count.
 *
 * - Each sign-in attempt from an unknown device takes a slot for its email *before* the password
 *   is checked (one atomic statement), so a burst of parallel guesses is counted in full.
 * - After `maxFailures` attempts without success, the account is locked for 1 minute, doubling
 *   with each further attempt up to `maxLockMinutes`; a locked attempt is refused without
 *   checking the password and without lengthening the lock. A success clears the count.
 * - Unknown emails are counted exactly like real accounts: the answers tell nothing.
 * - A device that signed in to this account before carries a signed "known device" cookie; its
 *   attempts are counted against that device only, so an attacker cannot lock a real user out of
 *   the devices they use (OWASP "device cookies"). docs/decisions/008-sign-in-throttle.md.
 */
export interface SignInThrottleOptions {
  maxFailures: number;
  maxLockMinutes: number;
  /** Send the device cookie over HTTPS only (an https PUBLIC_URL). */
  secureCookie: boolean;
}

export const KNOWN_DEVICE_COOKIE = 'bd_known_device';
const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
/** Counts older than this start again from zero. */
const FORGET_AFTER = '24 hours';

export type Admission = { admitted: true } | { admitted: false; retryAfterSeconds: number };

export const emailKey = (email: string) => email.trim().toLowerCase();

export function createSignInThrottle(db: Db, secret: string, options: SignInThrottleOptions) {
  const macKey = Buffer.from(crypto.hkdfSync('sha256', secret, 'blood-donation', 'known-device-v1', 32));
  const mac = (nonce: string, email: string) => crypto.createHmac('sha256', macKey).update(`${nonce}\n${email}`).digest('base64url');

  /** The device's own key when its cookie was issued for this email, else null. */
  function knownDevice(cookieHeader: string | undefined, email: string): string | null {
    const value = cookieHeader
      ?.split(';')
      .map((c) => c.trim())
      .find((c) => c.startsWith(`${KNOWN_DEVICE_COOKIE}=`))
      ?.slice(KNOWN_DEVICE_COOKIE.length + 1);
    const [nonce, tag] = decodeURIComponent(value ?? '').split('.');
    if (!nonce || !tag || !/^[\w-]{16,64}$/.test(nonce)) return null;
    const expected = Buffer.from(mac(nonce, email));
    const given = Buffer.from(tag);
    return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? nonce : null;
  }

  /** The counter an attempt is charged to: the known device, or the account. */
  const counterKey = (email: string, device: string | null) => (device ? `device:${device}` : `email:${email}`);

  /** Takes an attempt slot, or says how long the lock lasts. */
  async function admit(key: string): Promise<Admission> {
    const max = options.maxFailures;
    const lockFor = (n: ReturnType<typeof sql>) =>
      sql`CASE WHEN ${n} >= ${max}::int THEN now() + least(${options.maxLockMinutes}::int, power(2, least(${n} - ${max}::int, 16))::int) * interval '1 minute' END`;
    const next = sql`CASE WHEN f.updated_at < now() - interval '${sql.raw(FORGET_AFTER)}' THEN 1 ELSE f.failures + 1 END`;
    const taken = await db.execute<{ failures: number }>(sql`
      INSERT INTO sign_in_failures AS f (key, failures, locked_until, updated_at)
      VALUES (${key}, 1, ${lockFor(sql`1`)}, now())
      ON CONFLICT (key) DO UPDATE SET failures = ${next}, locked_until = ${lockFor(next)}, updated_at = now()
      WHERE f.locked_until IS NULL OR f.locked_until <= now()
      RETURNING failures`);
    if (taken.rows.length > 0) return { admitted: true };
    const locked = await db.execute<{ seconds: number }>(
      sql`SELECT ceil(extract(epoch FROM locked_until - now()))::int AS seconds FROM sign_in_failures WHERE key = ${key}`,
    );
    return { admitted: false, retryAfterSeconds: Math.max(1, locked.rows[0]?.seconds ?? 1) };
  }

  return {
    /** Before the password is checked: may this attempt go on? Returns the counter it was charged to. */
    async beforeAttempt(email: string, cookieHeader: string | undefined): Promise<Admission & { key: string }> {
      const key = counterKey(emailKey(email), knownDevice(cookieHeader, emailKey(email)));
      return { ...(await admit(key)), key };
    },

    /** After a successful sign-in: the count starts again, and this device becomes known. */
    async succeeded(email: string, key: string): Promise<string> {
      await db.execute(sql`DELETE FROM sign_in_failures WHERE key IN (${key}, ${`email:${emailKey(email)}`})`);
      const nonce = crypto.randomBytes(18).toString('base64url');
      const value = `${nonce}.${mac(nonce, emailKey(email))}`;
      const attrs = [`${KNOWN_DEVICE_COOKIE}=${value}`, 'Path=/api/auth', `Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`, 'HttpOnly', 'SameSite=Lax'];
      if (options.secureCookie) attrs.push('Secure');
      return attrs.join('; ');
    },

    /** A password reset (or an admin) clears an account's count. */
    async clear(email: string): Promise<void> {
      await db.execute(sql`DELETE FROM sign_in_failures WHERE key = ${`email:${emailKey(email)}`}`);
    },

    /** Forgets counts nobody has added to for a day (run hourly). */
    async deleteStale(): Promise<number> {
      const res = await db.execute(
        sql`DELETE FROM sign_in_failures WHERE updated_at < now() - interval '${sql.raw(FORGET_AFTER)}' AND (locked_until IS NULL OR locked_until < now())`,
      );
      return res.rowCount ?? 0;
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
