import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertNoSecrets, cookieHeader, registerUser, type TestUser, uniqueEmail } from '../../../test/fixtures';
import { createTestDatabase, type TestDatabase, testConfig } from '../../../test/helpers';
import { startSmtpStandIn, type SmtpStandIn } from '../../../test/smtp-stand-in';
import { PASSWORD_RESET_MESSAGES, USER_MESSAGES } from '../../shared/users/texts';
import { buildApp } from '../app';
import { type AppDeps, createDeps } from '../deps';
import { startOutreach } from '../outreach';
import { RESET_MAIL_GAP_KEY } from './verification-mail-limit';

// Issue 38: "Forgot password?" by email. Real mail through the SMTP stand-in: the link is read
// from the message as its reader would, and used through the API as the reset page does.

let database: TestDatabase;
let app: FastifyInstance;
let deps: AppDeps;
let smtp: SmtpStandIn;

beforeAll(async () => {
  [smtp, database] = await Promise.all([startSmtpStandIn(), createTestDatabase()]);
  const config = testConfig({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://blood.test', SIGN_IN_MAX_FAILURES: '3' });
  deps = await createDeps({ config, db: database.db });
  app = await buildApp({ config, db: database.db, webDir: null }, deps);
  await app.ready();
  await startOutreach(deps, app.log);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await Promise.all([smtp?.close(), database?.drop()]);
});

const NEW_PASSWORD = 'Fresh#2026';
const ask = (email: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/auth/request-password-reset', headers, payload: { email } });
const reset = (payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/auth/reset-password', payload });
const signIn = (email: string, password: string) => app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });
/** Moves the 5-minute window between two reset mails of an address into the past. */
const pastGap = () => database.pool.query(`UPDATE rate_limits SET reset_at = now() - interval '1 second' WHERE starts_with(key, $1)`, [RESET_MAIL_GAP_KEY]);

/** Waits for the queue to deliver every account mail, then answers the reset mails `email` received. */
async function resetMails(email: string, subject = 'Reset your password') {
  const deadline = Date.now() + 20_000;
  while ((await database.pool.query(`SELECT 1 FROM pgboss.job WHERE name = 'verify-email' AND state <> 'completed'`)).rows.length > 0) {
    if (Date.now() > deadline) throw new Error('account mails not delivered');
    await new Promise((r) => setTimeout(r, 100));
  }
  return smtp.messages.filter((m) => m.envelopeTo.includes(email) && m.subject === subject);
}
/** The token of the link in a reset mail, as the reset page reads it from its address. */
function tokenOf(mail: { text: string }): string {
  const link = /http:\/\/blood\.test\/reset-password\?token=\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no reset link in:\n${mail.text}`);
  return new URL(link).searchParams.get('token')!;
}

describe('POST /api/auth/request-password-reset and /api/auth/reset-password', () => {
  let owner: TestUser;
  beforeAll(async () => {
    owner = await registerUser(app);
  });

  it('mails a link to the reset page; the new password works, the old one and every session stop working, and the lock is cleared', async () => {
    // Someone guessed: the account is locked.
    for (let i = 0; i < 3; i++) expect((await signIn(owner.email, 'Wrong#2026')).statusCode).toBe(401);
    expect((await signIn(owner.email, owner.password)).statusCode).toBe(429);

    const asked = await ask(owner.email.toUpperCase());
    expect(asked.statusCode, asked.body).toBe(200);
    const [mail, ...more] = await resetMails(owner.email);
    expect(more).toEqual([]);
    expect(mail!.text).toContain('within 60 minutes');
    const token = tokenOf(mail!);

    // The link's token with a password the registration would refuse: 400, nothing changes.
    const weak = await reset({ token, newPassword: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().issues.map((i: { message: string }) => i.message)).toContain(USER_MESSAGES.passwordMin);

    const done = await reset({ token, newPassword: NEW_PASSWORD });
    expect(done.statusCode, done.body).toBe(200);
    assertNoSecrets(done.body);
    // Every session ended: the old cookie gets no token, the old bearer token is refused.
    expect((await app.inject({ method: 'POST', url: '/api/jwt', headers: { cookie: owner.cookie }, payload: { email: owner.email } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: `/api/users/${encodeURIComponent(owner.email)}`, headers: owner.auth })).statusCode).toBe(401);
    // The lock is gone; the old password is refused, the new one signs in.
    expect((await signIn(owner.email, owner.password)).statusCode).toBe(401);
    const signedIn = await signIn(owner.email, NEW_PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(cookieHeader(signedIn)).toContain('session_token');

    // The link works once.
    const again = await reset({ token, newPassword: 'Other#2026' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: PASSWORD_RESET_MESSAGES.invalidLink, code: 'RESET_LINK_INVALID' });
  });

  it('answers an unknown address exactly as a real one and mails nobody; a second ask within 5 minutes mails nothing', async () => {
    const user = await registerUser(app);
    const first = await ask(user.email);
    const unknown = uniqueEmail('nobody');
    const stranger = await ask(unknown);
    expect(stranger.statusCode).toBe(200);
    expect(stranger.body).toBe(first.body);
    const second = await ask(user.email);
    expect(second.body).toBe(first.body);
    expect(await resetMails(user.email)).toHaveLength(1);
    expect(await resetMails(unknown)).toHaveLength(0);
    await pastGap();
    await ask(user.email);
    expect(await resetMails(user.email)).toHaveLength(2);
  });

  it('mails in the language the account reads', async () => {
    const user = await registerUser(app);
    await database.pool.query(`UPDATE users SET locale = 'bn' WHERE id = $1`, [user.id]);
    await ask(user.email);
    const [mail] = await resetMails(user.email, 'আপনার পাসওয়ার্ড নতুন করে দিন');
    expect(mail?.text).toContain('৬০ মিনিটের মধ্যে');
    expect(tokenOf(mail!)).toBeTruthy();
  });

  it('refuses bad input with the one error shape and changes nothing', async () => {
    for (const body of [{}, { email: 'not-an-email' }, { email: 42 }, { email: 'a@b.co', redirectTo: 'https://evil.example' }]) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: body });
      if ('redirectTo' in body) {
        // Only the address goes on: a link to elsewhere cannot be planted in the mail.
        expect(res.statusCode).toBe(200);
        continue;
      }
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
    }
    for (const body of [{}, { token: '', newPassword: NEW_PASSWORD }, { token: 'x'.repeat(500), newPassword: NEW_PASSWORD }, { token: 'abc' }]) {
      const res = await reset(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const made = await reset({ token: 'made-up-token', newPassword: NEW_PASSWORD });
    expect(made.statusCode).toBe(400);
    expect(made.json().code).toBe('RESET_LINK_INVALID');
    // better-auth's own GET /reset-password/:token stays closed: the mail links to the page.
    expect((await app.inject({ method: 'GET', url: '/api/auth/reset-password/made-up-token' })).statusCode).toBe(404);
  });
});

describe('without SMTP_URL', () => {
  let plain: { app: FastifyInstance; database: TestDatabase };
  beforeAll(async () => {
    const db = await createTestDatabase();
    const config = testConfig();
    const plainDeps = await createDeps({ config, db: db.db });
    const plainApp = await buildApp({ config, db: db.db, webDir: null }, plainDeps);
    await plainApp.ready();
    plain = { app: plainApp, database: db };
  }, 60_000);
  afterAll(async () => {
    await plain?.app.close();
    await plain?.database.drop();
  });

  it('offers no reset: the providers say so and both routes answer 503', async () => {
    expect((await plain.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toMatchObject({ passwordReset: false });
    for (const [url, payload] of [
      ['/api/auth/request-password-reset', { email: 'a@example.com' }],
      ['/api/auth/reset-password', { token: 'abc', newPassword: NEW_PASSWORD }],
    ] as const) {
      const res = await plain.app.inject({ method: 'POST', url, payload });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ message: PASSWORD_RESET_MESSAGES.disabled, code: 'PASSWORD_RESET_DISABLED' });
    }
  });
});
