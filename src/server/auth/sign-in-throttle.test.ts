import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type TestUser, uniqueEmail } from '../../../test/fixtures';
import { createTestApp, errorBody, type TestApp } from '../../../test/helpers';
import { KNOWN_DEVICE_COOKIE } from './sign-in-throttle';

// Issue 12, item 3: password guessing is limited per account, not only per address.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const WRONG = 'Wrong#123';
let address = 0;
/** Every attempt from another address: the per-address limit cannot be what stops them. */
const signIn = (email: string, password: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: `10.1.${Math.floor(++address / 250) % 250}.${address % 250}`,
    headers: cookie ? { cookie } : {},
    payload: { email, password },
  });
const statuses = async (email: string, n: number, password = WRONG) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await signIn(email, password)).statusCode);
  return out;
};
/** Ends the current lock of a counter, as waiting would. */
const expireLocks = () => t.database.db.execute(sql`UPDATE sign_in_failures SET locked_until = now() - interval '1 second' WHERE locked_until IS NOT NULL`);
const deviceCookie = (res: Awaited<ReturnType<typeof signIn>>) => {
  const c = res.cookies.find((x) => x.name === KNOWN_DEVICE_COOKIE);
  return c ? `${c.name}=${c.value}` : undefined;
};

describe('per-account sign-in throttle', () => {
  it('locks an account after 5 failed attempts from 5 addresses: the right password is refused too, then works once the lock ends', async () => {
    const user = await registerUser(t.app);
    expect(await statuses(user.email, 5)).toEqual([401, 401, 401, 401, 401]);
    const locked = await signIn(user.email, user.password);
    expect(locked.statusCode).toBe(429);
    expect(errorBody(locked).code).toBe('SIGN_IN_LOCKED');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(locked.cookies.some((c) => c.name.includes('session_token') && c.value)).toBe(false);
    await expireLocks();
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
    // A success clears the count: five more failures are needed for the next lock.
    expect(await statuses(user.email, 5)).toEqual([401, 401, 401, 401, 401]);
    expect((await signIn(user.email, WRONG)).statusCode).toBe(429);
  });

  it('each attempt after a lock locks again for twice as long (up to the cap)', async () => {
    const user = await registerUser(t.app);
    await statuses(user.email, 5);
    await expireLocks();
    expect((await signIn(user.email, WRONG)).statusCode).toBe(401);
    const second = await signIn(user.email, WRONG);
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(60);
    expect(Number(second.headers['retry-after'])).toBeLessThanOrEqual(120);
  });

  it('answers an unknown email exactly like a real account (no enumeration)', async () => {
    const user = await registerUser(t.app);
    const known = await statuses(user.email, 7);
    const unknown = await statuses(uniqueEmail('nobody'), 7);
    expect(unknown).toEqual(known);
    expect(known).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it('counts parallel guesses in full: at most 5 of 30 reach the password check', async () => {
    const user = await registerUser(t.app);
    const results = await Promise.all(Array.from({ length: 30 }, () => signIn(user.email, WRONG)));
    const checked = results.filter((r) => r.statusCode === 401).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(results.filter((r) => r.statusCode === 429).length).toBe(30 - checked);
  });

  it("a device the user signed in on before is not locked out by someone else's guesses", async () => {
    const user = await registerUser(t.app);
    const first = await signIn(user.email, user.password);
    expect(first.statusCode).toBe(200);
    const device = deviceCookie(first);
    expect(device).toBeDefined();
    const attr = first.cookies.find((c) => c.name === KNOWN_DEVICE_COOKIE)!;
    expect(attr).toMatchObject({ httpOnly: true, path: '/api/auth', sameSite: 'Lax' });
    await statuses(user.email, 6); // the attacker locks the account
    expect((await signIn(user.email, user.password)).statusCode).toBe(429);
    expect((await signIn(user.email, user.password, device)).statusCode).toBe(200);
  });

  it("a known-device cookie is for its own account only, cannot be forged, and is itself limited", async () => {
    const user = await registerUser(t.app);
    const other: TestUser = await registerUser(t.app);
    const device = deviceCookie(await signIn(other.email, other.password))!;
    await statuses(user.email, 5);
    expect((await signIn(user.email, user.password, device)).statusCode).toBe(429);
    const [name, value] = device.split('=') as [string, string];
    const forged = `${name}=${value.slice(0, -2)}xx`;
    expect((await signIn(user.email, user.password, forged)).statusCode).toBe(429);
    // Guessing from a known device is counted against that device.
    const mine = deviceCookie(await signIn(other.email, other.password))!;
    const fromDevice = [];
    for (let i = 0; i < 6; i++) fromDevice.push((await signIn(other.email, WRONG, mine)).statusCode);
    expect(fromDevice).toEqual([401, 401, 401, 401, 401, 429]);
  });
});
