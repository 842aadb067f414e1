import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInDhaka } from '../../shared/dates/model';
import type { Match } from '../../shared/donation-requests/schemas';
import { registerUser, type TestUser, userWith } from '../../../test/fixtures';
import { createTestApp, errorBody, type TestApp } from '../../../test/helpers';
import { users } from '../db/schema/accounts';
import { DONATION_INTERVAL_DAYS, greatCircleKm } from '../../shared/matching/model';
import { refreshEligibility } from '.';
import { MATCH_LIMIT } from './service';

// GET /api/donationRequest/{id}/matches: who may ask, who is matched, and in which order.

let t: TestApp;
const inDays = (n: number) => todayInDhaka(Date.now() + n * 86_400_000);
const DONATION_DAY = inDays(3);
/** A day `n` days before the donation day. */
const beforeDonation = (n: number) => new Date(Date.parse(`${DONATION_DAY}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

interface Place {
  division: string;
  district: string;
  upazila: string;
}
let home: Place; // the request's upazila, in Comilla (district 1)
let homeDistrict: Place; // another upazila of Comilla
let near: Place; // the district nearest to Comilla
let far: Place; // the district farthest from Comilla
let requester: TestUser;
let volunteer: TestUser;
let admin: TestUser;
let stranger: TestUser;
let blockedVolunteer: TestUser;
const donors: Record<string, TestUser> = {};
let requestId: string;

async function donor(name: string, group: string, place: Place, extra: { lastDonationDate?: string; available?: boolean; status?: 'blocked' } = {}) {
  const user = await registerUser(t.app, { name, blood_group: group, ...place });
  if (extra.lastDonationDate !== undefined || extra.available !== undefined) {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${encodeURIComponent(user.email)}`,
      headers: user.auth,
      payload: { name, blood_group: group, ...place, ...extra },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  if (extra.status) await t.database.db.update(users).set({ status: extra.status }).where(eq(users.id, user.id));
  donors[name] = user;
  return user;
}

const matches = (user: TestUser | null, id = requestId, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/donationRequest/${id}/matches${query}`, headers: user ? user.auth : {} });
const names = (res: { json(): unknown }) => (res.json() as Match[]).map((m) => m.name);

beforeAll(async () => {
  t = await createTestApp();
  const { rows } = await t.database.pool.query<{ district_id: number; division_id: number; upazila_id: number; lat: number; lon: number }>(
    `SELECT DISTINCT ON (u.district_id) u.district_id, d.division_id, u.id AS upazila_id, d.lat, d.lon
     FROM upazilas u JOIN districts d ON d.id = u.district_id ORDER BY u.district_id, u.id`,
  );
  const place = (r: (typeof rows)[number], upazila = r.upazila_id): Place => ({ division: String(r.division_id), district: String(r.district_id), upazila: String(upazila) });
  const comilla = rows.find((r) => r.district_id === 1)!;
  const others = rows.filter((r) => r.district_id !== 1).sort((a, b) => greatCircleKm(comilla, a) - greatCircleKm(comilla, b));
  home = place(comilla);
  const second = await t.database.pool.query<{ id: number }>('SELECT id FROM upazilas WHERE district_id = 1 AND id <> $1 ORDER BY id LIMIT 1', [comilla.upazila_id]);
  homeDistrict = place(comilla, second.rows[0]!.id);
  near = place(others[0]!);
  far = place(others.at(-1)!);

  requester = await registerUser(t.app, { name: 'Requester', blood_group: 'A+', ...home });
  volunteer = await userWith(t.app, t.database.db, 'volunteer');
  admin = await userWith(t.app, t.database.db, 'admin');
  stranger = await registerUser(t.app, { name: 'Stranger', blood_group: 'AB+', ...far });
  blockedVolunteer = await userWith(t.app, t.database.db, 'volunteer', 'blocked');
  // Staff register in Comilla with O+; make them a group that cannot give to the A+ patient (nor plasma to an AB one).
  for (const staff of [volunteer, admin, blockedVolunteer]) await t.database.db.update(users).set({ bloodGroup: 'B-' }).where(eq(users.id, staff.id));

  await donor('Same upazila, never gave', 'A+', home);
  await donor('Same upazila, gave long ago', 'A+', home, { lastDonationDate: inDays(-400) });
  await donor('Same district', 'A+', homeDistrict);
  await donor('Nearest district', 'A+', near);
  await donor('Farthest district', 'A+', far);
  await donor('Compatible O-', 'O-', home);
  await donor('Eligible on the day', 'A+', far, { lastDonationDate: beforeDonation(120) });
  await donor('One day short', 'A+', home, { lastDonationDate: beforeDonation(119) });
  await donor('Switched off', 'A+', home, { available: false });
  await donor('Incompatible B+', 'B+', home);
  await donor('Blocked', 'A+', home, { status: 'blocked' });

  const res = await t.app.inject({
    method: 'POST',
    url: '/api/donationRequest',
    headers: requester.auth,
    payload: {
      recipientName: 'Karim',
      bloodGroup: 'A+',
      hospitalName: 'Comilla Medical College Hospital',
      fullAddress: 'Kuchaitoli, Comilla',
      donationDate: DONATION_DAY,
      donationTime: '10:00',
      requestMessage: 'Surgery',
      recipientDivision: home.division,
      recipientDistrict: home.district,
      recipientUpazila: home.upazila,
      component: 'red_cells',
      unitsNeeded: 2,
      urgency: 'urgent',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  requestId = (res.json() as { insertedId: string }).insertedId;
});
afterAll(() => t.close());

describe('GET /api/donationRequest/{id}/matches', () => {
  it('lists eligible compatible donors: identical group first, then the upazila, the district, nearer districts, who gave longest ago', async () => {
    const res = await matches(requester);
    expect(res.statusCode, res.body).toBe(200);
    expect(names(res)).toEqual([
      'Same upazila, never gave',
      'Same upazila, gave long ago',
      'Same district',
      'Nearest district',
      // Two in the farthest district: the one who never gave first.
      'Farthest district',
      'Eligible on the day',
      'Compatible O-',
    ]);
    expect(res.headers['x-total-count']).toBe('7');
    // A uuid in capitals is the same request.
    expect(names(await matches(requester, requestId.toUpperCase()))).toEqual(names(res));
  });

  it('answers only what the screen needs: no email, phone or account details', async () => {
    const rows = (await matches(requester)).json() as Match[];
    // The place ids (issue 16) let the web show the Bangla names; they are not personal data.
    const keys = ['_id', 'avatar', 'blood_group', 'district', 'distanceKm', 'name', 'nextEligibleDate', 'upazila', 'divisionId', 'districtId', 'upazilaId'];
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(keys.sort());
    for (const row of rows) expect(row.divisionId).toMatch(/^\d+$/);
    const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
    expect(byName['Same upazila, never gave']!.distanceKm).toBe(0);
    expect(byName['Nearest district']!.distanceKm).toBeGreaterThan(0);
    expect(byName['Farthest district']!.distanceKm).toBeGreaterThan(byName['Nearest district']!.distanceKm);
    expect(byName['Same upazila, never gave']!.nextEligibleDate).toBeNull();
    expect(byName['Eligible on the day']!.nextEligibleDate).toBe(DONATION_DAY);
  });

  it('pages through the same order, with the total in X-Total-Count', async () => {
    const first = await matches(requester, requestId, '?page=1&limit=3');
    const second = await matches(requester, requestId, '?page=2&limit=3');
    const third = await matches(requester, requestId, '?page=3&limit=3');
    expect([...names(first), ...names(second), ...names(third)]).toEqual(names(await matches(requester)));
    expect(second.headers['x-total-count']).toBe('7');
  });

  it('leaves out a donor once they pledged', async () => {
    const pledge = await t.app.inject({ method: 'PATCH', url: `/api/confirmDonation/${requestId}`, headers: donors['Same district']!.auth });
    expect(pledge.statusCode, pledge.body).toBe(200);
    const res = await matches(requester);
    expect(names(res)).not.toContain('Same district');
    expect(res.headers['x-total-count']).toBe('6');
  });

  it('answers volunteers and admins too', async () => {
    expect((await matches(volunteer)).statusCode).toBe(200);
    expect((await matches(admin)).statusCode).toBe(200);
  });

  it('refuses anyone else, a blocked volunteer and the signed out', async () => {
    const other = await matches(stranger);
    expect(other.statusCode).toBe(403);
    errorBody(other);
    const blocked = await matches(blockedVolunteer);
    expect(blocked.statusCode).toBe(403);
    errorBody(blocked);
    expect((await matches(donors['Same upazila, never gave']!)).statusCode).toBe(403);
    const anonymous = await matches(null);
    expect(anonymous.statusCode).toBe(401);
    errorBody(anonymous);
  });

  it('answers 404 for a missing request and 400 for bad input', async () => {
    const missing = await matches(requester, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    errorBody(missing);
    for (const [id, query] of [
      ['not-a-uuid', ''],
      [requestId, '?limit=101'],
      [requestId, '?page=0'],
      [requestId, '?limit=abc'],
    ] as const) {
      const res = await matches(requester, id, query);
      expect(res.statusCode, `${id}${query}`).toBe(400);
      errorBody(res);
    }
  });

  it('matches plasma the other way round: an AB patient gets AB plasma only, an O patient any group\'s', async () => {
    const plasmaFor = async (bloodGroup: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/donationRequest',
        headers: requester.auth,
        payload: {
          recipientName: 'Nadia',
          bloodGroup,
          hospitalName: 'Comilla Medical College Hospital',
          fullAddress: 'Kuchaitoli, Comilla',
          donationDate: DONATION_DAY,
          donationTime: '10:00',
          requestMessage: 'Plasma',
          recipientDivision: home.division,
          recipientDistrict: home.district,
          recipientUpazila: home.upazila,
          component: 'plasma',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return names(await matches(requester, (res.json() as { insertedId: string }).insertedId));
    };
    expect(await plasmaFor('AB+')).toEqual(['Stranger']);
    const forO = await plasmaFor('O+');
    // An O patient may take any group's plasma (Rh does not matter for plasma).
    expect(forO).toEqual(expect.arrayContaining(['Compatible O-', 'Incompatible B+', 'Same upazila, never gave', 'Stranger']));
    // No blocked, unavailable or cooling-down donor is ever matched, nor the requester.
    for (const name of ['Blocked', 'Switched off', 'One day short', 'Requester']) expect(forO).not.toContain(name);
  });
});

describe('eligibility as stored', () => {
  it('sets the next eligible day from the last donation (whole blood when unknown)', async () => {
    const [row] = await t.database.db.select().from(users).where(eq(users.id, donors['One day short']!.id));
    expect(row!.lastDonationDate).toBe(beforeDonation(119));
    const { rows } = await t.database.pool.query<{ d: string }>(`SELECT ($1::date + 120)::text AS d`, [beforeDonation(119)]);
    expect(row!.nextEligibleDate).toBe(rows[0]!.d);
  });

  it('recomputes the stored days at start when DONATION_INTERVAL_*_DAYS changed, and writes nothing when they did not', async () => {
    const shorter = { whole_blood: 90, red_cells: 90, platelets: 7, plasma: 28 };
    expect(await refreshEligibility(t.database.db, shorter)).toBeGreaterThan(0);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, donors['One day short']!.id));
    const { rows } = await t.database.pool.query<{ d: string }>(`SELECT ($1::date + 90)::text AS d`, [beforeDonation(119)]);
    expect(row!.nextEligibleDate).toBe(rows[0]!.d);
    expect(await refreshEligibility(t.database.db, shorter)).toBe(0);
    expect(await refreshEligibility(t.database.db, DONATION_INTERVAL_DAYS)).toBeGreaterThan(0);
  });
});

describe('a long list', () => {
  it('is the best MATCH_LIMIT donors: X-Total-Count stops there, and the pages cover exactly them', async () => {
    await t.database.pool.query(
      `INSERT INTO users (id, name, email, email_verified, role, status, blood_group, division_id, district_id, upazila_id)
       SELECT 'many-' || g, 'Many ' || g, 'many' || g || '@example.com', true, 'donner', 'active', 'A+', $1, $2, $3
       FROM generate_series(1, $4::int) g`,
      [home.division, home.district, home.upazila, MATCH_LIMIT + 5],
    );
    const first = await matches(requester, requestId, `?page=1&limit=100`);
    expect(first.headers['x-total-count']).toBe(String(MATCH_LIMIT));
    expect(first.json()).toHaveLength(MATCH_LIMIT);
    expect(((await matches(requester, requestId, `?page=2&limit=100`)).json() as Match[])).toEqual([]);
  });
});
