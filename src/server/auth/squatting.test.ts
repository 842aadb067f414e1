import type * as argon2 from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accounts, sessions, users } from '../db/schema/accounts';
import { donationRequests } from '../db/schema/requests';
import { cookieHeader, donationRequestBody, PASSWORD, registerUser, registrationBody, type TestUser, uniqueEmail } from '../../../test/fixtures';
import { createTestApp, errorBody, type TestApp } from '../../../test/helpers';
import {
  CLIENTS,
  newProviderUser,
  type Provider,
  PROVIDERS,
  PUBLIC_URL,
  redirectPath,
  sessionOf,
  setsSession,
  signIn,
} from '../../../test/oauth-browser';
import { type OAuthStandIn, startOAuthStandIn } from '../../../test/oauth-stand-in';

/*
 * Email squatting (docs/decisions/007-email-squatting.md): someone registers the victim's address
 * with a password; the victim then signs in with Google or GitHub, which vouch for the address.
 * The real better-auth flows run against the stand-ins (test/oauth-stand-in.ts).
 */

/**
 * The password check can be held open (after it read the password, before the session is made),
 * to run a reclaim in the middle of a squatter's sign-in.
 */
const passwordCheck = vi.hoisted(() => ({ hold: null as null | { entered: () => void; release: Promise<void> } }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof argon2>();
  return {
    ...real,
    verify: async (...args: Parameters<typeof real.verify>) => {
      const ok = await real.verify(...args);
      const hold = passwordCheck.hold;
      if (hold) {
        passwordCheck.hold = null;
        hold.entered();
        await hold.release;
      }
      return ok;
    },
  };
});

let standIn: OAuthStandIn;
let t: TestApp;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  standIn = await startOAuthStandIn({ google: CLIENTS.google, github: CLIENTS.github });
  // Only the stand-in is reachable: a request to a real provider fails loudly.
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(`${standIn.url}/`)) throw new Error(`test: blocked request to ${url}`);
    return realFetch(input, init);
  });
  t = await createTestApp({ env: { PUBLIC_URL, RATE_LIMIT_AUTH_PER_MINUTE: '10000', ...standIn.env() } });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t?.close();
  await standIn?.close();
});

// ---------------------------------------------------------------------------------------------

/** The squatter registers the address with a password (POST /api/users) and a full profile. */
async function squat(email = uniqueEmail('victim')): Promise<TestUser> {
  return registerUser(t.app, { email, name: 'Squatter Name', blood_group: 'AB-' });
}

const passwordSignIn = (email: string, password = PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: PUBLIC_URL }, payload: { email, password } });

const jwt = (cookie: string, email: string) => t.app.inject({ method: 'POST', url: '/api/jwt', headers: { cookie }, payload: { email } });

const profile = (email: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/api/users/${encodeURIComponent(email)}`, headers: { authorization: `Bearer ${token}` } });

/** The owner at the provider: the address, vouched for (or not). */
function ownerAt(provider: Provider, email: string, verified = true) {
  return provider === 'google'
    ? newProviderUser(standIn, 'google', { email, email_verified: verified })
    : newProviderUser(standIn, 'github', { email, emails: [{ email, primary: true, verified, visibility: 'public' }] });
}

const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const providersOf = async (userId: string) =>
  (await t.database.db.select({ p: accounts.providerId }).from(accounts).where(eq(accounts.userId, userId))).map((a) => a.p).sort();
const sessionCount = async (userId: string) => (await t.database.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

async function expectPasswordWorks(email: string) {
  const res = await passwordSignIn(email);
  expect(res.statusCode, res.body).toBe(200);
  return cookieHeader(res);
}
async function expectPasswordRefused(email: string) {
  const res = await passwordSignIn(email);
  expect(res.statusCode, res.body).toBe(401);
  errorBody(res);
  expect(res.cookies.filter((c) => c.name.endsWith('session_token') && c.value)).toEqual([]);
}

// ---------------------------------------------------------------------------------------------

describe.each(PROVIDERS)('a verified %s sign-in reclaims a squatted address', (provider) => {
  it('signs the owner in to the same account, linked; the squatter loses the password and every session', async () => {
    const squatter = await squat();
    const secondDevice = await expectPasswordWorks(squatter.email);
    const request = await t.app.inject({
      method: 'POST',
      url: '/api/donationRequest',
      headers: squatter.auth,
      payload: donationRequestBody(),
    });
    expect(request.statusCode, request.body).toBe(201);
    const requestId = (request.json() as { insertedId: string }).insertedId;
    expect(await sessionCount(squatter.id)).toBe(2);

    const owner = ownerAt(provider, squatter.email);
    const { res, jar } = await signIn(t.app, provider);

    // The owner is in: back to the app (a returning account), signed in as the same user id.
    expect(redirectPath(res).pathname).toBe('/');
    expect(setsSession(res)).toBe(true);
    const session = await sessionOf(t.app, jar);
    expect(session?.user).toMatchObject({ id: squatter.id, email: squatter.email, name: owner.name });
    const token = await jwt(jar.header().cookie!, squatter.email);
    expect(token.statusCode, token.body).toBe(200);
    const me = await profile(squatter.email, (token.json() as { token: string }).token);
    expect(me.statusCode, me.body).toBe(200);
    // What the squatter typed is gone: the profile is a fresh provider sign-in's.
    expect(me.json()).toMatchObject({ name: owner.name, avatar: owner.picture, blood_group: null, division: null, district: null, upazila: null });

    // The database: verified, the provider linked, no password, only the owner's session.
    expect(await userRow(squatter.id)).toMatchObject({ emailVerified: true, role: 'donner', status: 'active' });
    expect(await providersOf(squatter.id)).toEqual([provider]);
    expect(await sessionCount(squatter.id)).toBe(1);

    // The squatter: the password no longer signs in, no old session gets a token, and the access
    // token they held stops working.
    await expectPasswordRefused(squatter.email);
    for (const cookie of [squatter.cookie, secondDevice]) {
      const refused = await jwt(cookie, squatter.email);
      expect(refused.statusCode).toBe(401);
      errorBody(refused);
      const old = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
      expect(old.json()).toBeNull();
    }
    expect((await profile(squatter.email, squatter.token)).statusCode).toBe(401);

    // The requests made while the address was held stay, with the account (the owner can cancel).
    const [kept] = await t.database.db.select().from(donationRequests).where(eq(donationRequests.id, requestId));
    expect(kept).toMatchObject({ requesterId: squatter.id, status: 'pending' });

    // The owner signs in again the same way; the address cannot be registered again.
    ownerAt(provider, squatter.email);
    const again = await signIn(t.app, provider);
    expect((await sessionOf(t.app, again.jar))?.user.id).toBe(squatter.id);
    const register = await t.app.inject({ method: 'POST', url: '/api/users', payload: await registrationBody(t.app, { email: squatter.email }) });
    expect(register.statusCode).toBe(409);
  });

  it('does nothing when the provider does not vouch for the address', async () => {
    const squatter = await squat();
    const before = await userRow(squatter.id);
    ownerAt(provider, squatter.email, false);
    const { res, jar } = await signIn(t.app, provider);

    const to = redirectPath(res);
    expect(to.pathname).toBe('/login');
    expect(to.searchParams.get('error')).toBe('account_not_linked');
    expect(setsSession(res)).toBe(false);
    expect(await sessionOf(t.app, jar)).toBeNull();

    expect(await userRow(squatter.id)).toEqual(before);
    expect(await providersOf(squatter.id)).toEqual(['credential']);
    expect((await jwt(squatter.cookie, squatter.email)).statusCode).toBe(200);
    await expectPasswordWorks(squatter.email);
  });
});

describe('what a reclaim leaves alone', () => {
  it('an account whose address was verified keeps its password and sessions; the provider is linked', async () => {
    const verified = await squat();
    // As a verification mail will do (docs/decisions/007-email-squatting.md).
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, verified.id));
    const before = await userRow(verified.id);

    ownerAt('google', verified.email);
    const { res, jar } = await signIn(t.app, 'google');
    expect(redirectPath(res).pathname).toBe('/');
    expect((await sessionOf(t.app, jar))?.user.id).toBe(verified.id);

    expect(await providersOf(verified.id)).toEqual(['credential', 'google']);
    const after = await userRow(verified.id);
    expect({ ...after, updatedAt: null }).toEqual({ ...before, updatedAt: null });
    expect((await jwt(verified.cookie, verified.email)).statusCode).toBe(200);
    await expectPasswordWorks(verified.email);
  });

  it('an unverified account that a provider already signs in to is not reclaimed by another provider', async () => {
    // Google does not vouch for this address, yet created the account (no one else held it).
    const email = uniqueEmail('unvouched');
    newProviderUser(standIn, 'google', { email, email_verified: false });
    const first = await signIn(t.app, 'google');
    expect(redirectPath(first.res).pathname).toBe('/dashboard/profile');
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.emailVerified).toBe(false);

    ownerAt('github', email);
    const second = await signIn(t.app, 'github');
    const to = redirectPath(second.res);
    expect(to.pathname).toBe('/login');
    expect(to.searchParams.get('error')).toBe('account_not_linked');
    expect(setsSession(second.res)).toBe(false);
    expect(await providersOf(row!.id)).toEqual(['google']);
    expect(await sessionOf(t.app, first.jar)).toMatchObject({ user: { id: row!.id } });
  });

  it('an unverified password account that also has a provider account keeps its password', async () => {
    const held = await squat();
    await t.database.db.insert(accounts).values({ id: `acc-${held.id}`, accountId: `gh-${held.id}`, providerId: 'github', userId: held.id });

    ownerAt('google', held.email);
    const { res } = await signIn(t.app, 'google');
    expect(redirectPath(res).searchParams.get('error')).toBe('account_not_linked');
    expect(await providersOf(held.id)).toEqual(['credential', 'github']);
    expect((await userRow(held.id)).emailVerified).toBe(false);
    expect((await jwt(held.cookie, held.email)).statusCode).toBe(200);
    await expectPasswordWorks(held.email);
  });

  it("keeps an admin's decisions: role and status", async () => {
    const squatter = await squat();
    await t.database.db.update(users).set({ role: 'volunteer', status: 'blocked' }).where(eq(users.id, squatter.id));
    ownerAt('github', squatter.email);
    const { res, jar } = await signIn(t.app, 'github');
    expect(redirectPath(res).pathname).toBe('/');
    expect((await sessionOf(t.app, jar))?.user).toMatchObject({ id: squatter.id, role: 'volunteer', status: 'blocked' });
    expect(await userRow(squatter.id)).toMatchObject({ emailVerified: true, bloodGroup: null, role: 'volunteer', status: 'blocked' });
  });
});

describe('a squatter signing in with the password while the owner reclaims', () => {
  it('gets no session: the sign-in that read the password before the reclaim fails after it', async () => {
    const squatter = await squat();
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    passwordCheck.hold = { entered, release: new Promise<void>((resolve) => (release = resolve)) };

    // The squatter's sign-in has read the password and checked it; its session is not made yet.
    const racing = passwordSignIn(squatter.email);
    await inside;
    ownerAt('google', squatter.email);
    const owner = await signIn(t.app, 'google');
    expect((await sessionOf(t.app, owner.jar))?.user.id).toBe(squatter.id);
    release();

    const res = await racing;
    expect(res.statusCode, res.body).toBe(401);
    errorBody(res);
    const cookie = cookieHeader(res);
    if (cookie) expect((await jwt(cookie, squatter.email)).statusCode).toBe(401);
    // Only the owner's session is left.
    expect(await sessionCount(squatter.id)).toBe(1);
    expect((await sessionOf(t.app, owner.jar))?.user.id).toBe(squatter.id);
  });
});
