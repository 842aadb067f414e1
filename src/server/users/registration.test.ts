import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../shared/users/texts';
import { accounts, users } from '../db/schema/accounts';
import { assertNoSecrets, cookieHeader, PASSWORD, registrationBody, uniqueEmail } from '../../../test/fixtures';
import { createTestApp, errorBody, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = (payload: object) => t.app.inject({ method: 'POST', url: '/api/users', payload });
const countUsers = async () => (await t.database.db.select().from(users)).length;

describe('POST /api/users (registration)', () => {
  it('creates identity and profile, signs the user in and answers insertedId', async () => {
    const body = await registrationBody(t.app, { email: 'New.Donor@Example.com' });
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    const { insertedId } = res.json() as { insertedId: string };
    expect(insertedId).toEqual(expect.any(String));
    assertNoSecrets(res.body);
    expect(res.cookies.some((c) => c.name.includes('session_token') && c.httpOnly)).toBe(true);

    const [row] = await t.database.db.select().from(users).where(eq(users.id, insertedId));
    expect(row).toMatchObject({
      email: 'new.donor@example.com',
      name: 'Rahim Uddin',
      role: 'donner',
      status: 'active',
      bloodGroup: 'O+',
      divisionId: 1,
      districtId: 1,
      upazilaId: 1,
      image: body.avatar,
    });
    // The password is stored only as an argon2id hash, in the credential account.
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.userId, insertedId));
    expect(account?.providerId).toBe('credential');
    expect(account?.password).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toContain(PASSWORD);

    // The session it set is valid: it can be exchanged for an access token.
    const jwt = await t.app.inject({ method: 'POST', url: '/api/jwt', headers: { cookie: cookieHeader(res) }, payload: { email: 'new.donor@example.com' } });
    expect(jwt.statusCode).toBe(200);
  });

  it('never takes role or status from the body', async () => {
    const body = await registrationBody(t.app, { role: 'admin', status: 'blocked' });
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, body.email));
    expect(row?.role).toBe('donner');
    expect(row?.status).toBe('active');
  });

  it('refuses a taken email (any case) with 409 and changes nothing', async () => {
    const body = await registrationBody(t.app);
    expect((await register(body)).statusCode).toBe(201);
    const before = await countUsers();
    const again = await register({ ...(await registrationBody(t.app)), email: body.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(errorBody(again)).toMatchObject({ code: 'EMAIL_TAKEN', message: USER_MESSAGES.emailTaken });
    expect(await countUsers()).toBe(before);
  });

  it('answers a picture not uploaded here before a taken email (400, then 409), whichever check ends first', async () => {
    const body = await registrationBody(t.app);
    expect((await register(body)).statusCode).toBe(201);
    const before = await countUsers();
    // A well-formed address of this site's pictures, of no picture: both checks reach the database.
    const avatar = body.avatar.replace(/[0-9a-f]{8}-/i, '00000000-');
    expect(avatar).not.toBe(body.avatar);
    const again = await register({ ...(await registrationBody(t.app)), email: body.email, avatar });
    expect(again.statusCode).toBe(400);
    expect(errorBody(again)).toMatchObject({ issues: [{ path: 'body.avatar', message: 'Unknown picture' }] });
    expect(await countUsers()).toBe(before);
  });

  it('lets exactly one of many simultaneous registrations of one email win', async () => {
    const email = uniqueEmail('race');
    const bodies = await Promise.all(Array.from({ length: 8 }, () => registrationBody(t.app, { email })));
    const results = await Promise.all(bodies.map(register));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(7);
    expect((await t.database.db.select().from(users).where(eq(users.email, email))).length).toBe(1);
  });

  it.each([
    ['password missing', { password: '' }, 'body.password', USER_MESSAGES.passwordRequired],
    ['password too short', { password: 'Ab1#', confirm_password: 'Ab1#' }, 'body.password', USER_MESSAGES.passwordMin],
    ['password too long', { password: 'Abcdefghij1#abcdefghi', confirm_password: 'Abcdefghij1#abcdefghi' }, 'body.password', USER_MESSAGES.passwordMax],
    ['password without special', { password: 'Abcdef12', confirm_password: 'Abcdef12' }, 'body.password', USER_MESSAGES.passwordPattern],
    ['password without uppercase', { password: 'abcdef1#', confirm_password: 'abcdef1#' }, 'body.password', USER_MESSAGES.passwordPattern],
    ['confirm differs', { confirm_password: 'Other#123' }, 'body.confirm_password', USER_MESSAGES.passwordMismatch],
    ['name missing', { name: '   ' }, 'body.name', USER_MESSAGES.nameRequired],
    ['email missing', { email: '' }, 'body.email', USER_MESSAGES.emailRequired],
    ['email invalid', { email: 'not-an-email' }, 'body.email', USER_MESSAGES.emailInvalid],
    ['blood group unknown', { blood_group: 'C+' }, 'body.blood_group', USER_MESSAGES.bloodGroupRequired],
    ['division placeholder', { division: '' }, 'body.division', USER_MESSAGES.divisionRequired],
    ['district not a number', { district: 'Dhaka' }, 'body.district', USER_MESSAGES.districtRequired],
    ['upazila missing', { upazila: undefined }, 'body.upazila', USER_MESSAGES.upazilaRequired],
    ['photo missing', { avatar: '' }, 'body.avatar', USER_MESSAGES.photoRequired],
  ])('refuses %s with the spec message', async (_name, override, path, message) => {
    const before = await countUsers();
    const res = await register({ ...(await registrationBody(t.app)), ...override });
    expect(res.statusCode).toBe(400);
    const body = errorBody(res);
    expect(body.issues).toContainEqual({ path, message });
    expect(await countUsers()).toBe(before);
  });

  it.each([
    ['a district outside the division', { division: '2', district: '1', upazila: '1' }],
    ['an upazila outside the district', { division: '1', district: '1', upazila: '494' }],
    ['unknown ids', { division: '99', district: '999', upazila: '9999' }],
  ])('refuses %s (400) and creates nothing', async (_name, override) => {
    const before = await countUsers();
    const res = await register({ ...(await registrationBody(t.app)), ...override });
    expect(res.statusCode).toBe(400);
    errorBody(res);
    expect(await countUsers()).toBe(before);
  });

  it.each([
    ['a foreign picture URL', 'https://evil.example/api/images/6f1c1d9e-5f57-4a5e-9d3c-2a1b0c9d8e7f'],
    ['an image id that was never uploaded', '/api/images/6f1c1d9e-5f57-4a5e-9d3c-2a1b0c9d8e7f'],
    ['a javascript: URL', 'javascript:alert(1)'],
  ])('refuses %s as avatar', async (_name, avatar) => {
    const res = await register({ ...(await registrationBody(t.app)), avatar });
    expect(res.statusCode).toBe(400);
    errorBody(res);
  });

  it('refuses a body that is not JSON or not an object', async () => {
    for (const payload of ['"text"', '[1,2]', 'null']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/users', headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode).toBe(400);
      errorBody(res);
    }
  });

  it('closes better-auth\'s own sign-up and profile routes (everything goes through our validation)', async () => {
    for (const url of ['/api/auth/sign-up/email', '/api/auth/update-user', '/api/auth/change-email', '/api/auth/delete-user']) {
      const res = await t.app.inject({ method: 'POST', url, payload: { email: uniqueEmail(), password: PASSWORD, name: 'x', role: 'admin' } });
      expect(res.statusCode).toBe(404);
      errorBody(res);
    }
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After past the per-IP limit on registration', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_AUTH_PER_MINUTE: '3' } });
    try {
      const codes: number[] = [];
      let last;
      for (let i = 0; i < 5; i++) {
        last = await limited.app.inject({ method: 'POST', url: '/api/users', payload: {} });
        codes.push(last.statusCode);
      }
      expect(codes).toEqual([400, 400, 400, 429, 429]);
      expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
      expect(errorBody(last!).code).toBe('RATE_LIMITED');
      // Another address is not affected.
      const other = await limited.app.inject({ method: 'POST', url: '/api/users', payload: {}, remoteAddress: '10.0.0.9' });
      expect(other.statusCode).toBe(400);
    } finally {
      await limited.close();
    }
  });
});
