import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../shared/users/texts';
import { userSchema } from '../../shared/users/schemas';
import { users } from '../db/schema/accounts';
import { assertNoSecrets, cookieHeader, registerUser, type TestUser, tokenFor, uploadImage, userWith } from '../../../test/fixtures';
import { createTestApp, errorBody, type TestApp } from '../../../test/helpers';

let t: TestApp;
let donor: TestUser;
let other: TestUser;
let admin: TestUser;
let volunteer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  donor = await registerUser(t.app);
  other = await registerUser(t.app);
  admin = await userWith(t.app, t.database.db, 'admin');
  volunteer = await userWith(t.app, t.database.db, 'volunteer');
});
afterAll(() => t.close());

const call = (opts: InjectOptions) => t.app.inject(opts);
const as = (u: TestUser) => u.auth;
const row = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('sign-in and POST /api/jwt', () => {
  it('signs in with email and password and exchanges the session for a token', async () => {
    const res = await call({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: donor.email, password: donor.password } });
    expect(res.statusCode).toBe(200);
    assertNoSecrets(JSON.stringify((res.json() as { user: unknown }).user));
    const jwt = await call({ method: 'POST', url: '/api/jwt', headers: { cookie: cookieHeader(res) }, payload: { email: donor.email.toUpperCase() } });
    expect(jwt.statusCode).toBe(200);
    expect((jwt.json() as { token: string }).token.split('.')).toHaveLength(3);
  });

  it('get-session shows the user but never the session token (it stays in the HttpOnly cookie)', async () => {
    const res = await call({ url: '/api/auth/get-session', headers: { cookie: donor.cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { user: { email: string }; session: Record<string, unknown> };
    expect(body.user.email).toBe(donor.email);
    expect(body.session).not.toHaveProperty('token');
    const cookieValue = decodeURIComponent(donor.cookie.split('=')[1]!.split(';')[0]!).split('.')[0]!;
    expect(res.body).not.toContain(cookieValue);
  });

  it('refuses a wrong password with 401 in the error shape', async () => {
    const res = await call({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: donor.email, password: 'Wrong#123' } });
    expect(res.statusCode).toBe(401);
    expect(errorBody(res).message).toMatch(/invalid email or password/i);
    expect(res.cookies.some((c) => c.name.includes('session_token') && c.value)).toBe(false);
  });

  it('hands a token only to the holder of a session of that same email', async () => {
    const noSession = await call({ method: 'POST', url: '/api/jwt', payload: { email: donor.email } });
    expect(noSession.statusCode).toBe(401);
    errorBody(noSession);
    const otherEmail = await call({ method: 'POST', url: '/api/jwt', headers: { cookie: donor.cookie }, payload: { email: other.email } });
    expect(otherEmail.statusCode).toBe(401);
    const forged = await call({ method: 'POST', url: '/api/jwt', headers: { cookie: 'better-auth.session_token=forged.value' }, payload: { email: donor.email } });
    expect(forged.statusCode).toBe(401);
    const bad = await call({ method: 'POST', url: '/api/jwt', headers: { cookie: donor.cookie }, payload: { email: 'nope' } });
    expect(bad.statusCode).toBe(400);
  });

  it('stops handing out tokens after sign-out', async () => {
    const user = await registerUser(t.app);
    const out = await call({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: user.cookie, origin: 'http://localhost:3000' } });
    expect(out.statusCode).toBe(200);
    const res = await call({ method: 'POST', url: '/api/jwt', headers: { cookie: user.cookie }, payload: { email: user.email } });
    expect(res.statusCode).toBe(401);
  });
});

describe('the bearer guard', () => {
  const url = () => `/api/users/${donor.email}`;
  it.each([
    ['no header', {}],
    ['not bearer', { authorization: 'Basic abc' }],
    ['malformed token', { authorization: 'Bearer not.a.jwt' }],
    ['empty bearer', { authorization: 'Bearer ' }],
    ['alg none', { authorization: `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"x"}').toString('base64url')}.` }],
  ])('answers 401 for %s', async (_name, headers) => {
    const res = await call({ method: 'GET', url: url(), headers });
    expect(res.statusCode).toBe(401);
    errorBody(res);
  });

  it('answers 401 for a token with a wrong signature', async () => {
    const [h, p, s] = donor.token.split('.');
    const flipped = `${h}.${p}.${s!.slice(0, -2)}${s!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await call({ method: 'GET', url: url(), headers: { authorization: `Bearer ${flipped}` } })).statusCode).toBe(401);
  });

  it('answers 401 for an expired token (1 h lifetime)', async () => {
    let offset = 0;
    const clocked = await createTestApp({ now: () => Date.now() + offset });
    try {
      const user = await registerUser(clocked.app);
      const get = () => clocked.app.inject({ method: 'GET', url: `/api/users/${user.email}`, headers: user.auth });
      offset = 59 * 60 * 1000;
      expect((await get()).statusCode).toBe(200);
      offset = 61 * 60 * 1000;
      expect((await get()).statusCode).toBe(401);
    } finally {
      await clocked.close();
    }
  });

  it('answers 401 when the account of the token no longer exists', async () => {
    const gone = await registerUser(t.app);
    await t.database.db.delete(users).where(eq(users.id, gone.id));
    expect((await call({ method: 'GET', url: `/api/users/${gone.email}`, headers: as(gone) })).statusCode).toBe(401);
  });
});

describe('GET /api/user/admin/{email}', () => {
  it('answers whether you are an admin, for your own email only', async () => {
    expect((await call({ url: `/api/user/admin/${donor.email}`, headers: as(donor) })).json()).toEqual({ admin: false });
    expect((await call({ url: `/api/user/admin/${admin.email}`, headers: as(admin) })).json()).toEqual({ admin: true });
    expect((await call({ url: `/api/user/admin/${admin.email}`, headers: as(donor) })).statusCode).toBe(403);
    expect((await call({ url: `/api/user/admin/${donor.email}` })).statusCode).toBe(401);
  });
});

describe('GET /api/users/{email}', () => {
  it('shows yourself, with names and ids of the location, and no secrets', async () => {
    const res = await call({ url: `/api/users/${donor.email}`, headers: as(donor) });
    expect(res.statusCode).toBe(200);
    const body = userSchema.strict().parse(res.json());
    expect(body).toMatchObject({ email: donor.email, role: 'donner', status: 'active', blood_group: 'O+', division: 'Chattogram', district: 'Comilla', divisionId: '1', districtId: '1', upazilaId: '1' });
    assertNoSecrets(res.body);
  });

  it('refuses someone else\'s profile to a donor or volunteer (403), shows it to an admin', async () => {
    expect((await call({ url: `/api/users/${other.email}`, headers: as(donor) })).statusCode).toBe(403);
    expect((await call({ url: `/api/users/${other.email}`, headers: as(volunteer) })).statusCode).toBe(403);
    const res = await call({ url: `/api/users/${other.email}`, headers: as(admin) });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { email: string }).email).toBe(other.email);
  });

  it('answers 404 to an admin for an unknown email', async () => {
    const res = await call({ url: '/api/users/nobody@example.com', headers: as(admin) });
    expect(res.statusCode).toBe(404);
    errorBody(res);
  });
});

describe('GET /api/users (admin)', () => {
  it('lists users newest first with the total in X-Total-Count', async () => {
    const res = await call({ url: '/api/users?limit=2', headers: as(admin) });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { email: string; createdAt: string }[];
    expect(list).toHaveLength(2);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(4);
    expect(list[0]!.createdAt >= list[1]!.createdAt).toBe(true);
    assertNoSecrets(res.body);
    const page2 = await call({ url: '/api/users?limit=2&page=2', headers: as(admin) });
    expect((page2.json() as { email: string }[]).map((u) => u.email)).not.toContain(list[0]!.email);
  });

  it('filters by status', async () => {
    const blocked = await userWith(t.app, t.database.db, 'donner', 'blocked');
    const res = await call({ url: '/api/users?status=blocked&limit=100', headers: as(admin) });
    const list = res.json() as { email: string; status: string }[];
    expect(list.map((u) => u.email)).toContain(blocked.email);
    expect(list.every((u) => u.status === 'blocked')).toBe(true);
  });

  it.each([['limit over 100', '?limit=101'], ['page 0', '?page=0'], ['unknown status', '?status=deleted'], ['text limit', '?limit=ten']])(
    'refuses %s with 400',
    async (_name, query) => {
      const res = await call({ url: `/api/users${query}`, headers: as(admin) });
      expect(res.statusCode).toBe(400);
      errorBody(res);
    },
  );

  it('is for admins only', async () => {
    expect((await call({ url: '/api/users', headers: as(donor) })).statusCode).toBe(403);
    expect((await call({ url: '/api/users', headers: as(volunteer) })).statusCode).toBe(403);
    expect((await call({ url: '/api/users' })).statusCode).toBe(401);
  });
});

describe('PATCH /api/users/{email} (own profile)', () => {
  const profile = { name: 'Karim Ahmed', blood_group: 'B-', division: '3', district: '27', upazila: '213' };

  it('updates your own profile, and answers 0 when nothing changed', async () => {
    const user = await registerUser(t.app);
    const before = await row(user.id);
    const res = await call({ method: 'PATCH', url: `/api/users/${user.email}`, headers: as(user), payload: { ...profile, email: user.email } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ modifiedCount: 1 });
    const after = await row(user.id);
    expect(after).toMatchObject({ name: 'Karim Ahmed', bloodGroup: 'B-', divisionId: 3, districtId: 27, upazilaId: 213, image: before.image });
    const again = await call({ method: 'PATCH', url: `/api/users/${user.email}`, headers: as(user), payload: profile });
    expect(again.json()).toEqual({ modifiedCount: 0 });
  });

  it('takes a new avatar from our image endpoint', async () => {
    const user = await registerUser(t.app);
    const avatar = await uploadImage(t.app);
    const res = await call({ method: 'PATCH', url: `/api/users/${user.email}`, headers: as(user), payload: { ...profile, avatar } });
    expect(res.json()).toEqual({ modifiedCount: 1 });
    expect((await row(user.id)).image).toBe(avatar);
  });

  it('refuses to change the email, a foreign avatar or a broken location, and changes nothing', async () => {
    const user = await registerUser(t.app);
    const before = await row(user.id);
    for (const payload of [
      { ...profile, email: 'new@example.com' },
      { ...profile, avatar: 'https://evil.example/x.png' },
      { ...profile, district: '1' },
      { ...profile, blood_group: 'Z' },
      { ...profile, name: '' },
    ]) {
      const res = await call({ method: 'PATCH', url: `/api/users/${user.email}`, headers: as(user), payload });
      expect(res.statusCode).toBe(400);
      errorBody(res);
    }
    expect(await row(user.id)).toEqual(before);
  });

  it('refuses someone else\'s profile, even to an admin (403), and without a token (401)', async () => {
    const before = await row(other.id);
    expect((await call({ method: 'PATCH', url: `/api/users/${other.email}`, headers: as(donor), payload: profile })).statusCode).toBe(403);
    expect((await call({ method: 'PATCH', url: `/api/users/${other.email}`, headers: as(admin), payload: profile })).statusCode).toBe(403);
    expect((await call({ method: 'PATCH', url: `/api/users/${other.email}`, payload: profile })).statusCode).toBe(401);
    expect(await row(other.id)).toEqual(before);
  });
});

describe('PATCH /api/users?status=&&email= and ?role=&&email= (admin)', () => {
  it('blocks and activates, with the spec\'s && separator; a block ends live tokens at once', async () => {
    const user = await registerUser(t.app);
    const block = await call({ method: 'PATCH', url: `/api/users?status=blocked&&email=${user.email}`, headers: as(admin) });
    expect(block.statusCode).toBe(200);
    expect(block.json()).toEqual({ modifiedCount: 1 });
    // The block signed the account out everywhere (issue 12, item 2); signed in again, it reads as blocked.
    expect((await call({ url: `/api/users/${user.email}`, headers: as(user) })).statusCode).toBe(401);
    const signIn = await call({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password: user.password } });
    const token = await tokenFor(t.app, cookieHeader(signIn), user.email);
    const seen = await call({ url: `/api/users/${user.email}`, headers: { authorization: `Bearer ${token}` } });
    expect((seen.json() as { status: string }).status).toBe('blocked');
    const again = await call({ method: 'PATCH', url: `/api/users?status=blocked&email=${user.email}`, headers: as(admin) });
    expect(again.statusCode).toBe(409);
    expect(errorBody(again).code).toBe('INVALID_TRANSITION');
    const activate = await call({ method: 'PATCH', url: `/api/users?status=active&email=${user.email}`, headers: as(admin) });
    expect(activate.json()).toEqual({ modifiedCount: 1 });
  });

  it('moves roles as spec section 4 allows', async () => {
    const user = await registerUser(t.app);
    for (const role of ['volunteer', 'admin', 'donner', 'admin', 'volunteer', 'donner'] as const) {
      const res = await call({ method: 'PATCH', url: `/api/users?role=${role}&&email=${user.email}`, headers: as(admin) });
      expect(res.statusCode).toBe(200);
      expect((await row(user.id)).role).toBe(role);
    }
    const same = await call({ method: 'PATCH', url: `/api/users?role=donner&&email=${user.email}`, headers: as(admin) });
    expect(same.statusCode).toBe(409);
  });

  it('never leaves the site without an active admin', async () => {
    const site = await createTestApp();
    try {
      const only = await userWith(site.app, site.database.db, 'admin');
      for (const url of [`/api/users?status=blocked&&email=${only.email}`, `/api/users?role=donner&&email=${only.email}`]) {
        const res = await site.app.inject({ method: 'PATCH', url, headers: only.auth });
        expect(res.statusCode).toBe(409);
        expect(errorBody(res)).toMatchObject({ code: 'LAST_ADMIN', message: USER_MESSAGES.lastAdmin });
      }
      // Two admins demoting each other at the same moment: one of them stays admin.
      const second = await userWith(site.app, site.database.db, 'admin');
      const results = await Promise.all([
        site.app.inject({ method: 'PATCH', url: `/api/users?role=donner&&email=${second.email}`, headers: only.auth }),
        site.app.inject({ method: 'PATCH', url: `/api/users?role=donner&&email=${only.email}`, headers: second.auth }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const admins = await site.database.db.select().from(users).where(eq(users.role, 'admin'));
      expect(admins).toHaveLength(1);
    } finally {
      await site.close();
    }
  });

  it.each([
    ['no email', '/api/users?status=blocked'],
    ['bad email', '/api/users?status=blocked&&email=nope'],
    ['unknown status', '/api/users?status=deleted&&email=a@b.co'],
    ['unknown role', '/api/users?role=owner&&email=a@b.co'],
    ['both status and role', '/api/users?status=blocked&&role=admin&&email=a@b.co'],
    ['neither', '/api/users?email=a@b.co'],
  ])('refuses %s with 400', async (_name, url) => {
    const res = await call({ method: 'PATCH', url, headers: as(admin) });
    expect(res.statusCode).toBe(400);
    errorBody(res);
  });

  it('answers 404 for an unknown email', async () => {
    const res = await call({ method: 'PATCH', url: '/api/users?status=blocked&&email=nobody@example.com', headers: as(admin) });
    expect(res.statusCode).toBe(404);
  });

  it('is for admins only, and a refused change changes nothing', async () => {
    const before = await row(other.id);
    for (const headers of [as(donor), as(volunteer)]) {
      const res = await call({ method: 'PATCH', url: `/api/users?role=admin&&email=${other.email}`, headers });
      expect(res.statusCode).toBe(403);
    }
    expect((await call({ method: 'PATCH', url: `/api/users?role=admin&&email=${donor.email}`, headers: as(donor) })).statusCode).toBe(403);
    expect((await call({ method: 'PATCH', url: `/api/users?status=blocked&&email=${other.email}` })).statusCode).toBe(401);
    expect(await row(other.id)).toEqual(before);
    expect((await row(donor.id)).role).toBe('donner');
  });
});
