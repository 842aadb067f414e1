import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DONATION_MESSAGES } from '../../shared/donation-requests/texts';
import { sessions, users } from '../db/schema/accounts';
import { donationRequests } from '../db/schema/requests';
import { cookieHeader, donationRequestBody, imageBytes, multipart, registerUser, type TestUser, tokenFor, uploadImage, userWith } from '../../../test/fixtures';
import { createTestApp, errorBody, type TestApp } from '../../../test/helpers';

// Issue 12, items 1, 2, 7, 8 and 10: blocked accounts (staff included), access tokens tied to
// their session, a donor's contact shown only to those who need it, no caching of personal answers.

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await userWith(t.app, t.database.db, 'admin');
});
afterAll(() => t.close());

const call = (opts: InjectOptions) => t.app.inject(opts);
const setStatus = (u: TestUser, status: 'active' | 'blocked') => t.database.db.update(users).set({ status }).where(eq(users.id, u.id));
const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const requestBody = donationRequestBody;
async function createRequest(owner: TestUser, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await call({ method: 'POST', url: '/api/donationRequest', headers: owner.auth, payload: requestBody(overrides) });
  if (res.statusCode !== 201) throw new Error(`create failed ${res.statusCode} ${res.body}`);
  return (res.json() as { insertedId: string }).insertedId;
}
const pendingIds = async () => {
  const res = await call({ url: '/api/donationRequest/pending?limit=100' });
  return { ids: (res.json() as { _id: string }[]).map((r) => r._id), total: Number(res.headers['x-total-count']) };
};
const expectBlocked = (res: Awaited<ReturnType<typeof call>>) => {
  expect(res.statusCode).toBe(403);
  expect(errorBody(res).message).toBe(DONATION_MESSAGES.blockedText);
};

describe('a blocked admin has no staff power (item 1)', () => {
  it('cannot list users, read statistics or read the staff lists', async () => {
    const blockedAdmin = await userWith(t.app, t.database.db, 'admin', 'blocked');
    for (const url of ['/api/users', '/api/admin-stats', '/api/donationRequestAdmin/admin', '/api/blog']) {
      expectBlocked(await call({ url, headers: blockedAdmin.auth }));
    }
  });

  it('cannot unblock itself or block, promote or look up others', async () => {
    const blockedAdmin = await userWith(t.app, t.database.db, 'admin', 'blocked');
    const victim = await registerUser(t.app);
    expectBlocked(await call({ method: 'PATCH', url: `/api/users?status=active&&email=${blockedAdmin.email}`, headers: blockedAdmin.auth }));
    expectBlocked(await call({ method: 'PATCH', url: `/api/users?status=blocked&&email=${victim.email}`, headers: blockedAdmin.auth }));
    expectBlocked(await call({ method: 'PATCH', url: `/api/users?role=admin&&email=${victim.email}`, headers: blockedAdmin.auth }));
    expect((await userRow(blockedAdmin.id)).status).toBe('blocked');
    expect(await userRow(victim.id)).toMatchObject({ status: 'active', role: 'donner' });
    expect((await call({ url: `/api/users/${victim.email}`, headers: blockedAdmin.auth })).statusCode).toBe(403);
    const check = await call({ url: `/api/user/admin/${blockedAdmin.email}`, headers: blockedAdmin.auth });
    expect(check.json()).toEqual({ admin: false });
  });

  it('cannot write or read drafts of blogs, nor delete or edit other people\'s requests', async () => {
    const blockedAdmin = await userWith(t.app, t.database.db, 'admin', 'blocked');
    const owner = await registerUser(t.app);
    const id = await createRequest(owner);
    expectBlocked(await call({ method: 'DELETE', url: `/api/donationRequest?id=${id}`, headers: blockedAdmin.auth }));
    expectBlocked(await call({ method: 'PATCH', url: `/api/donationRequest/${id}`, headers: blockedAdmin.auth, payload: requestBody({ hospitalName: 'X' }) }));
    const thumbnail = await uploadImage(t.app);
    expectBlocked(await call({ method: 'POST', url: '/api/blog', headers: blockedAdmin.auth, payload: { blogTitle: 'Title', thumbnail, content: '<p>Text</p>' } }));
    expect((await call({ url: `/api/donationRequest?email=${owner.email}`, headers: blockedAdmin.auth })).statusCode).toBe(403);
    const [row] = await t.database.db.select().from(donationRequests).where(eq(donationRequests.id, id));
    expect(row?.hospitalName).toBe('Dhaka Medical College Hospital');
  });

  it('a blocked volunteer cannot read the staff request list or anyone else\'s requests', async () => {
    const blockedVolunteer = await userWith(t.app, t.database.db, 'volunteer', 'blocked');
    const owner = await registerUser(t.app);
    expectBlocked(await call({ url: '/api/donationRequestAdmin/admin', headers: blockedVolunteer.auth }));
    expectBlocked(await call({ url: '/api/admin-stats', headers: blockedVolunteer.auth }));
    expect((await call({ url: `/api/donationRequest?email=${owner.email}`, headers: blockedVolunteer.auth })).statusCode).toBe(403);
  });

  it('an active admin keeps every power (the same calls succeed)', async () => {
    const victim = await registerUser(t.app);
    expect((await call({ url: '/api/users', headers: admin.auth })).statusCode).toBe(200);
    expect((await call({ method: 'PATCH', url: `/api/users?status=blocked&&email=${victim.email}`, headers: admin.auth })).statusCode).toBe(200);
    expect((await userRow(victim.id)).status).toBe('blocked');
  });
});

describe('a blocked account reads but writes nothing (item 8)', () => {
  it('cannot edit or delete its own requests, edit its profile, confirm, upload or give', async () => {
    const user = await registerUser(t.app);
    const other = await registerUser(t.app);
    const own = await createRequest(user);
    const theirs = await createRequest(other);
    await setStatus(user, 'blocked');
    expectBlocked(await call({ method: 'PATCH', url: `/api/donationRequest/${own}`, headers: user.auth, payload: requestBody({ hospitalName: 'Edited' }) }));
    expectBlocked(await call({ method: 'DELETE', url: `/api/donationRequest?id=${own}`, headers: user.auth }));
    expectBlocked(await call({ method: 'PATCH', url: `/api/confirmDonation/${theirs}`, headers: user.auth }));
    expectBlocked(
      await call({
        method: 'PATCH',
        url: `/api/users/${user.email}`,
        headers: user.auth,
        payload: { name: 'New Name', email: user.email, blood_group: 'A+', division: '1', district: '1', upazila: '1' },
      }),
    );
    const upload = multipart('image', 'a.png', 'image/png', await imageBytes());
    expectBlocked(await call({ method: 'POST', url: '/api/images', payload: upload.payload, headers: { ...upload.headers, ...user.auth } }));
    expectBlocked(await call({ method: 'POST', url: '/api/funding/checkout', headers: user.auth, payload: { amount: 500 } }));
    const [ownRow] = await t.database.db.select().from(donationRequests).where(eq(donationRequests.id, own));
    const [theirRow] = await t.database.db.select().from(donationRequests).where(eq(donationRequests.id, theirs));
    expect(ownRow).toMatchObject({ hospitalName: 'Dhaka Medical College Hospital', status: 'pending' });
    expect(theirRow).toMatchObject({ status: 'pending', donorId: null });
    expect((await userRow(user.id)).name).toBe('Rahim Uddin');
  });

  it('still reads its own profile and requests', async () => {
    const user = await registerUser(t.app);
    await createRequest(user);
    await setStatus(user, 'blocked');
    expect((await call({ url: `/api/users/${user.email}`, headers: user.auth })).statusCode).toBe(200);
    const list = await call({ url: `/api/donationRequest?email=${user.email}`, headers: user.auth });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(1);
  });

  it("takes the account's pending requests off the public list until it is active again, and no one can confirm them meanwhile", async () => {
    const user = await registerUser(t.app);
    const donor = await registerUser(t.app);
    const id = await createRequest(user);
    const before = await pendingIds();
    expect(before.ids).toContain(id);
    await setStatus(user, 'blocked');
    const during = await pendingIds();
    expect(during.ids).not.toContain(id);
    expect(during.total).toBe(before.total - 1);
    const confirm = await call({ method: 'PATCH', url: `/api/confirmDonation/${id}`, headers: donor.auth });
    expect(confirm.statusCode).toBe(409);
    expect(errorBody(confirm).code).toBe('REQUEST_FROZEN');
    await setStatus(user, 'active');
    expect((await pendingIds()).ids).toContain(id);
    expect((await call({ method: 'PATCH', url: `/api/confirmDonation/${id}`, headers: donor.auth })).statusCode).toBe(200);
  });
});

describe('an access token lives only as long as its session (item 2)', () => {
  const me = (u: { email: string }, auth: { authorization: string }) => call({ url: `/api/users/${u.email}`, headers: auth });

  it('ends at sign-out', async () => {
    const user = await registerUser(t.app);
    expect((await me(user, user.auth)).statusCode).toBe(200);
    const out = await call({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: user.cookie, origin: 'http://localhost:3000' } });
    expect(out.statusCode).toBe(200);
    const res = await me(user, user.auth);
    expect(res.statusCode).toBe(401);
    errorBody(res);
  });

  it("another session's sign-out leaves this session's token working", async () => {
    const user = await registerUser(t.app);
    const signIn = await call({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password: user.password } });
    const second = cookieHeader(signIn);
    const secondToken = { authorization: `Bearer ${await tokenFor(t.app, second, user.email)}` };
    await call({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: second, origin: 'http://localhost:3000' } });
    expect((await me(user, secondToken)).statusCode).toBe(401);
    expect((await me(user, user.auth)).statusCode).toBe(200);
  });

  it('ends when an admin blocks the account (all its sessions end)', async () => {
    const user = await registerUser(t.app);
    expect((await call({ method: 'PATCH', url: `/api/users?status=blocked&&email=${user.email}`, headers: admin.auth })).statusCode).toBe(200);
    expect((await me(user, user.auth)).statusCode).toBe(401);
    expect((await call({ method: 'POST', url: '/api/jwt', headers: { cookie: user.cookie }, payload: { email: user.email } })).statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it('ends when the session expires or is removed (sign-out everywhere, account deletion)', async () => {
    const user = await registerUser(t.app);
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user.id));
    expect((await me(user, user.auth)).statusCode).toBe(401);
    const again = await registerUser(t.app);
    await t.database.db.delete(sessions).where(eq(sessions.userId, again.id));
    expect((await me(again, again.auth)).statusCode).toBe(401);
  });

  it("is refused with another user's session id (the claims must agree with the session)", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const [bSession] = await t.database.db.select().from(sessions).where(eq(sessions.userId, b.id));
    // Re-point a's session row at b: the token's subject (a) no longer owns its session.
    await t.database.db.update(sessions).set({ userId: b.id }).where(eq(sessions.userId, a.id));
    expect((await me(a, a.auth)).statusCode).toBe(401);
    expect(bSession).toBeDefined();
  });
});

describe("a donor's name and email go only to those who need them (item 7)", () => {
  it('the requester, the donor and active staff see them; other signed-in users do not', async () => {
    const requester = await registerUser(t.app);
    const donor = await registerUser(t.app, { name: 'Karim Donor' });
    const stranger = await registerUser(t.app);
    const volunteer = await userWith(t.app, t.database.db, 'volunteer');
    const blockedAdmin = await userWith(t.app, t.database.db, 'admin', 'blocked');
    const id = await createRequest(requester);
    expect((await call({ method: 'PATCH', url: `/api/confirmDonation/${id}`, headers: donor.auth })).statusCode).toBe(200);
    const view = async (u: TestUser) => (await call({ url: `/api/donationRequest?id=${id}`, headers: u.auth })).json() as Record<string, unknown>;
    for (const u of [requester, donor, volunteer, admin]) {
      expect(await view(u)).toMatchObject({ donarName: 'Karim Donor', donarEmail: donor.email, donationStatus: 'inprogress' });
    }
    for (const u of [stranger, blockedAdmin]) {
      const body = await view(u);
      expect(body).toMatchObject({ donarName: null, donarEmail: null, donationStatus: 'inprogress' });
      expect(JSON.stringify(body)).not.toContain(donor.email);
    }
  });
});

describe('the session token stays in its HttpOnly cookie', () => {
  it('the sign-in answer carries no copy of it', async () => {
    const user = await registerUser(t.app);
    const res = await call({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password: user.password } });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name.includes('session_token'))!;
    expect(cookie.httpOnly).toBe(true);
    const sessionToken = decodeURIComponent(cookie.value).split('.')[0]!;
    expect(res.body).not.toContain(sessionToken);
    expect(res.json()).not.toHaveProperty('token');
  });
});

describe('personal answers are never cached (item 10)', () => {
  it('POST /api/jwt, a profile, a requester list and the session answer say no-store; public lists do not', async () => {
    const user = await registerUser(t.app);
    const jwt = await call({ method: 'POST', url: '/api/jwt', headers: { cookie: user.cookie }, payload: { email: user.email } });
    expect(jwt.headers['cache-control']).toBe('no-store');
    for (const url of [`/api/users/${user.email}`, `/api/donationRequest?email=${user.email}`, '/api/funding/summary']) {
      const res = await call({ url, headers: user.auth });
      expect([url, res.headers['cache-control']]).toEqual([url, 'no-store']);
    }
    const session = await call({ url: '/api/auth/get-session', headers: { cookie: user.cookie } });
    expect(session.headers['cache-control']).toBe('no-store');
    const refused = await call({ url: '/api/users', headers: user.auth });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect((await call({ url: '/api/donationRequest/pending' })).headers['cache-control']).not.toBe('no-store');
  });
});
