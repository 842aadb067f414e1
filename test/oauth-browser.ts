import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { GitHubProfile, GoogleProfile, OAuthStandIn, StandInClient } from './oauth-stand-in';

/*
 * The browser's side of the Google and GitHub flows, for the tests that run them against the
 * stand-ins (test/oauth-stand-in.ts): it posts to sign-in/social like the SPA, follows the
 * authorize URL with a real HTTP request, and brings the provider's redirect back to our callback
 * with the cookies the app set.
 */

export type Provider = 'google' | 'github';
export const PROVIDERS: Provider[] = ['google', 'github'];

export const PUBLIC_URL = 'https://blood.example';
export const CALLBACK = (p: Provider) => `${PUBLIC_URL}/api/auth/callback/${p}`;
/** What the SPA sends (src/web): back home, or to the profile form for a new account. */
export const SPA_BODY = { callbackURL: '/', newUserCallbackURL: '/dashboard/profile', errorCallbackURL: '/login' };
export const CLIENTS: Record<Provider, StandInClient> = {
  google: { clientId: '1234-standin.apps.googleusercontent.com', clientSecret: 'GOCSPX-stand-in-secret', redirectUris: [CALLBACK('google')] },
  github: { clientId: 'Iv1.standin0000001', clientSecret: 'gh-stand-in-secret-0123456789abcdef', redirectUris: [CALLBACK('github')] },
};

/** A browser's cookie store for our origin: remembers Set-Cookie, forgets expired cookies. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  constructor(from?: CookieJar) {
    if (from) for (const [k, v] of from.cookies) this.cookies.set(k, v);
  }
  store(setCookie: string | string[] | undefined) {
    for (const line of setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie]) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => {
        const [k = '', v = ''] = a.split('=').map((s) => s.trim());
        return (k.toLowerCase() === 'max-age' && Number(v) <= 0) || (k.toLowerCase() === 'expires' && Date.parse(v) < Date.now());
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  get size() {
    return this.cookies.size;
  }
  names() {
    return [...this.cookies.keys()];
  }
  header(): Record<string, string> {
    return this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {};
  }
}

export const setCookies = (res: { headers: Record<string, unknown> }): string[] => {
  const v = res.headers['set-cookie'] as string | string[] | undefined;
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
};
/** A Set-Cookie that starts a session (a non-empty session token that does not expire at once). */
export const setsSession = (res: { headers: Record<string, unknown> }) =>
  setCookies(res).some((c) => /session_token=[^;]+/.test(c) && !/max-age=0/i.test(c));

export interface SignInStart {
  jar: CookieJar;
  authorizeUrl: URL;
  body: { url: string; redirect: boolean };
}

/** POST /api/auth/sign-in/social as the SPA does. */
export async function startSignIn(app: FastifyInstance, provider: Provider): Promise<SignInStart> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    headers: { origin: PUBLIC_URL, 'content-type': 'application/json' },
    payload: { provider, ...SPA_BODY },
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as SignInStart['body'];
  const jar = new CookieJar();
  jar.store(setCookies(res));
  return { jar, body, authorizeUrl: new URL(body.url) };
}

/** The browser at the provider: a real request; the provider redirects back (the user consents). */
export async function visitProvider(authorizeUrl: URL): Promise<URL> {
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(res.status, await res.clone().text()).toBe(302);
  return new URL(res.headers.get('location')!);
}

/** The provider's redirect arrives at our callback, with the browser's cookies. */
export async function callback(app: FastifyInstance, location: URL, jar: CookieJar) {
  const res = await app.inject({ method: 'GET', url: location.pathname + location.search, headers: jar.header() });
  jar.store(setCookies(res));
  return res;
}

/** The whole round trip; answers the callback's response and the browser's cookies. */
export async function signIn(app: FastifyInstance, provider: Provider) {
  const start = await startSignIn(app, provider);
  const location = await visitProvider(start.authorizeUrl);
  const res = await callback(app, location, start.jar);
  return { ...start, location, res };
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  image?: string | null;
  role: string;
  status: string;
}

/** GET /api/auth/get-session with the browser's cookies. */
export async function sessionOf(app: FastifyInstance, jar: CookieJar) {
  const res = await app.inject({ method: 'GET', url: '/api/auth/get-session', headers: jar.header() });
  expect(res.statusCode).toBe(200);
  return res.json() as { user: SessionUser } | null;
}

/** A redirect to `path` of our own site (relative, or absolute on the public URL). */
export function redirectPath(res: { statusCode: number; headers: Record<string, unknown> }): URL {
  expect(res.statusCode).toBe(302);
  const location = new URL(String(res.headers.location), PUBLIC_URL);
  expect(location.origin).toBe(PUBLIC_URL);
  return location;
}

// ---------------------------------------------------------------------------------------------
// Users at the provider.

let serial = 0;
export interface Identity {
  email: string;
  name: string;
  picture: string;
  accountId: string;
}

/** A fresh user at the provider; the next authorizations sign this user in. */
export function newProviderUser(
  standIn: OAuthStandIn,
  provider: Provider,
  patch: Partial<GoogleProfile> | Partial<GitHubProfile> = {},
): Identity {
  serial++;
  const email = `${provider}.user${serial}.${Date.now().toString(36)}@example.com`;
  if (provider === 'google') {
    const profile: GoogleProfile = {
      sub: String(100000000000000000000n + BigInt(serial)),
      email,
      email_verified: true,
      name: `Google User ${serial}`,
      picture: `https://lh3.googleusercontent.com/a/user${serial}=s96-c`,
      ...(patch as Partial<GoogleProfile>),
    };
    standIn.google.nextUser = profile;
    return { email: profile.email, name: profile.name, picture: profile.picture, accountId: profile.sub };
  }
  const profile: GitHubProfile = {
    id: 7_000_000 + serial,
    login: `gh-user-${serial}`,
    name: `GitHub User ${serial}`,
    email,
    avatar_url: `https://avatars.githubusercontent.com/u/${7_000_000 + serial}?v=4`,
    emails: [{ email, primary: true, verified: true, visibility: 'public' }],
    ...(patch as Partial<GitHubProfile>),
  };
  standIn.github.nextUser = profile;
  const primary = profile.emails.find((e) => e.primary)?.email ?? profile.email ?? '';
  return { email: primary, name: profile.name ?? profile.login, picture: profile.avatar_url, accountId: String(profile.id) };
}
