import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_LIST_MESSAGES } from '../../shared/users/texts';
import { users } from '../db/schema/accounts';
import { registerUser, type TestUser, uniqueEmail, userWith } from '../../../test/fixtures';
import { createTestApp, errorBody, type TestApp } from '../../../test/helpers';

// All Users (issue 38): GET /api/users?q=&role=&bloodGroup= with the spec's status and paging.
// Each test app has its own database, so the lists below are exactly these accounts.

let t: TestApp;
let admin: TestUser;
let volunteer: TestUser;
let blockedAdmin: TestUser;
let rahima: TestUser;
let karim: TestUser;
let sadia: TestUser;
let blockedDonor: TestUser;
let deleted: TestUser;

const named = async (name: string, overrides: Record<string, unknown> = {}, prefix = 'user') =>
  registerUser(t.app, { name, email: uniqueEmail(prefix), ...overrides });
const setRow = (u: TestUser, values: Partial<typeof users.$inferInsert>) => t.database.db.update(users).set(values).where(eq(users.id, u.id));

beforeAll(async () => {
  t = await createTestApp();
  admin = await userWith(t.app, t.database.db, 'admin');
  volunteer = await userWith(t.app, t.database.db, 'volunteer');
  blockedAdmin = await userWith(t.app, t.database.db, 'admin', 'blocked');
  // The fixtures' accounts are all "Rahim Uddin": these three get names of their own.
  await setRow(admin, { name: 'Site Admin' });
  await setRow(volunteer, { name: 'Nadia Volunteer' });
  await setRow(blockedAdmin, { name: 'Former Admin' });
  rahima = await named('Rahima Begum', { blood_group: 'A+', phone: '01712345678' }, 'rahima.b');
  karim = await named('Karim Uddin', { blood_group: 'B+' }, 'karim_x');
  await setRow(karim, { role: 'volunteer' });
  sadia = await named('Sadia 50% Akter', { blood_group: 'O-' });
  blockedDonor = await named('Rahim Blocked', { blood_group: 'O-' });
  await setRow(blockedDonor, { status: 'blocked' });
  deleted = await named('Rahima Gone', { blood_group: 'A+' });
  await setRow(deleted, { deletedAt: new Date() });
});
afterAll(() => t.close());

const list = async (query: string, who: TestUser = admin) => {
  const res = await t.app.inject({ url: `/api/users?limit=100&${query}`, headers: who.auth } satisfies InjectOptions);
  expect(res.statusCode, res.body).toBe(200);
  const emails = (res.json() as { email: string }[]).map((u) => u.email).sort();
  return { emails, total: Number(res.headers['x-total-count']) };
};
const emailsOf = (...us: TestUser[]) => us.map((u) => u.email).sort();

describe('GET /api/users?q= (name, email or phone)', () => {
  it('finds a part of the name, any case, trimmed, and never a deleted account', async () => {
    expect(await list(`q=${encodeURIComponent('  rAhImA ')}`)).toEqual({ emails: emailsOf(rahima), total: 1 });
    // "Rahim" is in "Rahima Begum" and "Rahim Blocked".
    expect((await list('q=rahim')).emails).toEqual(emailsOf(rahima, blockedDonor));
  });

  it('finds a part of the email', async () => {
    expect((await list('q=RAHIMA.B')).emails).toEqual(emailsOf(rahima));
  });

  it('takes % and _ literally (no LIKE wildcards)', async () => {
    expect((await list(`q=${encodeURIComponent('%')}`)).emails).toEqual(emailsOf(sadia));
    expect((await list(`q=${encodeURIComponent('50%')}`)).emails).toEqual(emailsOf(sadia));
    expect((await list('q=_')).emails).toEqual(emailsOf(karim));
    expect((await list(`q=${encodeURIComponent('\\')}`)).emails).toEqual([]);
  });

  it('finds a whole phone number in any typed form, and nobody by a part of one', async () => {
    for (const typed of ['01712345678', '+8801712345678', '০১৭১২-৩৪৫৬৭৮', '+৮৮০ ১৭১২ ৩৪৫৬৭৮']) {
      expect((await list(`q=${encodeURIComponent(typed)}`)).emails, typed).toEqual(emailsOf(rahima));
    }
    expect(await list('q=01712')).toEqual({ emails: [], total: 0 });
    expect(await list('q=345678')).toEqual({ emails: [], total: 0 });
  });

  it('lists nobody for a search that matches nobody', async () => {
    expect(await list('q=nobody-has-this')).toEqual({ emails: [], total: 0 });
  });

  it('treats an empty or blank q as no search', async () => {
    const all = await list('');
    expect(all.total).toBe(7);
    expect(await list('q=')).toEqual(all);
    expect(await list('q=%20%20')).toEqual(all);
  });
});

describe('GET /api/users?role=&bloodGroup=', () => {
  it('filters by role', async () => {
    expect((await list('role=volunteer')).emails).toEqual(emailsOf(volunteer, karim));
    expect((await list('role=admin')).emails).toEqual(emailsOf(admin, blockedAdmin));
    expect((await list('role=donner')).emails).toEqual(emailsOf(rahima, sadia, blockedDonor));
  });

  it('filters by blood group, encoded, as the search code, or with an unencoded +', async () => {
    for (const group of ['A%2B', 'AA', 'A+', 'a%2b']) expect((await list(`bloodGroup=${group}`)).emails, group).toEqual(emailsOf(rahima));
    expect((await list('bloodGroup=O-')).emails).toEqual(emailsOf(sadia, blockedDonor));
    expect((await list('bloodGroup=AB-')).emails).toEqual([]);
  });
});

describe('GET /api/users: filters together, with status and pages', () => {
  it('combines role, blood group and status', async () => {
    expect((await list('role=donner&bloodGroup=O-&status=blocked')).emails).toEqual(emailsOf(blockedDonor));
    expect((await list('role=donner&bloodGroup=O-&status=active')).emails).toEqual(emailsOf(sadia));
    expect((await list('role=volunteer&bloodGroup=O-')).emails).toEqual([]);
  });

  it('combines the search with the filters', async () => {
    expect((await list('q=rahim&status=active')).emails).toEqual(emailsOf(rahima));
    expect((await list('q=rahim&bloodGroup=O-')).emails).toEqual(emailsOf(blockedDonor));
    expect((await list('q=rahim&role=volunteer')).emails).toEqual([]);
  });

  it('pages a filtered list, with the filtered total', async () => {
    const first = await t.app.inject({ url: '/api/users?role=donner&limit=2&page=1', headers: admin.auth });
    const second = await t.app.inject({ url: '/api/users?role=donner&limit=2&page=2', headers: admin.auth });
    expect(first.headers['x-total-count']).toBe('3');
    expect(second.headers['x-total-count']).toBe('3');
    const seen = [...(first.json() as { email: string }[]), ...(second.json() as { email: string }[])].map((u) => u.email).sort();
    expect(seen).toEqual(emailsOf(rahima, sadia, blockedDonor));
  });

  it('never lists anyone\'s phone', async () => {
    const res = await t.app.inject({ url: '/api/users?q=01712345678', headers: admin.auth });
    expect(res.body).not.toContain('1712345678');
    expect(res.body).not.toContain('"phone"');
  });
});

describe('GET /api/users: refusals', () => {
  it.each([
    ['an unknown role', 'role=superuser', USER_LIST_MESSAGES.unknownRole],
    ['an unknown blood group', 'bloodGroup=C%2B', USER_LIST_MESSAGES.unknownBloodGroup],
    ['a search of 101 characters', `q=${'a'.repeat(101)}`, USER_LIST_MESSAGES.searchTooLong],
    ['a search of 101 Bangla letters', `q=${encodeURIComponent('ক'.repeat(101))}`, USER_LIST_MESSAGES.searchTooLong],
  ])('refuses %s with 400', async (_name, query, message) => {
    const res = await t.app.inject({ url: `/api/users?${query}`, headers: admin.auth });
    expect(res.statusCode).toBe(400);
    expect(errorBody(res).issues?.map((i) => i.message)).toContain(message);
  });

  it('takes a search of 100 characters (after trimming)', async () => {
    expect(await list(`q=${encodeURIComponent(` ${'a'.repeat(100)} `)}`)).toEqual({ emails: [], total: 0 });
  });

  it('is for active admins only: donor and volunteer 403, blocked admin 403, no token 401', async () => {
    const url = '/api/users?q=rahima&role=donner&bloodGroup=A%2B';
    expect((await t.app.inject({ url, headers: rahima.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ url, headers: volunteer.auth })).statusCode).toBe(403);
    const blocked = await t.app.inject({ url, headers: blockedAdmin.auth });
    expect(blocked.statusCode).toBe(403);
    errorBody(blocked);
    const anonymous = await t.app.inject({ url });
    expect(anonymous.statusCode).toBe(401);
    errorBody(anonymous);
  });
});
