import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DonationRequest, PublicDonationRequest } from '../../shared/donation-requests/schemas';
import { todayInDhaka } from '../../shared/dates/model';
import type { User } from '../../shared/users/schemas';
import { donationRequestBody, inDays, registerUser, type TestUser, userWith } from '../../../test/fixtures';
import { createTestApp, errorBody, type TestApp } from '../../../test/helpers';
import { users } from '../db/schema/accounts';
import { donationPledges, donationRequests } from '../db/schema/requests';

// Issue 14 on donation requests: component, units and urgency; pledges towards k units; expiry;
// and closing the loop on the donors' profiles when a request is done.

let t: TestApp;
let requester: TestUser;
let volunteer: TestUser;
let blockedAdmin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  requester = await registerUser(t.app);
  volunteer = await userWith(t.app, t.database.db, 'volunteer');
  blockedAdmin = await userWith(t.app, t.database.db, 'admin', 'blocked');
});
afterAll(() => t.close());

const body = donationRequestBody;

async function create(overrides: Record<string, unknown> = {}, owner = requester): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/donationRequest', headers: owner.auth, payload: body(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { insertedId: string }).insertedId;
}
const read = async (id: string, as: TestUser = requester) =>
  (await t.app.inject({ method: 'GET', url: `/api/donationRequest?id=${id}`, headers: as.auth })).json() as DonationRequest;
const pledge = (id: string, donor: TestUser) => t.app.inject({ method: 'PATCH', url: `/api/confirmDonation/${id}`, headers: donor.auth });
const publicIds = async (query = '') =>
  ((await t.app.inject(`/api/donationRequest/pending?limit=100${query}`)).json() as PublicDonationRequest[]).map((r) => r._id);

describe('component, units and urgency', () => {
  it('default to whole blood, 1 unit, normal for a client that omits them, and an edit without them keeps them', async () => {
    const id = await create();
    expect(await read(id)).toMatchObject({ component: 'whole_blood', unitsNeeded: 1, urgency: 'normal', pledgeCount: 0, expired: false });
    const asked = await create({ component: 'platelets', unitsNeeded: 3, urgency: 'critical' });
    expect(await read(asked)).toMatchObject({ component: 'platelets', unitsNeeded: 3, urgency: 'critical' });
    const edit = await t.app.inject({ method: 'PATCH', url: `/api/donationRequest/${asked}`, headers: requester.auth, payload: body({ hospitalName: 'Square Hospital' }) });
    expect(edit.json()).toEqual({ modifiedCount: 1 });
    expect(await read(asked)).toMatchObject({ component: 'platelets', unitsNeeded: 3, urgency: 'critical', hospitalName: 'Square Hospital' });
  });

  it('refuses bad values with 400 in the error shape, and stores nothing', async () => {
    const before = (await t.database.db.select().from(donationRequests)).length;
    for (const bad of [
      { component: 'serum' },
      { component: 1 },
      { unitsNeeded: 0 },
      { unitsNeeded: 11 },
      { unitsNeeded: 1.5 },
      { unitsNeeded: '2' },
      { urgency: 'asap' },
      { urgency: null },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/donationRequest', headers: requester.auth, payload: body(bad) });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      const error = errorBody(res);
      expect(JSON.stringify(error.issues), JSON.stringify(bad)).toContain(Object.keys(bad)[0]!);
    }
    expect((await t.database.db.select().from(donationRequests)).length).toBe(before);
  });

  it('filters every list by urgency and keeps the soonest-first order', async () => {
    const critical = [await create({ urgency: 'critical', donationDate: inDays(5) }), await create({ urgency: 'critical', donationDate: inDays(4) })];
    const urgent = await create({ urgency: 'urgent' });
    const onlyCritical = await publicIds('&urgency=critical');
    expect(onlyCritical).toEqual(expect.arrayContaining(critical));
    expect(onlyCritical).not.toContain(urgent);
    expect(onlyCritical.indexOf(critical[1]!)).toBeLessThan(onlyCritical.indexOf(critical[0]!));
    // The public totals: each filter's its own, and the filters' add up to the unfiltered one.
    const totalOf = async (query: string) => {
      const res = await t.app.inject(`/api/donationRequest/pending?limit=100${query}`);
      expect(res.headers['x-total-count']).toBe(String((res.json() as unknown[]).length));
      return Number(res.headers['x-total-count']);
    };
    const byUrgency = [await totalOf('&urgency=critical'), await totalOf('&urgency=urgent'), await totalOf('&urgency=normal')];
    expect(byUrgency[0]).toBe(onlyCritical.length);
    expect(byUrgency[1]).toBeGreaterThanOrEqual(1);
    expect(await totalOf('')).toBe(byUrgency.reduce((a, n) => a + n, 0));
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/donationRequest?email=${encodeURIComponent(requester.email)}&urgency=urgent`,
      headers: requester.auth,
    });
    expect((mine.json() as DonationRequest[]).map((r) => r.urgency)).toEqual(['urgent']);
    const all = await t.app.inject({ method: 'GET', url: '/api/donationRequestAdmin/admin?urgency=critical&limit=100', headers: volunteer.auth });
    const allCritical = all.json() as DonationRequest[];
    expect(allCritical.every((r) => r.urgency === 'critical')).toBe(true);
    expect(allCritical.map((r) => r._id)).toEqual(expect.arrayContaining(critical));
    expect(all.headers['x-total-count']).toBe(String(allCritical.length));
    const bad = await t.app.inject('/api/donationRequest/pending?urgency=soon');
    expect(bad.statusCode).toBe(400);
    errorBody(bad);
  });
});

describe('pledges towards the units needed', () => {
  it('keeps a 2-unit request pending and public until the second pledge; the requester and staff see both pledges, others the count', async () => {
    const id = await create({ unitsNeeded: 2, urgency: 'urgent' });
    const [first, second, third] = [await registerUser(t.app, { name: 'First Donor' }), await registerUser(t.app, { name: 'Second Donor' }), await registerUser(t.app)];

    expect((await pledge(id, first)).json()).toEqual({ matchedCount: 1 });
    expect(await read(id)).toMatchObject({ donationStatus: 'pending', pledgeCount: 1, donarName: null, donarEmail: null });
    expect(await publicIds()).toContain(id);
    const again = await pledge(id, first);
    expect(again.statusCode).toBe(409);
    expect(errorBody(again).code).toBe('ALREADY_PLEDGED');

    expect((await pledge(id, second)).statusCode).toBe(200);
    const done = await read(id);
    expect(done).toMatchObject({ donationStatus: 'inprogress', pledgeCount: 2, donarName: 'First Donor', donarEmail: first.email });
    expect(done.pledges!.map((p) => p.email)).toEqual([first.email, second.email]);
    expect(await publicIds()).not.toContain(id);
    expect((await read(id, volunteer)).pledges).toHaveLength(2);
    // A donor sees the request, not who else pledged.
    expect((await read(id, second)).pledges).toBeUndefined();
    expect((await read(id, third)).pledges).toBeUndefined();

    const late = await pledge(id, third);
    expect(late.statusCode).toBe(409);
    errorBody(late);
  });

  it('lets exactly k of N simultaneous pledges to a k-unit request succeed', async () => {
    const k = 3;
    const id = await create({ unitsNeeded: k });
    const donors = await Promise.all(Array.from({ length: 12 }, () => registerUser(t.app)));
    const answers = await Promise.all(donors.map((d) => pledge(id, d)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(k);
    expect(codes.filter((c) => c === 409)).toHaveLength(donors.length - k);
    const pledges = await t.database.db.select().from(donationPledges).where(eq(donationPledges.requestId, id));
    expect(pledges).toHaveLength(k);
    expect(await read(id)).toMatchObject({ donationStatus: 'inprogress', pledgeCount: k });
  });

  it('will not lower the units below the pledges already made', async () => {
    const id = await create({ unitsNeeded: 3 });
    await pledge(id, await registerUser(t.app));
    await pledge(id, await registerUser(t.app));
    const res = await t.app.inject({ method: 'PATCH', url: `/api/donationRequest/${id}`, headers: requester.auth, payload: body({ unitsNeeded: 2 }) });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(errorBody(res).issues)).toContain('unitsNeeded');
    expect(await read(id)).toMatchObject({ unitsNeeded: 3, pledgeCount: 2, donationStatus: 'pending' });
  });

  it('will not lower an in-progress request below its pledges either (400, not a 500 from the database)', async () => {
    const id = await create({ unitsNeeded: 2 });
    await pledge(id, await registerUser(t.app));
    await pledge(id, await registerUser(t.app));
    const res = await t.app.inject({ method: 'PATCH', url: `/api/donationRequest/${id}`, headers: requester.auth, payload: body({ unitsNeeded: 1 }) });
    expect(res.statusCode).toBe(400);
    errorBody(res);
    expect(await read(id)).toMatchObject({ unitsNeeded: 2, pledgeCount: 2, donationStatus: 'inprogress' });
    // Other edits of it still work.
    const ok = await t.app.inject({ method: 'PATCH', url: `/api/donationRequest/${id}`, headers: requester.auth, payload: body({ hospitalName: 'Square Hospital' }) });
    expect(ok.json()).toEqual({ modifiedCount: 1 });
  });
});

describe('expiry', () => {
  it('takes a request whose time has passed (Dhaka) off the public list, refuses pledges, shows it expired to its owner, and reopens it when the date moves on', async () => {
    const id = await create({ donationDate: todayInDhaka(), donationTime: '23:59' });
    expect(await publicIds()).toContain(id);
    // Its time passes: one minute ago, in Dhaka.
    await t.database.db.update(donationRequests).set({ neededBy: new Date(Date.now() - 60_000) }).where(eq(donationRequests.id, id));
    await new Promise((resolve) => setTimeout(resolve, 1100)); // the public list's cache lives a second
    expect(await publicIds()).not.toContain(id);
    expect(await read(id)).toMatchObject({ donationStatus: 'pending', expired: true });
    const late = await pledge(id, await registerUser(t.app));
    expect(late.statusCode).toBe(409);
    expect(errorBody(late).code).toBe('REQUEST_EXPIRED');

    const reopened = await t.app.inject({ method: 'PATCH', url: `/api/donationRequest/${id}`, headers: requester.auth, payload: body({ donationDate: inDays(1) }) });
    expect(reopened.json()).toEqual({ modifiedCount: 1 });
    expect(await read(id)).toMatchObject({ expired: false });
    expect(await publicIds()).toContain(id);
  });

  it('reads the time as written: 10:30 PM is 22:30 in Dhaka', async () => {
    const id = await create({ donationDate: inDays(1), donationTime: '10:30 PM' });
    const [row] = await t.database.db.select().from(donationRequests).where(eq(donationRequests.id, id));
    expect(row!.neededBy.toISOString()).toBe(new Date(`${inDays(1)}T22:30:00+06:00`).toISOString());
  });
});

describe('closing the loop', () => {
  it('on done, each pledged donor has given on the donation day, once more, and can give again after the interval', async () => {
    const day = inDays(0);
    const id = await create({ unitsNeeded: 2, component: 'platelets', donationDate: day, donationTime: '23:59' });
    // B+ donors: O+ platelets cannot go to this B+ patient, and such a pledge is refused (issue 30).
    const a = await registerUser(t.app, { blood_group: 'B+' });
    const b = await registerUser(t.app, { blood_group: 'B+' });
    await pledge(id, a);
    await pledge(id, b);
    // b has a later donation on record by the time it is marked done (recorded after the pledge:
    // a donor past their interval cannot pledge, issue 30): it is kept.
    await t.database.db.update(users).set({ lastDonationDate: inDays(1), nextEligibleDate: inDays(121), donationCount: 4 }).where(eq(users.id, b.id));

    const refused = await t.app.inject({ method: 'PATCH', url: `/api/donationRequest/${id}/status`, headers: blockedAdmin.auth, payload: { donationStatus: 'done' } });
    expect(refused.statusCode).toBe(403);
    errorBody(refused);

    const res = await t.app.inject({ method: 'PATCH', url: `/api/donationRequest/${id}/status`, headers: requester.auth, payload: { donationStatus: 'done' } });
    expect(res.json()).toEqual({ modifiedCount: 1 });
    const profile = async (u: TestUser) =>
      (await t.app.inject({ method: 'GET', url: `/api/users/${encodeURIComponent(u.email)}`, headers: u.auth })).json() as User;
    expect(await profile(a)).toMatchObject({ lastDonationDate: day, donationCount: 1, nextEligibleDate: todayInDhaka(Date.parse(`${day}T12:00:00+06:00`) + 7 * 86_400_000) });
    expect(await profile(b)).toMatchObject({ lastDonationDate: inDays(1), donationCount: 5, nextEligibleDate: inDays(121) });

    // A second "done" changes nothing (409), and counts nothing twice.
    const twice = await t.app.inject({ method: 'PATCH', url: `/api/donationRequest/${id}/status`, headers: requester.auth, payload: { donationStatus: 'done' } });
    expect(twice.statusCode).toBe(409);
    expect((await profile(a)).donationCount).toBe(1);
  });
});

describe('the donor\'s own fields', () => {
  const profileBody = (overrides: Record<string, unknown>) => ({ name: 'Rahim Uddin', blood_group: 'O+', division: '1', district: '1', upazila: '1', ...overrides });
  const patch = (u: TestUser, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/api/users/${encodeURIComponent(u.email)}`, headers: u.auth, payload });

  it('sets the last donation (its next eligible day counted as whole blood) and the availability switch', async () => {
    const u = await registerUser(t.app);
    expect((await patch(u, profileBody({ lastDonationDate: inDays(-30), available: false }))).json()).toEqual({ modifiedCount: 1 });
    const me = (await t.app.inject({ method: 'GET', url: `/api/users/${encodeURIComponent(u.email)}`, headers: u.auth })).json() as User;
    expect(me).toMatchObject({ lastDonationDate: inDays(-30), available: false, nextEligibleDate: inDays(90), donationCount: 0 });
    // Omitted: kept. '' or null: never donated.
    expect((await patch(u, profileBody({}))).json()).toEqual({ modifiedCount: 0 });
    expect((await patch(u, profileBody({ lastDonationDate: '' }))).json()).toEqual({ modifiedCount: 1 });
    const cleared = (await t.app.inject({ method: 'GET', url: `/api/users/${encodeURIComponent(u.email)}`, headers: u.auth })).json() as User;
    expect(cleared).toMatchObject({ lastDonationDate: null, nextEligibleDate: null, available: false });
  });

  it('refuses a future or impossible date and a non-boolean switch (400), changing nothing', async () => {
    const u = await registerUser(t.app);
    for (const bad of [{ lastDonationDate: inDays(1) }, { lastDonationDate: '2026-02-30' }, { lastDonationDate: 'yesterday' }, { available: 'no' }, { available: 1 }]) {
      const res = await patch(u, profileBody(bad));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      errorBody(res);
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row).toMatchObject({ lastDonationDate: null, available: true });
  });
});
