import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type TestUser, uniqueEmail } from '../../../test/fixtures';
import { createTestDatabase, type TestDatabase, testConfig } from '../../../test/helpers';
import { startSmtpStandIn, type SmtpStandIn } from '../../../test/smtp-stand-in';
import { buildApp } from '../app';
import { type AppDeps, createDeps } from '../deps';
import { users } from '../db/schema/accounts';
import { startOutreach } from '../outreach';
import { VERIFICATION_MAIL_DAY_KEY, VERIFICATION_MAIL_GAP_KEY, VERIFICATION_MAILS_PER_DAY } from './verification-mail-limit';

// Issue 30, point 7: anonymous POST /api/auth/send-verification-email sent six mails to one inbox
// in seconds. At most one mail per recipient every 5 minutes and 5 a day, counted in PostgreSQL;
// the answer is the same whether a mail went out or not. Real mail through the SMTP stand-in.

let database: TestDatabase;
let app: FastifyInstance;
let deps: AppDeps;
let smtp: SmtpStandIn;

beforeAll(async () => {
  [smtp, database] = await Promise.all([startSmtpStandIn(), createTestDatabase()]);
  const config = testConfig({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://blood.test' });
  deps = await createDeps({ config, db: database.db });
  app = await buildApp({ config, db: database.db, webDir: null }, deps);
  await app.ready();
  await startOutreach(deps, app.log);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await Promise.all([smtp?.close(), database?.drop()]);
});

const ask = (email: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/auth/send-verification-email', headers, payload: { email } });
/** Confirmation mails queued for an address (the job is queued before the answer). */
const queued = async (email: string) =>
  Number((await database.pool.query(`SELECT count(*) FROM pgboss.job WHERE name = 'verify-email' AND data->>'to' = $1`, [email])).rows[0].count);
/** Waits until the queue has delivered every confirmation mail, then counts those the SMTP stand-in received for `email`. */
async function received(email: string): Promise<number> {
  const deadline = Date.now() + 20_000;
  while ((await database.pool.query(`SELECT 1 FROM pgboss.job WHERE name = 'verify-email' AND state <> 'completed'`)).rows.length > 0) {
    if (Date.now() > deadline) throw new Error('confirmation mails not delivered');
    await new Promise((r) => setTimeout(r, 100));
  }
  return smtp.messages.filter((m) => m.envelopeTo.includes(email.toLowerCase())).length;
}
/** As if the last mail went more than 5 minutes ago (the stored window moved, not the clock waited for). */
const pastGap = () => database.pool.query(`UPDATE rate_limits SET reset_at = now() - interval '1 second' WHERE starts_with(key, $1)`, [VERIFICATION_MAIL_GAP_KEY]);
const pastDay = () => database.pool.query(`UPDATE rate_limits SET reset_at = now() - interval '1 second' WHERE starts_with(key, $1)`, [VERIFICATION_MAIL_DAY_KEY]);

describe('POST /api/auth/send-verification-email', () => {
  let victim: TestUser;

  beforeAll(async () => {
    victim = await registerUser(app);
  });

  it("registration's first mail still goes out", async () => {
    expect(await queued(victim.email)).toBe(1);
    expect(await received(victim.email)).toBe(1);
  });

  it('six anonymous requests at once for one address send one mail, and all six get the same answer', async () => {
    await pastGap();
    const spellings = [victim.email, victim.email.toUpperCase(), victim.email, victim.email.toUpperCase(), victim.email, victim.email];
    const answers = await Promise.all(spellings.map((e) => ask(e)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(new Set(answers.map((r) => r.body))).toEqual(new Set([JSON.stringify({ status: true })]));
    expect(await queued(victim.email)).toBe(2);
    expect(await received(victim.email)).toBe(2);
    // No enumeration: an unknown address and a confirmed one get that same answer.
    const confirmed = await registerUser(app);
    await database.db.update(users).set({ emailVerified: true }).where(eq(users.id, confirmed.id));
    for (const email of [uniqueEmail('nobody'), confirmed.email]) {
      const res = await ask(email);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(answers[0]!.body);
    }
  });

  it('the next mail goes 5 minutes later; past 5 in a day none goes, silently, until the day is over', async () => {
    const before = await queued(victim.email);
    expect(before).toBe(2);
    for (let sent = before; sent < VERIFICATION_MAILS_PER_DAY; sent++) {
      expect((await ask(victim.email)).statusCode).toBe(200); // within 5 minutes of the last: nothing
      expect(await queued(victim.email)).toBe(sent);
      await pastGap();
      expect((await ask(victim.email)).statusCode).toBe(200);
      expect(await queued(victim.email)).toBe(sent + 1);
    }
    // The sixth of the day, 5 minutes after the fifth: refused with the same answer.
    await pastGap();
    const sixth = await ask(victim.email);
    expect(sixth.statusCode).toBe(200);
    expect(sixth.json()).toEqual({ status: true });
    expect(await queued(victim.email)).toBe(VERIFICATION_MAILS_PER_DAY);
    expect(await received(victim.email)).toBe(VERIFICATION_MAILS_PER_DAY);
    // A refused day leaves the 5-minute slot free: once the day is over, one goes at once.
    await pastDay();
    await ask(victim.email);
    expect(await queued(victim.email)).toBe(VERIFICATION_MAILS_PER_DAY + 1);
  });

  it('counts per recipient: one inbox spent does not stop another', async () => {
    const other = await registerUser(app);
    expect(await queued(other.email)).toBe(1);
    await pastGap();
    await ask(other.email);
    expect(await queued(other.email)).toBe(2);
  });

  it('the signed-in resend is limited the same way', async () => {
    const user = await registerUser(app);
    const own = () => ask(user.email, { cookie: user.cookie, origin: 'http://blood.test' });
    expect((await own()).statusCode).toBe(200);
    expect(await queued(user.email)).toBe(1);
    await pastGap();
    expect((await own()).statusCode).toBe(200);
    expect(await queued(user.email)).toBe(2);
  });

  it('stores a keyed hash, never the address', async () => {
    const { rows } = await database.pool.query<{ key: string }>(`SELECT key FROM rate_limits WHERE key LIKE 'verify-mail:%'`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.key.includes('@') || r.key.includes('example'))).toBe(false);
  });

  it('refuses a malformed address with 400 and sends nothing', async () => {
    const all = async () => Number((await database.pool.query(`SELECT count(*) FROM pgboss.job WHERE name = 'verify-email'`)).rows[0].count);
    const before = await all();
    for (const email of ['not an email', '', 42, undefined]) {
      const res = await ask(email);
      expect(res.statusCode, String(email)).toBe(400);
      expect(res.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
    }
    expect(await all()).toBe(before);
  });
});
