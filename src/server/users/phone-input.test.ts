import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_MESSAGES } from '../../shared/phone/texts';
import { users } from '../db/schema/accounts';
import { donationRequests } from '../db/schema/requests';
import { donationRequestBody, registrationBody, registerUser, type TestUser, userWith } from '../../../test/fixtures';
import { createTestApp, errorBody, type TestApp } from '../../../test/helpers';

// Issue 38: the phone given at registration is stored, and every phone field (registration,
// profile edit, a request's contact phone) takes Bangla digits and the +88 / 88 / 0 forms,
// all through the one shared schema (shared/phone/schemas.ts).

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await userWith(t.app, t.database.db, 'admin');
});
afterAll(() => t.close());

const phoneOf = async (id: string) => (await t.database.db.select({ phone: users.phone }).from(users).where(eq(users.id, id)))[0]?.phone;
const register = (payload: object) => t.app.inject({ method: 'POST', url: '/api/users', payload });
const countUsers = async () => (await t.database.db.select({ id: users.id }).from(users)).length;

describe('POST /api/users with a phone', () => {
  it.each([
    ['ASCII with a leading 0', '01712345678', '+8801712345678'],
    ['Bangla digits', '০১৮১২-৩৪৫৬৭৮', '+8801812345678'],
    ['Bangla with +88', '+৮৮০ ১৯১২ ৩৪৫৬৭৮', '+8801912345678'],
    ['88 without the +', '8801312345678', '+8801312345678'],
  ])('stores %s as +8801XXXXXXXXX', async (_name, typed, stored) => {
    const res = await register(await registrationBody(t.app, { phone: typed }));
    expect(res.statusCode).toBe(201);
    const id = (res.json() as { insertedId: string }).insertedId;
    expect(await phoneOf(id)).toBe(stored);
  });

  it('shows the registered phone in the owner\'s own view only', async () => {
    const donor = await registerUser(t.app, { phone: '০১৭১১-১১১১১১' });
    const own = await t.app.inject({ url: `/api/users/${encodeURIComponent(donor.email)}`, headers: donor.auth });
    expect(own.json()).toMatchObject({ phone: '+8801711111111' });
    const asAdmin = await t.app.inject({ url: `/api/users/${encodeURIComponent(donor.email)}`, headers: admin.auth });
    expect(asAdmin.statusCode).toBe(200);
    expect((asAdmin.json() as { phone?: unknown }).phone).toBeUndefined();
  });

  it.each([['omitted', {}], ['empty', { phone: '' }], ['null', { phone: null }]])('registers without a phone when it is %s', async (_name, extra) => {
    const res = await register(await registrationBody(t.app, extra));
    expect(res.statusCode).toBe(201);
    expect(await phoneOf((res.json() as { insertedId: string }).insertedId)).toBeNull();
  });

  it.each([
    ['too short', '০১৭১২৩৪৫'],
    ['not a mobile', '0296655443'],
    ['a number, not a string', 1712345678],
    ['too long', '0'.repeat(31)],
  ])('refuses a phone that is %s with 400 on body.phone and creates nobody', async (_name, phone) => {
    const before = await countUsers();
    const res = await register(await registrationBody(t.app, { phone }));
    expect(res.statusCode).toBe(400);
    expect(errorBody(res).issues).toContainEqual({ path: 'body.phone', message: PHONE_MESSAGES.invalid });
    expect(await countUsers()).toBe(before);
  });
});

describe('PATCH /api/users/{email} with a phone in Bangla digits', () => {
  it('stores the normal form, refuses a bad one with 400, clears with empty', async () => {
    const donor = await registerUser(t.app);
    const patch = (phone: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/users/${encodeURIComponent(donor.email)}`,
        headers: donor.auth,
        payload: { name: 'Rahim Uddin', blood_group: 'O+', division: '1', district: '1', upazila: '1', phone },
      });
    expect((await patch('+৮৮০১৫১২৩৪৫৬৭৮')).statusCode).toBe(200);
    expect(await phoneOf(donor.id)).toBe('+8801512345678');
    const bad = await patch('০১২১২৩৪৫৬৭৮');
    expect(bad.statusCode).toBe(400);
    expect(errorBody(bad).issues).toContainEqual({ path: 'body.phone', message: PHONE_MESSAGES.invalid });
    expect(await phoneOf(donor.id)).toBe('+8801512345678');
    expect((await patch('')).statusCode).toBe(200);
    expect(await phoneOf(donor.id)).toBeNull();
  });
});

describe('POST /api/donationRequest with a contactPhone in Bangla digits', () => {
  it('stores the normal form, and refuses a bad one with 400', async () => {
    const requester = await registerUser(t.app);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/donationRequest',
      headers: requester.auth,
      payload: donationRequestBody({ contactPhone: '৮৮০১৬১২৩৪৫৬৭৮' }),
    });
    expect(ok.statusCode).toBe(201);
    const id = (ok.json() as { insertedId: string }).insertedId;
    const [row] = await t.database.db.select({ phone: donationRequests.contactPhone }).from(donationRequests).where(eq(donationRequests.id, id));
    expect(row?.phone).toBe('+8801612345678');

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/donationRequest',
      headers: requester.auth,
      payload: donationRequestBody({ contactPhone: '১২৩৪' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(errorBody(bad).issues).toContainEqual({ path: 'body.contactPhone', message: PHONE_MESSAGES.invalid });
  });
});
