import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, registerUser, registrationBody, setUserStatus, type TestUser, tokenFor, userWith } from '../../../test/fixtures';
import { createTestDatabase, errorBody, type TestDatabase, testConfig } from '../../../test/helpers';
import { startSmppStandIn, type SmppStandIn } from '../../../test/smpp-stand-in';
import { startSmtpStandIn, type SmtpStandIn } from '../../../test/smtp-stand-in';
import { PHONE_MESSAGES } from '../../shared/phone/texts';
import { isPhoneOnlyEmail, PHONE_CODES_PER_DAY } from '../../shared/users/model';
import { buildApp } from '../app';
import { users, verifications } from '../db/schema/accounts';
import { smsMessages } from '../db/schema/sms';
import { type AppDeps, createDeps } from '../deps';
import { startOutreach } from '../outreach';
import { PHONE_CODE_DAY_KEY } from './verification-mail-limit';

// Issue 32: a phone proven by a 6-digit code sent by SMS (better-auth's phone-number plugin),
// through a real SMPP bind to a local SMSC stand-in, with email on (SMTP_URL) so that "confirmed"
// matters: a verified phone confirms an account whose address is not.

let database: TestDatabase;
let app: FastifyInstance;
let deps: AppDeps;
let smsc: SmppStandIn;
let smtp: SmtpStandIn;

beforeAll(async () => {
  [smsc, smtp, database] = await Promise.all([startSmppStandIn({ systemId: 'blood', password: 's3cret' }), startSmtpStandIn(), createTestDatabase()]);
  const config = testConfig({ SMS_URL: smsc.url, SMTP_URL: smtp.url, PUBLIC_URL: 'http://blood.test' });
  deps = await createDeps({ config, db: database.db });
  app = await buildApp({ config, db: database.db, webDir: null }, deps);
  await app.ready();
  await startOutreach(deps, app.log);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await Promise.all([smsc?.close(), smtp?.close(), database?.drop()]);
});

let nextNumber = 1_000_000;
/** A fresh Bangladesh mobile: the stored form and the digits the SMSC sees. */
function freshNumber() {
  nextNumber += 1;
  const local = `0171${String(nextNumber).padStart(7, '0')}`;
  return { typed: local, stored: `+88${local}`, wire: `88${local}` };
}

const sendCode = (phoneNumber: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/auth/phone-number/send-otp', headers, payload: { phoneNumber } });
const verify = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/auth/phone-number/verify', headers, payload: body });
const textsTo = (wire: string) => smsc.submitted.filter((m) => m.to === wire);

/** Waits for the n-th SMS to a number and returns its code. */
async function codeSent(wire: string, n = 1): Promise<string> {
  await smsc.waitFor(`SMS ${n} to ${wire}`, () => textsTo(wire).length >= n, 20_000);
  const code = /\b(\d{6})\b/.exec(textsTo(wire)[n - 1]!.text)?.[1];
  if (!code) throw new Error(`no code in ${textsTo(wire)[n - 1]!.text}`);
  return code;
}

/** Every SMS queued so far has left (or been given up): nothing is still waiting its turn. */
async function queueDrained() {
  const deadline = Date.now() + 20_000;
  while ((await database.pool.query(`SELECT 1 FROM pgboss.job WHERE name = 'sms' AND state NOT IN ('completed', 'failed')`)).rows.length > 0) {
    if (Date.now() > deadline) throw new Error('SMS queue not drained');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** As if the last code went more than a minute ago (the stored window moved, not the clock waited for). */
const pastGap = () => database.pool.query(`UPDATE rate_limits SET reset_at = now() - interval '1 second' WHERE starts_with(key, 'phone-code:gap|')`);

const profileOf = async (user: TestUser) => (await app.inject({ method: 'GET', url: `/api/users/${user.email}`, headers: user.auth })).json() as { phone: string | null; phoneVerified: boolean };
const rowOf = async (id: string) => (await database.db.select().from(users).where(eq(users.id, id)))[0]!;

/** Proves `number` for `user` end to end: a code by SMS, then the code back. */
async function prove(user: TestUser, number: ReturnType<typeof freshNumber>) {
  await pastGap();
  const before = textsTo(number.wire).length;
  expect((await sendCode(number.typed, { cookie: user.cookie })).statusCode).toBe(200);
  const code = await codeSent(number.wire, before + 1);
  const res = await verify({ phoneNumber: number.typed, code }, { cookie: user.cookie });
  expect(res.statusCode, res.body).toBe(200);
}

describe('POST /api/auth/phone-number/send-otp', () => {
  it('the site says it sends SMS (GET /api/auth/providers)', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toMatchObject({ phone: true });
  });

  it('sends a 6-digit code by SMS to the number as typed, in the stored form; the text is not kept', async () => {
    const number = freshNumber();
    const res = await sendCode(number.typed.replace(/^(\d{5})/, '$1-'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'code sent' });
    await codeSent(number.wire);
    const [sms] = textsTo(number.wire);
    expect(sms!.dataCoding).toBe(0);
    expect(sms!.registeredDelivery).toBe(1);
    expect(sms!.text).toMatch(/^\d{6} is your Blood Donation code\. It expires in 5 minutes\./);
    await queueDrained();
    // The row keeps neither the code nor the number once the code left: only what the budget and the receipt need.
    const [row] = await database.db.select().from(smsMessages).where(eq(smsMessages.gatewayId, sms!.messageId));
    expect(row).toMatchObject({ kind: 'phone-code', state: 'sent', body: null, toNumber: null, segments: 1, userId: null });
  });

  it('writes the code in Bangla for a Bangla page (UCS-2)', async () => {
    const number = freshNumber();
    expect((await sendCode(number.stored, { 'accept-language': 'bn' })).statusCode).toBe(200);
    await codeSent(number.wire);
    const [sms] = textsTo(number.wire);
    expect(sms!.dataCoding).toBe(8);
    expect(sms!.text).toContain('আপনার ব্লাড ডোনেশন কোড');
  });

  it('records the receipt of a delivered code', async () => {
    const number = freshNumber();
    await sendCode(number.stored);
    await codeSent(number.wire);
    await queueDrained();
    await smsc.deliverReceipt(textsTo(number.wire)[0]!.messageId, 'DELIVRD');
    const deadline = Date.now() + 10_000;
    let state = '';
    while (state !== 'delivered' && Date.now() < deadline) {
      state = (await database.db.select({ state: smsMessages.state }).from(smsMessages).where(eq(smsMessages.gatewayId, textsTo(number.wire)[0]!.messageId)))[0]!.state;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(state).toBe('delivered');
  });

  it('refuses what is not a Bangladesh mobile with 400 in the one shape, and sends nothing', async () => {
    const before = smsc.submitted.length;
    const rows = (await database.db.select().from(smsMessages)).length;
    for (const bad of ['12345', '+14155550100', '', 42, null, 'x'.repeat(200)]) {
      const res = await sendCode(bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(errorBody(res).message).toBeTruthy();
    }
    const missing = await app.inject({ method: 'POST', url: '/api/auth/phone-number/send-otp', payload: {} });
    expect(missing.statusCode).toBe(400);
    await queueDrained();
    expect(smsc.submitted.length).toBe(before);
    expect((await database.db.select().from(smsMessages)).length).toBe(rows);
  });

  it('sends one code a minute and PHONE_CODES_PER_DAY a day to a number, with the same answer; a refused ask leaves the code sent working', async () => {
    const user = await registerUser(app);
    const number = freshNumber();
    const first = await sendCode(number.stored);
    const code = await codeSent(number.wire);
    // Six asks at once within the minute: one answer for all, no SMS, no new code.
    const again = await Promise.all(Array.from({ length: 6 }, () => sendCode(number.stored)));
    for (const res of again) expect(res.body).toBe(first.body);
    await queueDrained();
    expect(textsTo(number.wire)).toHaveLength(1);
    expect((await verify({ phoneNumber: number.stored, code }, { cookie: user.cookie })).statusCode).toBe(200);

    for (let n = 2; n <= PHONE_CODES_PER_DAY; n++) {
      await pastGap();
      expect((await sendCode(number.stored)).statusCode).toBe(200);
      await codeSent(number.wire, n);
    }
    await pastGap();
    const over = await sendCode(number.stored);
    expect(over.body).toBe(first.body);
    await queueDrained();
    expect(textsTo(number.wire)).toHaveLength(PHONE_CODES_PER_DAY);
    // The next day the number gets codes again.
    await database.pool.query(`UPDATE rate_limits SET reset_at = now() - interval '1 second' WHERE starts_with(key, $1)`, [PHONE_CODE_DAY_KEY]);
    await pastGap();
    await sendCode(number.stored);
    await codeSent(number.wire, PHONE_CODES_PER_DAY + 1);
  });
});

describe('POST /api/auth/phone-number/verify', () => {
  it("signed in: the right code makes the number the account's verified phone, which confirms the account for search", async () => {
    const user = await registerUser(app, { blood_group: 'AB-', upazila: '1' });
    const number = freshNumber();
    const search = async () =>
      ((await app.inject({ method: 'GET', url: '/api/search?bloodGroup=AB-&division=1&district=1&upazila=1', headers: user.auth })).json() as { email: string }[]).map((d) => d.email);
    // Email is on and the address is not confirmed: the donor is not found.
    expect(await search()).not.toContain(user.email);
    expect(await profileOf(user)).toMatchObject({ phone: null, phoneVerified: false });

    await prove(user, number);
    expect(await profileOf(user)).toMatchObject({ phone: number.stored, phoneVerified: true });
    expect(await rowOf(user.id)).toMatchObject({ phone: number.stored, phoneNumber: number.stored, phoneNumberVerified: true, confirmed: true, emailVerified: false });
    expect(await search()).toContain(user.email);
  });

  it('a wrong code is 400 and the right one still works; three wrong tries burn the code', async () => {
    const user = await registerUser(app);
    const number = freshNumber();
    await sendCode(number.stored);
    const code = await codeSent(number.wire);
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await verify({ phoneNumber: number.stored, code: wrong }, { cookie: user.cookie });
    expect(first.statusCode).toBe(400);
    expect(errorBody(first)).toMatchObject({ code: 'PHONE_CODE_WRONG', message: PHONE_MESSAGES.codeWrong });
    await verify({ phoneNumber: number.stored, code: wrong }, { cookie: user.cookie });
    await verify({ phoneNumber: number.stored, code: wrong }, { cookie: user.cookie });
    const burnt = await verify({ phoneNumber: number.stored, code }, { cookie: user.cookie });
    expect(burnt.statusCode).toBe(400);
    expect(errorBody(burnt).code).toBe('PHONE_CODE_BURNT');
    expect(await rowOf(user.id)).toMatchObject({ phoneNumber: null, phoneNumberVerified: false });

    // A new code works, and one wrong try before it does no harm.
    await pastGap();
    await sendCode(number.stored);
    const fresh = await codeSent(number.wire, 2);
    expect((await verify({ phoneNumber: number.stored, code: fresh === '000000' ? '111111' : '000000' }, { cookie: user.cookie })).statusCode).toBe(400);
    expect((await verify({ phoneNumber: number.stored, code: fresh }, { cookie: user.cookie })).statusCode).toBe(200);
    // A code is used once.
    const reused = await verify({ phoneNumber: number.stored, code: fresh }, { cookie: user.cookie });
    expect(reused.statusCode).toBe(400);
    expect(errorBody(reused).code).toBe('PHONE_CODE_WRONG');
  });

  it('an expired code is refused like a wrong one', async () => {
    const user = await registerUser(app);
    const number = freshNumber();
    await sendCode(number.stored);
    const code = await codeSent(number.wire);
    await database.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verifications.identifier, `phone-number-otp-${number.stored}`));
    const res = await verify({ phoneNumber: number.stored, code }, { cookie: user.cookie });
    expect(res.statusCode).toBe(400);
    expect(errorBody(res).code).toBe('PHONE_CODE_WRONG');
    expect((await rowOf(user.id)).phoneNumberVerified).toBe(false);
  });

  it('bad input is 400 and changes nothing', async () => {
    const user = await registerUser(app);
    for (const body of [{}, { phoneNumber: '01711000001' }, { phoneNumber: '01711000001', code: '12ab56' }, { phoneNumber: 'nope', code: '123456' }, { phoneNumber: '01711000001', code: 123456 }]) {
      const res = await verify(body, { cookie: user.cookie });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      errorBody(res);
    }
    expect(await rowOf(user.id)).toMatchObject({ phone: null, phoneNumberVerified: false });
  });

  it("takes Bangla digits in the code", async () => {
    const user = await registerUser(app);
    const number = freshNumber();
    await sendCode(number.stored);
    const code = await codeSent(number.wire);
    const bangla = code.replace(/\d/g, (d) => String.fromCharCode(0x09e6 + Number(d)));
    expect((await verify({ phoneNumber: number.typed, code: bangla }, { cookie: user.cookie })).statusCode).toBe(200);
  });

  it("another account's verified number is 409 and stays theirs", async () => {
    const owner = await registerUser(app);
    const other = await registerUser(app);
    const number = freshNumber();
    await prove(owner, number);
    await pastGap();
    await sendCode(number.stored);
    const code = await codeSent(number.wire, 2);
    const res = await verify({ phoneNumber: number.stored, code }, { cookie: other.cookie });
    expect(res.statusCode).toBe(409);
    expect(errorBody(res)).toMatchObject({ code: 'PHONE_NUMBER_TAKEN', message: PHONE_MESSAGES.numberTaken });
    expect(await rowOf(owner.id)).toMatchObject({ phoneNumber: number.stored, phoneNumberVerified: true });
    expect(await rowOf(other.id)).toMatchObject({ phone: null, phoneNumberVerified: false });
  });

  it('a blocked account (a volunteer or an admin too) cannot verify a phone', async () => {
    const admin = await userWith(app, database.db, 'admin');
    for (const role of ['donner', 'volunteer', 'admin'] as const) {
      const blocked = await userWith(app, database.db, role);
      await setUserStatus(app, admin, blocked, 'blocked');
      // Blocking ended their sessions; they sign in again (a blocked account may still read).
      const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: blocked.email, password: blocked.password } });
      expect(signIn.statusCode, signIn.body).toBe(200);
      const number = freshNumber();
      await sendCode(number.stored);
      const code = await codeSent(number.wire);
      const res = await verify({ phoneNumber: number.stored, code }, { cookie: cookieHeader(signIn) });
      expect(res.statusCode, role).toBe(403);
      errorBody(res);
      expect(await rowOf(blocked.id)).toMatchObject({ phoneNumber: null, phoneNumberVerified: false });
    }
  });

  it('signed out: the code signs in the account that verified the number, and only that one', async () => {
    const owner = await registerUser(app);
    const number = freshNumber();
    await prove(owner, number);
    await pastGap();
    await sendCode(number.stored);
    const code = await codeSent(number.wire, 2);
    const res = await verify({ phoneNumber: number.stored, code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('"token"');
    const cookie = cookieHeader(res);
    expect(await tokenFor(app, cookie, owner.email)).toBeTruthy();
  });

  it("signed out: a number someone typed into their own profile signs nobody in (404 after a right code)", async () => {
    const typist = await registerUser(app);
    const number = freshNumber();
    // The typist claims the number without proving it.
    const patch = await app.inject({
      method: 'PATCH',
      url: `/api/users/${typist.email}`,
      headers: typist.auth,
      payload: { name: 'Typist', blood_group: 'O+', division: '1', district: '1', upazila: '1', phone: number.typed },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    await sendCode(number.stored);
    const code = await codeSent(number.wire);
    const res = await verify({ phoneNumber: number.stored, code });
    expect(res.statusCode).toBe(404);
    expect(errorBody(res)).toMatchObject({ code: 'PHONE_NOT_VERIFIED', message: PHONE_MESSAGES.noAccount });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await rowOf(typist.id)).toMatchObject({ phone: number.stored, phoneNumber: null, phoneNumberVerified: false });
  });
});

describe('the profile', () => {
  const edit = (user: TestUser, phone: string | null) =>
    app.inject({ method: 'PATCH', url: `/api/users/${user.email}`, headers: user.auth, payload: { name: 'Rahim', blood_group: 'O+', division: '1', district: '1', upazila: '1', phone } });

  it('changing the number unverifies it; keeping it (in any spelling) keeps it verified; clearing it clears both', async () => {
    const user = await registerUser(app);
    const number = freshNumber();
    await prove(user, number);
    expect((await edit(user, number.typed)).statusCode).toBe(200);
    expect(await profileOf(user)).toMatchObject({ phone: number.stored, phoneVerified: true });
    const other = freshNumber();
    expect((await edit(user, other.typed)).statusCode).toBe(200);
    expect(await profileOf(user)).toMatchObject({ phone: other.stored, phoneVerified: false });
    expect(await rowOf(user.id)).toMatchObject({ phoneNumber: null, confirmed: false });
    // Back to the first number: a code proves it again.
    expect((await edit(user, number.typed)).statusCode).toBe(200);
    expect((await profileOf(user)).phoneVerified).toBe(false);
    await prove(user, number);
    expect((await edit(user, null)).statusCode).toBe(200);
    expect(await rowOf(user.id)).toMatchObject({ phone: null, phoneNumber: null, phoneNumberVerified: false });
  });

  it("nobody else's view shows whether a phone is verified", async () => {
    const user = await registerUser(app);
    await prove(user, freshNumber());
    const admin = await userWith(app, database.db, 'admin');
    const list = await app.inject({ method: 'GET', url: `/api/users?q=${encodeURIComponent(user.email)}`, headers: admin.auth });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('phoneVerified');
    expect(list.body).not.toContain('+880');
  });
});

describe('POST /api/users/phone: registration with a phone, no email', () => {
  const place = { division: '1', district: '1', upazila: '1' };
  const registerWithPhone = (body: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/users/phone', payload: body });
  const usersWithNumber = async (stored: string) => (await database.db.select().from(users).where(eq(users.phone, stored))).length;

  /** A code to a fresh number, then the registration with it: the new account, signed in. */
  async function phoneAccount(name = 'Karim Mia') {
    const number = freshNumber();
    await sendCode(number.typed);
    const res = await registerWithPhone({ phoneNumber: number.typed, code: await codeSent(number.wire), name, blood_group: 'B+', ...place });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as { insertedId: string }).insertedId;
    const cookie = cookieHeader(res);
    const jwt = await app.inject({ method: 'POST', url: '/api/jwt', headers: { cookie }, payload: { phoneNumber: number.typed } });
    expect(jwt.statusCode, jwt.body).toBe(200);
    return { id, number, cookie, auth: { authorization: `Bearer ${(jwt.json() as { token: string }).token}` } };
  }

  it('makes a signed-in donor with the proven phone, a name, a group and a place, and an address no mail goes to', async () => {
    const { id, number, auth } = await phoneAccount();
    const row = await rowOf(id);
    expect(row).toMatchObject({ name: 'Karim Mia', bloodGroup: 'B+', upazilaId: 1, phone: number.stored, phoneNumber: number.stored, phoneNumberVerified: true, confirmed: true, emailVerified: false, role: 'donner', status: 'active' });
    expect(isPhoneOnlyEmail(row.email)).toBe(true);
    // Its profile routes take its id (the address is no one's to type).
    const profile = await app.inject({ method: 'GET', url: `/api/users/${id}`, headers: auth });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json()).toMatchObject({ _id: id, name: 'Karim Mia', blood_group: 'B+', phone: number.stored, phoneVerified: true });
    const edit = await app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers: auth, payload: { name: 'Karim Uddin', blood_group: 'B+', ...place, phone: number.typed } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await rowOf(id)).phoneNumberVerified).toBe(true);
    for (const url of [`/api/users/${id}/notification-settings`, `/api/users/${id}/donations`, `/api/users/${id}/export`, `/api/user/admin/${id}`]) {
      const res = await app.inject({ method: 'GET', url, headers: auth });
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    }
    // Mail on, the proven phone confirms it: the donor search finds it.
    const viewer = await registerUser(app);
    const search = await app.inject({ url: '/api/search?bloodGroup=B%2B&district=1&limit=100', headers: viewer.auth });
    expect(search.statusCode).toBe(200);
    expect(search.body).toContain('Karim Uddin');
  });

  it("another user cannot read or change it by its id; staff can read it; an unknown id is 404 for staff", async () => {
    const { id } = await phoneAccount();
    const other = await registerUser(app);
    expect((await app.inject({ method: 'GET', url: `/api/users/${id}`, headers: other.auth })).statusCode).toBe(403);
    const edit = await app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers: other.auth, payload: { name: 'Taken', blood_group: 'O+', ...place } });
    expect(edit.statusCode).toBe(403);
    expect((await rowOf(id)).name).toBe('Karim Mia');
    expect((await app.inject({ method: 'GET', url: `/api/users/${id}/export`, headers: other.auth })).statusCode).toBe(403);
    const admin = await userWith(app, database.db, 'admin');
    expect((await app.inject({ method: 'GET', url: `/api/users/${id}`, headers: admin.auth })).statusCode).toBe(200);
    const missing = await app.inject({ method: 'GET', url: '/api/users/no-such-id', headers: admin.auth });
    expect(missing.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/users/${id}` })).statusCode).toBe(401);
  });

  it('a blocked phone account reads but cannot change its profile', async () => {
    const { id, auth } = await phoneAccount();
    await database.db.update(users).set({ status: 'blocked' }).where(eq(users.id, id));
    expect((await app.inject({ method: 'GET', url: `/api/users/${id}`, headers: auth })).statusCode).toBe(200);
    const edit = await app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers: auth, payload: { name: 'Changed', blood_group: 'O+', ...place } });
    expect(edit.statusCode).toBe(403);
    expect((await rowOf(id)).name).toBe('Karim Mia');
  });

  it('POST /api/jwt { phoneNumber } answers only the session of the account that proved that number', async () => {
    const { cookie } = await phoneAccount();
    const stranger = freshNumber();
    const res = await app.inject({ method: 'POST', url: '/api/jwt', headers: { cookie }, payload: { phoneNumber: stranger.typed } });
    expect(res.statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/jwt', payload: { phoneNumber: stranger.typed } })).statusCode).toBe(401);
    // An email account with an unproven phone in its profile gets no token by that number.
    const typist = await registerUser(app, { phone: stranger.typed });
    expect((await app.inject({ method: 'POST', url: '/api/jwt', headers: { cookie: typist.cookie }, payload: { phoneNumber: stranger.typed } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/jwt', headers: { cookie }, payload: { phoneNumber: 'not a phone' } })).statusCode).toBe(400);
  });

  it('a number that has an account is 409 before its code is used; that code then signs the account in', async () => {
    const { id, number } = await phoneAccount();
    await pastGap();
    await sendCode(number.typed);
    const code = await codeSent(number.wire, 2);
    const res = await registerWithPhone({ phoneNumber: number.typed, code, name: 'Someone Else', blood_group: 'A+', ...place });
    expect(res.statusCode).toBe(409);
    expect(errorBody(res)).toMatchObject({ code: 'PHONE_NUMBER_HAS_ACCOUNT', message: PHONE_MESSAGES.hasAccount });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await rowOf(id)).name).toBe('Karim Mia');
    const login = await verify({ phoneNumber: number.typed, code });
    expect(login.statusCode, login.body).toBe(200);
  });

  it('a wrong code, bad input or a place that does not fit together is 4xx and makes no account', async () => {
    const number = freshNumber();
    await sendCode(number.typed);
    const code = await codeSent(number.wire);
    const wrong = code === '000000' ? '111111' : '000000';
    const good = { phoneNumber: number.typed, code, name: 'Rahim', blood_group: 'O+', ...place };
    const cases: [Record<string, unknown>, number, string?][] = [
      [{ ...good, code: wrong }, 400, 'PHONE_CODE_WRONG'],
      [{ ...good, name: '' }, 400],
      [{ ...good, blood_group: 'Z+' }, 400],
      [{ ...good, phoneNumber: '12345' }, 400],
      [{ ...good, upazila: '9999' }, 400],
      [{ ...good, division: '2' }, 400],
      [{ ...good, code: 'abcdef' }, 400],
      [{}, 400],
    ];
    for (const [body, status, errorCode] of cases) {
      const res = await registerWithPhone(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      if (errorCode) expect(errorBody(res).code).toBe(errorCode);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(await usersWithNumber(number.stored)).toBe(0);
    // The code survived one wrong try: it still registers.
    expect((await registerWithPhone(good)).statusCode).toBe(201);
  });

  it('a sign-in with a number no account has makes no account (404 after a right code)', async () => {
    const number = freshNumber();
    await sendCode(number.typed);
    const res = await verify({ phoneNumber: number.typed, code: await codeSent(number.wire), name: 'Sneaky' });
    expect(res.statusCode, res.body).toBe(404);
    expect(errorBody(res)).toMatchObject({ code: 'PHONE_NOT_VERIFIED', message: PHONE_MESSAGES.noAccount });
    expect(await usersWithNumber(number.stored)).toBe(0);
  });

  it('the reserved domain is nobody\'s address: registration and login refuse it', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/users', payload: await registrationBody(app, { email: 'someone@phone.invalid' }) });
    expect(res.statusCode).toBe(400);
  });

  it('asking for a confirmation link sends no mail to its address', async () => {
    const { id, cookie } = await phoneAccount('Mail Less');
    const before = smtp.messages.length;
    const res = await app.inject({ method: 'POST', url: '/api/auth/send-verification-email', headers: { cookie }, payload: { email: (await rowOf(id)).email } });
    expect(res.statusCode, res.body).toBe(200);
    await new Promise((r) => setTimeout(r, 3000));
    expect(smtp.messages.slice(before).filter((m) => isPhoneOnlyEmail(m.to))).toEqual([]);
  });

  it('deleting it is confirmed with its number', async () => {
    const { id, number, auth } = await phoneAccount();
    const wrong = await app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers: auth, payload: { confirmEmail: (await rowOf(id)).email } });
    expect(wrong.statusCode).toBe(400);
    const res = await app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers: auth, payload: { confirmEmail: number.typed } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowOf(id)).toMatchObject({ phoneNumber: null, phone: null });
  });
});

describe('without SMS_URL', () => {
  it('the phone-number routes answer 503 SMS_DISABLED and send nothing', async () => {
    const plain = await buildApp({ config: testConfig(), db: database.db, webDir: null });
    await plain.ready();
    try {
      for (const [url, payload] of [
        ['/api/auth/phone-number/send-otp', { phoneNumber: '01711000001' }],
        ['/api/auth/phone-number/verify', { phoneNumber: '01711000001', code: '123456' }],
        ['/api/users/phone', { phoneNumber: '01711000001', code: '123456', name: 'Rahim', blood_group: 'O+', division: '1', district: '1', upazila: '1' }],
      ] as const) {
        const res = await plain.inject({ method: 'POST', url, payload });
        expect(res.statusCode, url).toBe(503);
        expect(errorBody(res)).toMatchObject({ code: 'SMS_DISABLED', message: PHONE_MESSAGES.smsDisabled });
      }
    } finally {
      await plain.close();
    }
  });
});
