import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, registrationBody, uniqueEmail } from '../../../test/fixtures';
import { createTestApp, errorBody, type TestApp } from '../../../test/helpers';
import { loadConfig } from '../config';

// Issue 38: behind carrier NAT one address carries many people. Signed-in page loads exchange their
// session for a token (POST /api/jwt); that exchange is counted per session, not per address, so
// ordinary browsing signs nobody out, while password guessing stays limited (decision 062).

const NAT = '100.64.12.34';
const DEFAULTS = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent' });

interface Person {
  email: string;
  password: string;
  cookie: string;
}

async function registerFrom(app: FastifyInstance, remoteAddress: string): Promise<Person> {
  const body = await registrationBody(app, { email: uniqueEmail('nat') });
  const res = await app.inject({ method: 'POST', url: '/api/users', payload: body, remoteAddress });
  expect(res.statusCode).toBe(201);
  return { email: body.email, password: body.password, cookie: cookieHeader(res) };
}

/** What a full page load of a signed-in user asks: the session, then a token for it. */
async function pageLoad(app: FastifyInstance, person: Person, remoteAddress = NAT) {
  const session = await app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: person.cookie }, remoteAddress });
  const jwt = await app.inject({ method: 'POST', url: '/api/jwt', headers: { cookie: person.cookie }, payload: { email: person.email }, remoteAddress });
  return { session, jwt };
}

describe('the default limits, with 20 people behind one address', () => {
  let t: TestApp;
  let people: Person[];
  beforeAll(async () => {
    // The defaults an operator gets, not the test helpers' high limits.
    t = await createTestApp({
      env: {
        RATE_LIMIT_AUTH_PER_MINUTE: String(DEFAULTS.RATE_LIMIT_AUTH_PER_MINUTE),
        RATE_LIMIT_TOKEN_PER_MINUTE: String(DEFAULTS.RATE_LIMIT_TOKEN_PER_MINUTE),
        RATE_LIMIT_UPLOAD_PER_MINUTE: String(DEFAULTS.RATE_LIMIT_UPLOAD_PER_MINUTE),
        RATE_LIMIT_SEARCH_PER_MINUTE: String(DEFAULTS.RATE_LIMIT_SEARCH_PER_MINUTE),
      },
    });
    people = [];
    for (let i = 0; i < 20; i++) people.push(await registerFrom(t.app, NAT));
  }, 60_000);
  afterAll(() => t?.close());

  it('200 page loads in a minute sign nobody out: every /api/jwt answers 200 with a token that works', async () => {
    const jwtStatuses: number[] = [];
    for (let round = 0; round < 10; round++) {
      const loads = await Promise.all(people.map((p) => pageLoad(t.app, p)));
      for (const { session, jwt } of loads) {
        expect(session.statusCode).toBe(200);
        jwtStatuses.push(jwt.statusCode);
      }
    }
    expect(jwtStatuses).toHaveLength(200);
    expect(jwtStatuses.filter((s) => s !== 200)).toEqual([]);
    // Everyone is still signed in: the last token of each reads their own profile.
    for (const p of people) {
      const { jwt } = await pageLoad(t.app, p);
      const token = (jwt.json() as { token: string }).token;
      const me = await t.app.inject({ url: `/api/users/${encodeURIComponent(p.email)}`, headers: { authorization: `Bearer ${token}` }, remoteAddress: NAT });
      expect(me.statusCode).toBe(200);
    }
  });

  it('one session exchanging without end is limited on its own; the others behind the address are not', async () => {
    const [greedy, other] = [people[0]!, people[1]!];
    const statuses: number[] = [];
    for (let i = 0; i < DEFAULTS.RATE_LIMIT_TOKEN_PER_MINUTE + 5; i++) statuses.push((await pageLoad(t.app, greedy)).jwt.statusCode);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    const limited = await pageLoad(t.app, greedy);
    expect(errorBody(limited.jwt).code).toBe('RATE_LIMITED');
    expect((await pageLoad(t.app, other)).jwt.statusCode).toBe(200);
  });

  it('made-up session cookies count on their address, not each on its own', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= DEFAULTS.RATE_LIMIT_TOKEN_PER_MINUTE; i++) {
      const forged = { email: uniqueEmail(), password: '', cookie: `better-auth.session_token=made-up-${i}.${'A'.repeat(43)}=` };
      statuses.push((await pageLoad(t.app, forged, '198.51.100.77')).jwt.statusCode);
    }
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // A real session behind that address is still counted on its own.
    expect((await pageLoad(t.app, people[2]!, '198.51.100.77')).jwt.statusCode).toBe(200);
  });

  it('password guessing is still limited: one account locks after SIGN_IN_MAX_FAILURES, and one address may not spray past RATE_LIMIT_AUTH_PER_MINUTE', async () => {
    const signIn = (email: string, password: string, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, remoteAddress });
    const victim = people[5]!;
    const guesses: number[] = [];
    for (let i = 0; i <= DEFAULTS.SIGN_IN_MAX_FAILURES; i++) guesses.push((await signIn(victim.email, `Wrong#${i}x`, '203.0.113.5')).statusCode);
    expect(guesses).toEqual([...Array<number>(DEFAULTS.SIGN_IN_MAX_FAILURES).fill(401), 429]);
    expect(errorBody(await signIn(victim.email, victim.password, '203.0.113.5')).code).toBe('SIGN_IN_LOCKED');

    // Spraying many accounts from one address: the per-address count stops it.
    const spray: number[] = [];
    for (let i = 0; i < DEFAULTS.RATE_LIMIT_AUTH_PER_MINUTE + 3; i++) spray.push((await signIn(uniqueEmail('spray'), 'Wrong#123', '203.0.113.6')).statusCode);
    expect(spray.filter((s) => s === 401)).toHaveLength(DEFAULTS.RATE_LIMIT_AUTH_PER_MINUTE);
    expect(spray.slice(DEFAULTS.RATE_LIMIT_AUTH_PER_MINUTE)).toEqual([429, 429, 429]);
    // The signed-in people behind the NAT address are not touched by either.
    expect((await pageLoad(t.app, people[6]!)).jwt.statusCode).toBe(200);
  });

  it('defaults: 60 sign-in-type requests per address, 30 token exchanges per session, 60 uploads', () => {
    expect(DEFAULTS.RATE_LIMIT_AUTH_PER_MINUTE).toBe(60);
    expect(DEFAULTS.RATE_LIMIT_TOKEN_PER_MINUTE).toBe(30);
    expect(DEFAULTS.RATE_LIMIT_UPLOAD_PER_MINUTE).toBe(60);
  });
});

describe('signed-in limits count per account, visitors per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_SEARCH_PER_MINUTE: '3' } });
  });
  afterAll(() => t?.close());

  const search = (remoteAddress: string, token?: string) =>
    t.app.inject({ url: '/api/search?bloodGroup=OO', remoteAddress, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const tokenOf = async (p: Person) =>
    ((await t.app.inject({ method: 'POST', url: '/api/jwt', headers: { cookie: p.cookie }, payload: { email: p.email } })).json() as { token: string }).token;

  it('two signed-in people and a visitor behind one address each have their own count', async () => {
    const a = await tokenOf(await registerFrom(t.app, NAT));
    const b = await tokenOf(await registerFrom(t.app, NAT));
    const statuses = async (token?: string) => {
      const out: number[] = [];
      for (let i = 0; i < 4; i++) out.push((await search(NAT, token)).statusCode);
      return out;
    };
    expect(await statuses(a)).toEqual([200, 200, 200, 429]);
    expect(await statuses(b)).toEqual([200, 200, 200, 429]);
    expect(await statuses()).toEqual([200, 200, 200, 429]);
    // A's count follows the account, whatever the address.
    expect((await search('198.51.100.3', a)).statusCode).toBe(429);
    // A token that does not verify is no account: it counts on the (spent) address.
    expect((await search(NAT, 'not.a.token')).statusCode).toBe(429);
  });

  it('an IPv6 caller counts with its /64, and an IPv4-mapped address as the IPv4 one', async () => {
    const codes = async (addresses: string[]) => {
      const out: number[] = [];
      for (const address of addresses) out.push((await search(address)).statusCode);
      return out;
    };
    expect(await codes(['2001:db8:5:6::1', '2001:db8:5:6:ffff::9', '2001:db8:5:6:0:0:0:3', '2001:db8:5:6::4'])).toEqual([200, 200, 200, 429]);
    expect(await codes(['2001:db8:5:7::1'])).toEqual([200]);
    expect(await codes(['192.0.2.61', '::ffff:192.0.2.61', '192.0.2.61', '::ffff:192.0.2.61'])).toEqual([200, 200, 200, 429]);
  });
});
