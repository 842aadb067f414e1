import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accounts, sessions, users } from '../db/schema/accounts';
import { createTestApp, errorBody, testConfig, type TestApp } from '../../../test/helpers';
import {
  codeChallengeOf,
  type GitHubProfile,
  type GoogleProfile,
  type OAuthStandIn,
  type RecordedRequest,
  startOAuthStandIn,
} from '../../../test/oauth-stand-in';
import {
  CALLBACK,
  callback,
  CLIENTS,
  CookieJar,
  newProviderUser as newProviderUser_,
  type Provider,
  PROVIDERS,
  PUBLIC_URL,
  redirectPath,
  sessionOf,
  setCookies,
  setsSession,
  signIn,
  SPA_BODY,
  startSignIn,
  visitProvider,
} from '../../../test/oauth-browser';

/*
 * Google and GitHub sign-in end to end: the real better-auth (generic OAuth plugin) inside our
 * app, against local stand-ins that speak the providers' protocols (test/oauth-stand-in.ts).
 * The "browser" is test/oauth-browser.ts: it posts to sign-in/social like the SPA, follows the
 * authorize URL with a real HTTP request, and brings the provider's redirect back to our callback
 * with the cookies the app set.
 */

/** Never a real provider: the defaults of config.ts are what must not be reached. */
const REAL_PROVIDER_HOSTS = /(^|\.)(google\.com|googleapis\.com|googleusercontent\.com|github\.com|githubusercontent\.com)$/;

let standIn: OAuthStandIn;
let t: TestApp;
/** Every URL fetched in this process (the app's server-side calls and this file's "browser"). */
const outgoing: string[] = [];
const realFetch = globalThis.fetch;

beforeAll(async () => {
  standIn = await startOAuthStandIn({ google: CLIENTS.google, github: CLIENTS.github });
  // Record every fetch and refuse any host but the stand-in, so a leak fails loudly, offline.
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    outgoing.push(url);
    if (!url.startsWith(`${standIn.url}/`)) throw new Error(`test: blocked request to ${url}`);
    return realFetch(input, init);
  });
  t = await createTestApp({ env: appEnv() });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t?.close();
  await standIn?.close();
});

function appEnv(overrides: Parameters<OAuthStandIn['env']>[0] = {}): Record<string, string> {
  return { PUBLIC_URL, RATE_LIMIT_AUTH_PER_MINUTE: '10000', ...standIn.env(overrides) };
}

// The browser (test/oauth-browser.ts) against this file's app and stand-in.
const getSession = (jar: CookieJar, app = t.app) => sessionOf(app, jar);
const newProviderUser = (provider: Provider, patch: Partial<GoogleProfile> | Partial<GitHubProfile> = {}) => newProviderUser_(standIn, provider, patch);

async function usersWithEmail(db: TestApp['database']['db'], email: string) {
  return db.select().from(users).where(eq(users.email, email));
}
async function countRows(db: TestApp['database']['db'], table: typeof users | typeof sessions | typeof accounts) {
  const [row] = await db.select({ n: count() }).from(table);
  return row!.n;
}

/** Every key of a JSON value, at any depth. */
function allKeys(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) allKeys(v, into);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      into.push(k);
      allKeys(v, into);
    }
  }
  return into;
}

/** The stand-in requests made between two points (`since` = requests.length before). */
const requestsSince = (since: number): RecordedRequest[] => standIn.requests.slice(since);

// ---------------------------------------------------------------------------------------------

describe.each(PROVIDERS)('%s sign-in', (provider) => {
  const authorizePath = `/${provider}/authorize`;
  const tokenPath = provider === 'google' ? '/google/token' : '/github/access_token';

  it('runs authorize -> callback -> session for a new user, who gets a donner profile to complete', async () => {
    const who = newProviderUser(provider);

    // 1. The SPA asks for the provider's authorize URL.
    const start = await startSignIn(t.app, provider);
    expect(start.body.redirect).toBe(true);
    const url = start.authorizeUrl;
    expect(`${url.origin}${url.pathname}`).toBe(`${standIn.url}${authorizePath}`);
    const q = url.searchParams;
    expect(q.get('client_id')).toBe(CLIENTS[provider].clientId);
    expect(q.get('redirect_uri')).toBe(CALLBACK(provider));
    expect(q.get('response_type')).toBe('code');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(q.get('scope')!.split(' ')).toEqual(provider === 'google' ? ['openid', 'email', 'profile'] : ['read:user', 'user:email']);
    if (provider === 'google') expect(q.get('prompt')).toBe('select_account');
    // The state is bound to this browser by a cookie; no session yet.
    expect(start.jar.size).toBeGreaterThan(0);
    expect(start.jar.names().some((n) => n.endsWith('session_token'))).toBe(false);

    // 2. The browser at the provider: consent, then back to our callback with code and state.
    const location = await visitProvider(url);
    expect(`${location.origin}${location.pathname}`).toBe(CALLBACK(provider));
    expect(location.searchParams.get('state')).toBe(q.get('state'));
    const code = location.searchParams.get('code');
    expect(code).toBeTruthy();

    // 3. Our callback: the app redeems the code server-side, then signs the user in.
    const before = standIn.requests.length;
    const outgoingBefore = outgoing.length;
    const res = await callback(t.app, location, start.jar);
    expect(redirectPath(res).pathname).toBe('/dashboard/profile');
    expect(setsSession(res)).toBe(true);
    const sessionCookie = setCookies(res).find((c) => /session_token=/.test(c))!;
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    expect(sessionCookie).toMatch(/Secure/i);

    // The code exchange carried the right code, redirect URI, client and PKCE verifier.
    const serverCalls = requestsSince(before);
    const tokenCall = serverCalls.find((r) => r.path === tokenPath)!;
    expect(tokenCall).toBeDefined();
    expect(tokenCall.method).toBe('POST');
    expect(tokenCall.params.code).toBe(code);
    expect(tokenCall.params.redirect_uri).toBe(CALLBACK(provider));
    expect(tokenCall.params.grant_type).toBe('authorization_code');
    expect(tokenCall.params.code_verifier).toMatch(/^[A-Za-z0-9._~-]{43,128}$/);
    expect(codeChallengeOf(tokenCall.params.code_verifier!)).toBe(q.get('code_challenge'));
    expect(tokenCall.status).toBe(200);
    expect(JSON.parse(tokenCall.response)).toHaveProperty('access_token');
    // The app's server-side calls went to the stand-in only, and all of them arrived there.
    const appFetches = outgoing.slice(outgoingBefore);
    expect(appFetches.length).toBeGreaterThan(0);
    expect(appFetches.every((u) => u.startsWith(`${standIn.url}/`))).toBe(true);
    expect(appFetches.map((u) => new URL(u).pathname)).toEqual(serverCalls.map((r) => r.path));
    if (provider === 'github') {
      expect(serverCalls.map((r) => r.path)).toEqual(['/github/access_token', '/github-api/user', '/github-api/user/emails']);
      const issued = (JSON.parse(tokenCall.response) as { access_token: string }).access_token;
      for (const api of serverCalls.slice(1)) expect(api.headers.authorization).toBe(`Bearer ${issued}`);
    }

    // 4. The session is there.
    const session = await getSession(start.jar);
    expect(session?.user).toMatchObject({ email: who.email, name: who.name, role: 'donner', status: 'active' });

    // 5. The SPA trades the session for an access token, then reads the profile with it.
    const jwt = await t.app.inject({ method: 'POST', url: '/api/jwt', headers: { ...start.jar.header(), origin: PUBLIC_URL }, payload: { email: who.email } });
    expect(jwt.statusCode, jwt.body).toBe(200);
    const { token } = jwt.json() as { token: string };
    const me = await t.app.inject({ method: 'GET', url: `/api/users/${encodeURIComponent(who.email)}`, headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode, me.body).toBe(200);
    const profile = me.json() as Record<string, unknown>;
    expect(profile).toMatchObject({
      email: who.email,
      name: who.name,
      role: 'donner',
      status: 'active',
      avatar: who.picture,
      blood_group: null,
      division: null,
      district: null,
      upazila: null,
    });
    // No secret anywhere: no password, token or hash fields, and none of the provider's tokens.
    expect(allKeys(profile).filter((k) => /pass|token|hash|secret|verifier/i.test(k))).toEqual([]);
    const providerTokens = JSON.parse(tokenCall.response) as { access_token: string; id_token?: string };
    expect(me.body).not.toContain(providerTokens.access_token);
    if (providerTokens.id_token) expect(me.body).not.toContain(providerTokens.id_token);

    // The database: one user, the provider's account linked to it.
    const rows = await usersWithEmail(t.database.db, who.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ role: 'donner', status: 'active', bloodGroup: null, divisionId: null, districtId: null, upazilaId: null, emailVerified: true, image: who.picture });
    const linked = await t.database.db.select().from(accounts).where(eq(accounts.userId, rows[0]!.id));
    expect(linked.map((a) => ({ providerId: a.providerId, accountId: a.accountId, password: a.password }))).toEqual([
      { providerId: provider, accountId: who.accountId, password: null },
    ]);
  });

  it('sends a returning user to callbackURL (/) and creates no second user', async () => {
    const who = newProviderUser(provider);
    const first = await signIn(t.app, provider);
    expect(redirectPath(first.res).pathname).toBe('/dashboard/profile');
    const usersAfterFirst = await countRows(t.database.db, users);
    const accountsAfterFirst = await countRows(t.database.db, accounts);

    const second = await signIn(t.app, provider);
    expect(redirectPath(second.res).pathname).toBe('/');
    expect(setsSession(second.res)).toBe(true);
    expect((await getSession(second.jar))?.user.email).toBe(who.email);
    expect((await getSession(first.jar))?.user.id).toBe((await getSession(second.jar))?.user.id);

    expect(await usersWithEmail(t.database.db, who.email)).toHaveLength(1);
    expect(await countRows(t.database.db, users)).toBe(usersAfterFirst);
    expect(await countRows(t.database.db, accounts)).toBe(accountsAfterFirst);
  });

  describe('refusals: no session, no user', () => {
    async function expectNoSignIn(res: Awaited<ReturnType<typeof callback>>, jar: CookieJar, email: string) {
      const to = redirectPath(res);
      expect(to.pathname).toBe('/login');
      expect(to.searchParams.get('error')).toBeTruthy();
      expect(setsSession(res)).toBe(false);
      expect(await getSession(jar)).toBeNull();
      expect(await usersWithEmail(t.database.db, email)).toHaveLength(0);
      return to.searchParams.get('error');
    }

    it('refuses a callback whose state was forged, without redeeming the code', async () => {
      const who = newProviderUser(provider);
      const start = await startSignIn(t.app, provider);
      const location = await visitProvider(start.authorizeUrl);
      const before = standIn.requests.length;
      location.searchParams.set('state', 'forged-state-0123456789abcdefABCDEF');
      const res = await callback(t.app, location, start.jar);
      expect(await expectNoSignIn(res, start.jar, who.email)).toBe('state_mismatch');
      expect(requestsSince(before)).toEqual([]);
    });

    it("refuses another browser's state and code (login CSRF: the state cookie is missing)", async () => {
      const who = newProviderUser(provider);
      const attacker = await startSignIn(t.app, provider);
      const location = await visitProvider(attacker.authorizeUrl);
      const before = standIn.requests.length;
      const victim = new CookieJar();
      const res = await callback(t.app, location, victim);
      expect(await expectNoSignIn(res, victim, who.email)).toBe('state_mismatch');
      expect(requestsSince(before)).toEqual([]);
    });

    it('refuses a code the provider did not issue', async () => {
      const who = newProviderUser(provider);
      const start = await startSignIn(t.app, provider);
      const location = await visitProvider(start.authorizeUrl);
      location.searchParams.set('code', 'not-a-code-the-provider-issued');
      const before = standIn.requests.length;
      const res = await callback(t.app, location, start.jar);
      await expectNoSignIn(res, start.jar, who.email);
      const exchange = requestsSince(before).find((r) => r.path === tokenPath)!;
      expect(JSON.parse(exchange.response)).toMatchObject({ error: provider === 'google' ? 'invalid_grant' : 'bad_verification_code' });
    });

    it('refuses the replay of a completed callback', async () => {
      newProviderUser(provider);
      const done = await signIn(t.app, provider);
      expect(setsSession(done.res)).toBe(true);
      const sessionsBefore = await countRows(t.database.db, sessions);
      const replay = await callback(t.app, done.location, new CookieJar(done.jar));
      const to = redirectPath(replay);
      expect(to.pathname).toBe('/login');
      expect(setsSession(replay)).toBe(false);
      expect(await countRows(t.database.db, sessions)).toBe(sessionsBefore);
    });

    it('refuses when the user denies consent at the provider', async () => {
      const who = newProviderUser(provider);
      standIn[provider].consent = false;
      try {
        const start = await startSignIn(t.app, provider);
        const location = await visitProvider(start.authorizeUrl);
        expect(location.searchParams.get('error')).toBe('access_denied');
        const before = standIn.requests.length;
        const res = await callback(t.app, location, start.jar);
        expect(await expectNoSignIn(res, start.jar, who.email)).toBe('access_denied');
        expect(requestsSince(before)).toEqual([]);
      } finally {
        standIn[provider].consent = true;
      }
    });

    it('refuses when the provider refuses the code exchange (wrong client secret configured)', async () => {
      const wrong = await createTestApp({ env: appEnv({ [provider]: { clientSecret: 'not-the-registered-secret' } }) });
      try {
        const who = newProviderUser(provider);
        const start = await startSignIn(wrong.app, provider);
        const location = await visitProvider(start.authorizeUrl);
        const before = standIn.requests.length;
        const res = await callback(wrong.app, location, start.jar);
        const to = redirectPath(res);
        expect(to.pathname).toBe('/login');
        expect(to.searchParams.get('error')).toBeTruthy();
        expect(setsSession(res)).toBe(false);
        expect(await getSession(start.jar, wrong.app)).toBeNull();
        expect(await usersWithEmail(wrong.database.db, who.email)).toHaveLength(0);
        expect(await countRows(wrong.database.db, sessions)).toBe(0);
        const exchange = requestsSince(before).find((r) => r.path === tokenPath)!;
        if (provider === 'google') {
          expect(exchange.status).toBe(401);
          expect(JSON.parse(exchange.response)).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
        } else {
          // GitHub answers 200 with an error field.
          expect(JSON.parse(exchange.response)).toMatchObject({ error: 'incorrect_client_credentials' });
        }
      } finally {
        await wrong.close();
      }
    });

    it('refuses a client-submitted ID token (sign-in without the code flow)', async () => {
      // A genuine ID token, signed by the stand-in's Google and issued to our client.
      newProviderUser('google');
      await signIn(t.app, 'google');
      const idToken = (JSON.parse(standIn.requestsTo('/google/token').at(-1)!.response) as { id_token: string }).id_token;
      const sessionsBefore = await countRows(t.database.db, sessions);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/social',
        headers: { origin: PUBLIC_URL, 'content-type': 'application/json' },
        payload: { provider, ...SPA_BODY, idToken: { token: idToken } },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      errorBody(res);
      expect(setsSession(res)).toBe(false);
      expect(await countRows(t.database.db, sessions)).toBe(sessionsBefore);
    });
  });
});

describe('GitHub profiles', () => {
  it('takes the primary verified email from /user/emails when the profile email is private', async () => {
    const primary = `private.primary.${Date.now().toString(36)}@example.com`;
    newProviderUser('github', {
      email: null,
      name: null,
      login: 'quiet-donor',
      emails: [
        { email: `old.${primary}`, primary: false, verified: true, visibility: null },
        { email: `12345+quiet-donor@users.noreply.github.com`, primary: false, verified: true, visibility: null },
        { email: primary, primary: true, verified: true, visibility: 'private' },
      ],
    });
    const before = standIn.requests.length;
    const { res, jar } = await signIn(t.app, 'github');
    expect(redirectPath(res).pathname).toBe('/dashboard/profile');
    expect(JSON.parse(requestsSince(before).find((r) => r.path === '/github-api/user')!.response)).toMatchObject({ email: null });
    const session = await getSession(jar);
    expect(session?.user).toMatchObject({ email: primary, name: 'quiet-donor' });
    const [row] = await usersWithEmail(t.database.db, primary);
    expect(row).toMatchObject({ emailVerified: true, role: 'donner', status: 'active', bloodGroup: null });
  });

  it('uses a verified address, never an unverified primary one (which may be anybody\'s)', async () => {
    const verified = `verified.secondary.${Date.now().toString(36)}@example.com`;
    const unproven = `unproven.primary.${Date.now().toString(36)}@example.com`;
    newProviderUser('github', {
      email: null,
      emails: [
        { email: unproven, primary: true, verified: false, visibility: null },
        { email: verified, primary: false, verified: true, visibility: null },
      ],
    });
    const { res, jar } = await signIn(t.app, 'github');
    expect(redirectPath(res).pathname).toBe('/dashboard/profile');
    expect((await getSession(jar))?.user.email).toBe(verified);
    expect(await usersWithEmail(t.database.db, unproven)).toHaveLength(0);
  });
});

describe('one person, two providers', () => {
  it('links a second provider whose verified email is the same to the same user', async () => {
    const person = newProviderUser('google');
    const first = await signIn(t.app, 'google');
    expect(redirectPath(first.res).pathname).toBe('/dashboard/profile');
    newProviderUser('github', { email: person.email, emails: [{ email: person.email, primary: true, verified: true, visibility: 'public' }] });
    const second = await signIn(t.app, 'github');
    expect(redirectPath(second.res).pathname).toBe('/');
    const [row] = await usersWithEmail(t.database.db, person.email);
    expect((await getSession(second.jar))?.user.id).toBe(row!.id);
    const linked = await t.database.db.select().from(accounts).where(eq(accounts.userId, row!.id));
    expect(linked.map((a) => a.providerId).sort()).toEqual(['github', 'google']);
  });
});

describe('account takeover through an unverified provider email', () => {
  // A provider identity may carry an email its owner never proved (GitHub: an unverified primary
  // address; Google: email_verified false). It must not sign in to the account that owns it.
  it('a GitHub identity with an unverified email does not get into the Google user of that email', async () => {
    const victim = newProviderUser('google');
    const v = await signIn(t.app, 'google');
    expect(setsSession(v.res)).toBe(true);
    const [victimRow] = await usersWithEmail(t.database.db, victim.email);
    expect(victimRow?.emailVerified).toBe(true);

    newProviderUser('github', { email: null, emails: [{ email: victim.email, primary: true, verified: false, visibility: null }] });
    const attack = await signIn(t.app, 'github');
    expect((await getSession(attack.jar))?.user.id).not.toBe(victimRow!.id);
    // The email belongs to an existing user, so the only safe answer is no sign-in at all.
    expect(redirectPath(attack.res).pathname).toBe('/login');
    expect(setsSession(attack.res)).toBe(false);
    const linked = await t.database.db.select().from(accounts).where(eq(accounts.userId, victimRow!.id));
    expect(linked.map((a) => a.providerId)).toEqual(['google']);
  });

  it('a Google identity with email_verified false does not get into the GitHub user of that email', async () => {
    const victim = newProviderUser('github');
    const v = await signIn(t.app, 'github');
    expect(setsSession(v.res)).toBe(true);
    const [victimRow] = await usersWithEmail(t.database.db, victim.email);
    expect(victimRow?.emailVerified).toBe(true);

    newProviderUser('google', { email: victim.email, email_verified: false });
    const attack = await signIn(t.app, 'google');
    expect((await getSession(attack.jar))?.user.id).not.toBe(victimRow!.id);
    expect(redirectPath(attack.res).pathname).toBe('/login');
    expect(setsSession(attack.res)).toBe(false);
    const linked = await t.database.db.select().from(accounts).where(eq(accounts.userId, victimRow!.id));
    expect(linked.map((a) => a.providerId)).toEqual(['github']);
  });
});

describe('providers that are not configured', () => {
  it('reports none and refuses sign-in when no client id is set', async () => {
    const bare = await createTestApp({ env: { PUBLIC_URL, RATE_LIMIT_AUTH_PER_MINUTE: '10000' } });
    try {
      const providers = await bare.app.inject({ method: 'GET', url: '/api/auth/providers' });
      expect(providers.statusCode).toBe(200);
      expect(providers.json()).toEqual({ google: false, github: false, passwordReset: false, phone: false });
      for (const provider of PROVIDERS) {
        const res = await bare.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/social',
          headers: { origin: PUBLIC_URL, 'content-type': 'application/json' },
          payload: { provider, ...SPA_BODY },
        });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        errorBody(res);
        expect(setCookies(res)).toEqual([]);
        // A callback for it signs nobody in either.
        const cb = await bare.app.inject({ method: 'GET', url: `/api/auth/callback/${provider}?code=x&state=y` });
        expect(setsSession(cb)).toBe(false);
      }
    } finally {
      await bare.close();
    }
  });

  it('reports and serves only the configured one', async () => {
    const env = appEnv();
    for (const k of ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET']) delete env[k];
    const one = await createTestApp({ env });
    try {
      expect((await one.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({ google: false, github: true, passwordReset: false, phone: false });
      const google = await one.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/social',
        headers: { origin: PUBLIC_URL, 'content-type': 'application/json' },
        payload: { provider: 'google', ...SPA_BODY },
      });
      expect(google.statusCode).toBeGreaterThanOrEqual(400);
      expect(google.statusCode).toBeLessThan(500);
      const github = await startSignIn(one.app, 'github');
      expect(`${github.authorizeUrl.origin}${github.authorizeUrl.pathname}`).toBe(`${standIn.url}/github/authorize`);
    } finally {
      await one.close();
    }
    // A client id without its secret is not a configured provider.
    const half = await createTestApp({ env: { ...appEnv(), GOOGLE_CLIENT_SECRET: '' } });
    try {
      expect((await half.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({ google: false, github: true, passwordReset: false, phone: false });
    } finally {
      await half.close();
    }
  });

  it('reports both when both are configured', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({ google: true, github: true, passwordReset: false, phone: false });
  });
});

describe('no real provider is ever reached', () => {
  it('points every provider endpoint of the app at the stand-in', () => {
    const config = testConfig(appEnv());
    const endpoints = [
      config.GOOGLE_AUTHORIZATION_URL,
      config.GOOGLE_TOKEN_URL,
      config.GOOGLE_USERINFO_URL,
      config.GITHUB_AUTHORIZATION_URL,
      config.GITHUB_TOKEN_URL,
      config.GITHUB_API_URL,
    ];
    for (const url of endpoints) expect(url.startsWith(`${standIn.url}/`)).toBe(true);
    // ...where the defaults are the real providers, which the flows above must not have used.
    const defaults = testConfig();
    expect(new URL(defaults.GOOGLE_TOKEN_URL).hostname).toMatch(REAL_PROVIDER_HOSTS);
  });

  it('made every request of this file to the stand-in, and the stand-in got each of them', () => {
    expect(outgoing.length).toBeGreaterThan(10);
    const foreign = outgoing.filter((u) => !u.startsWith(`${standIn.url}/`));
    expect(foreign).toEqual([]);
    expect(outgoing.filter((u) => REAL_PROVIDER_HOSTS.test(new URL(u).hostname))).toEqual([]);
    expect(standIn.requests.length).toBe(outgoing.length);
    const paths = new Set(standIn.requests.map((r) => r.path));
    for (const p of ['/google/authorize', '/google/token', '/github/authorize', '/github/access_token', '/github-api/user', '/github-api/user/emails']) {
      expect(paths.has(p)).toBe(true);
    }
  });
});
