import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InsightBreakdown, InsightSeries, SeriesPoint } from '../../shared/insight/schemas';
import { inDays, registerUser, type TestUser, userWith } from '../../../test/fixtures';
import { createTestApp, errorBody, type TestApp } from '../../../test/helpers';
import { users } from '../db/schema/accounts';
import { upazilas } from '../db/schema/locations';
import { donationPledges, donationRequests } from '../db/schema/requests';

// The admin home's figures against a small data set computed by hand: three weeks (Monday
// 2026-01-05 to Sunday 2026-01-25, Dhaka), one of them empty, with requests on both edges of the range.

let t: TestApp;
let donor: TestUser;
let volunteer: TestUser;
let admin: TestUser;
const otherPlace = { divisionId: 0, districtId: 0, upazilaId: 0 };

/** An instant in Dhaka (UTC+6, no DST). */
const dhaka = (local: string) => new Date(`${local}+06:00`);
const minutes = (n: number) => n * 60_000;

async function request(created: string, fields: { status: 'pending' | 'inprogress' | 'done' | 'canceled'; group: 'A+' | 'B+' | 'O-'; pledgeAfter?: number; expired?: boolean; place?: typeof otherPlace }) {
  const createdAt = dhaka(created);
  const place = fields.place ?? { divisionId: 1, districtId: 1, upazilaId: 1 };
  const withDonor = fields.status !== 'pending';
  const [row] = await t.database.db
    .insert(donationRequests)
    .values({
      requesterId: donor.id,
      requesterName: 'Requester',
      requesterEmail: donor.email,
      recipientName: 'Patient',
      bloodGroup: fields.group,
      hospitalName: 'Hospital',
      fullAddress: 'Address',
      ...place,
      donationDate: '2026-01-30',
      donationTime: '10:00',
      // Pending: expired when its time has passed, still pending when it is ahead.
      neededBy: fields.expired ? new Date(Date.now() - 60_000) : new Date(`${inDays(30)}T10:00:00+06:00`),
      requestMessage: 'Needs blood',
      status: fields.status,
      unitsNeeded: 2,
      donorId: withDonor ? volunteer.id : null,
      donorName: withDonor ? 'Giver' : null,
      donorEmail: withDonor ? volunteer.email : null,
      pledgeCount: fields.pledgeAfter === undefined ? 0 : 1,
      createdAt,
    })
    .returning({ id: donationRequests.id });
  if (fields.pledgeAfter !== undefined) {
    await t.database.db
      .insert(donationPledges)
      .values({ requestId: row!.id, donorId: volunteer.id, donorName: 'Giver', donorEmail: volunteer.email, pledgedAt: new Date(createdAt.getTime() + minutes(fields.pledgeAfter)) });
    // A second, later pledge does not change the time to the first.
    await t.database.db
      .insert(donationPledges)
      .values({ requestId: row!.id, donorId: admin.id, donorName: 'Second', donorEmail: admin.email, pledgedAt: new Date(createdAt.getTime() + minutes(fields.pledgeAfter + 5000)) });
  }
}

beforeAll(async () => {
  t = await createTestApp();
  donor = await registerUser(t.app);
  volunteer = await userWith(t.app, t.database.db, 'volunteer');
  admin = await userWith(t.app, t.database.db, 'admin');
  const [far] = await t.database.db.execute<{ division_id: number; district_id: number; upazila_id: number }>(sql`
    SELECT d.division_id, d.id AS district_id, min(u.id) AS upazila_id FROM districts d JOIN ${upazilas} u ON u.district_id = d.id
    WHERE d.division_id = 3 GROUP BY d.id ORDER BY d.id LIMIT 1`).then((r) => r.rows);
  Object.assign(otherPlace, { divisionId: far!.division_id, districtId: far!.district_id, upazilaId: far!.upazila_id });

  await request('2026-01-04T23:59:59', { status: 'done', group: 'A+', pledgeAfter: 10 }); // the day before: outside
  await request('2026-01-05T00:00:00', { status: 'done', group: 'A+', pledgeAfter: 30 }); // the first second: inside
  await request('2026-01-06T10:00:00', { status: 'inprogress', group: 'B+', pledgeAfter: 300 });
  await request('2026-01-07T12:00:00', { status: 'canceled', group: 'A+' });
  // 2026-01-12 .. 18: nothing.
  await request('2026-01-20T08:00:00', { status: 'pending', group: 'A+', pledgeAfter: 1800 });
  await request('2026-01-25T23:59:59', { status: 'pending', group: 'O-', expired: true, place: otherPlace }); // the last second: inside
  await request('2026-01-26T00:00:00', { status: 'done', group: 'O-', pledgeAfter: 1 }); // the next day: outside

  // Eligible donors: only these four count (everyone else switched "available" off).
  await t.database.db.update(users).set({ available: false });
  const eligible = async (group: 'A+' | 'B+' | 'O-', nextEligibleDate: string | null, extra: { status?: 'blocked'; available?: boolean; place?: typeof otherPlace } = {}) => {
    const u = await registerUser(t.app);
    const place = extra.place ?? { divisionId: 1, districtId: 1, upazilaId: 1 };
    await t.database.db
      .update(users)
      .set({ bloodGroup: group, nextEligibleDate, lastDonationDate: nextEligibleDate ? '2025-01-01' : null, available: extra.available ?? true, status: extra.status ?? 'active', ...place })
      .where(eq(users.id, u.id));
  };
  await eligible('A+', null);
  await eligible('A+', inDays(0)); // eligible from today: counts
  await eligible('A+', inDays(1)); // from tomorrow: not yet
  await eligible('B+', '2025-06-01');
  await eligible('O-', null, { place: otherPlace });
  await eligible('O-', null, { status: 'blocked' });
  await eligible('B+', null, { available: false });
});
afterAll(() => t.close());

const empty = { total: 0, done: 0, inprogress: 0, canceled: 0, expired: 0, pending: 0, pledged: 0, medianMinutes: null, p90Minutes: null, within1h: 0, within6h: 0, within24h: 0 };
const get = async <T>(url: string, who: TestUser = admin) => {
  const res = await t.app.inject({ url, headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

describe('GET /api/admin-stats/series', () => {
  it('counts each week by outcome, with the time to the first pledge, empty weeks and both edges of the range included', async () => {
    const s = await get<InsightSeries>('/api/admin-stats/series?from=2026-01-05&to=2026-01-25&bucket=week');
    expect(s.points.map((p) => p.start)).toEqual(['2026-01-05', '2026-01-12', '2026-01-19']);
    expect(s.points[0]).toEqual<SeriesPoint>({
      start: '2026-01-05',
      ...empty,
      total: 3,
      done: 1,
      inprogress: 1,
      canceled: 1,
      pledged: 2,
      medianMinutes: 165, // (30 + 300) / 2
      p90Minutes: 273, // 30 + 0.9 * 270
      within1h: 1,
      within6h: 2,
      within24h: 2,
    });
    expect(s.points[1]).toEqual({ start: '2026-01-12', ...empty });
    expect(s.points[2]).toEqual({ start: '2026-01-19', ...empty, total: 2, expired: 1, pending: 1, pledged: 1, medianMinutes: 1800, p90Minutes: 1800 });
    // 30, 300, 1800: the median is 300; the 90th percentile 300 + 0.8 * 1500.
    expect(s.totals).toEqual({ ...empty, total: 5, done: 1, inprogress: 1, canceled: 1, expired: 1, pending: 1, pledged: 3, medianMinutes: 300, p90Minutes: 1500, within1h: 1, within6h: 2, within24h: 2 });
  });

  it('draws months, and filters by blood group (search code or encoded) and division', async () => {
    const month = await get<InsightSeries>('/api/admin-stats/series?from=2026-01-05&to=2026-01-25&bucket=month');
    expect(month.points).toHaveLength(1);
    expect(month.points[0]).toMatchObject({ start: '2026-01-01', total: 5, medianMinutes: 300 });

    const aPlus = await get<InsightSeries>('/api/admin-stats/series?from=2026-01-05&to=2026-01-25&bloodGroup=AA');
    expect(aPlus.totals).toMatchObject({ total: 3, done: 1, canceled: 1, pending: 1, pledged: 2, medianMinutes: 915 });
    expect((await get<InsightSeries>('/api/admin-stats/series?from=2026-01-05&to=2026-01-25&bloodGroup=A%2B')).totals).toEqual(aPlus.totals);

    const far = await get<InsightSeries>(`/api/admin-stats/series?from=2026-01-05&to=2026-01-25&division=${otherPlace.divisionId}`);
    expect(far.totals).toMatchObject({ total: 1, expired: 1, pledged: 0, medianMinutes: null });
  });

  it('answers a single day, and a range with no requests as zeros', async () => {
    const day = await get<InsightSeries>('/api/admin-stats/series?from=2026-01-25&to=2026-01-25');
    expect(day.points).toEqual([{ start: '2026-01-19', ...empty, total: 1, expired: 1 }]);
    const none = await get<InsightSeries>('/api/admin-stats/series?from=2020-03-02&to=2020-03-15');
    expect(none.points).toEqual([
      { start: '2020-03-02', ...empty },
      { start: '2020-03-09', ...empty },
    ]);
    expect(none.totals).toEqual(empty);
  });

  it('is for active staff: volunteers read it; donors, blocked staff and anonymous callers do not', async () => {
    await get('/api/admin-stats/series?from=2026-01-05&to=2026-01-25', volunteer);
    const url = '/api/admin-stats/series?from=2026-01-05&to=2026-01-25';
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    const asDonor = await t.app.inject({ url, headers: donor.auth });
    expect(asDonor.statusCode).toBe(403);
    errorBody(asDonor);
    for (const role of ['admin', 'volunteer'] as const) {
      const blocked = await userWith(t.app, t.database.db, role, 'blocked');
      const res = await t.app.inject({ url, headers: blocked.auth });
      expect(res.statusCode, role).toBe(403);
      errorBody(res);
    }
  });

  it('refuses bad ranges and filters with 400, and an unknown division with 404', async () => {
    for (const q of [
      '',
      'from=2026-01-05',
      'from=2026-01-25&to=2026-01-05',
      'from=2026-02-30&to=2026-03-01',
      'from=2026-01-05&to=2026-01-25&bucket=day',
      'from=2026-01-05&to=2026-01-25&bloodGroup=C',
      'from=2026-01-05&to=2026-01-25&division=x',
      'from=2000-01-01&to=2026-01-25',
    ]) {
      const res = await t.app.inject({ url: `/api/admin-stats/series?${q}`, headers: admin.auth });
      expect(res.statusCode, q).toBe(400);
      errorBody(res);
    }
    const res = await t.app.inject({ url: '/api/admin-stats/series?from=2026-01-05&to=2026-01-25&division=99', headers: admin.auth });
    expect(res.statusCode).toBe(404);
    expect(errorBody(res).message).toMatch(/division/);
  });
});

describe('GET /api/admin-stats/breakdown', () => {
  it('puts requests and unanswered ones per blood group next to the donors who can give today', async () => {
    const b = await get<InsightBreakdown>('/api/admin-stats/breakdown?by=bloodGroup&from=2026-01-05&to=2026-01-25');
    expect(b.rows.map((r) => r.key)).toEqual(['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-']);
    const by = Object.fromEntries(b.rows.map((r) => [r.key, [r.requests, r.unanswered, r.eligibleDonors]]));
    expect(by).toEqual({ 'A+': [3, 1, 2], 'A-': [0, 0, 0], 'B+': [1, 0, 1], 'B-': [0, 0, 0], 'AB+': [0, 0, 0], 'AB-': [0, 0, 0], 'O+': [0, 0, 0], 'O-': [1, 1, 1] });
  });

  it('gives every district its centre, requests, unanswered ones and donors; a division narrows it', async () => {
    const b = await get<InsightBreakdown>('/api/admin-stats/breakdown?by=district&from=2026-01-05&to=2026-01-25');
    expect(b.rows).toHaveLength(64);
    for (const row of b.rows) {
      expect(row.lat).toBeGreaterThan(20);
      expect(row.lon).toBeGreaterThan(87);
    }
    const home = b.rows.find((r) => r.key === '1')!;
    expect([home.requests, home.unanswered, home.eligibleDonors]).toEqual([4, 1, 3]);
    const far = b.rows.find((r) => r.key === String(otherPlace.districtId))!;
    expect([far.requests, far.unanswered, far.eligibleDonors]).toEqual([1, 1, 1]);
    expect(b.rows.reduce((n, r) => n + r.requests, 0)).toBe(5);

    const one = await get<InsightBreakdown>(`/api/admin-stats/breakdown?by=district&from=2026-01-05&to=2026-01-25&division=${otherPlace.divisionId}`);
    expect(one.rows.every((r) => r.divisionId === otherPlace.divisionId)).toBe(true);
    expect(one.rows.reduce((n, r) => n + r.requests, 0)).toBe(1);
  });

  it('is for active staff, and refuses a bad breakdown (400) or an unknown division (404)', async () => {
    const url = '/api/admin-stats/breakdown?by=district&from=2026-01-05&to=2026-01-25';
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await t.app.inject({ url, headers: donor.auth })).statusCode).toBe(403);
    const blocked = await userWith(t.app, t.database.db, 'admin', 'blocked');
    expect((await t.app.inject({ url, headers: blocked.auth })).statusCode).toBe(403);
    await get(url, volunteer);
    for (const q of ['by=upazila&from=2026-01-05&to=2026-01-25', 'from=2026-01-05&to=2026-01-25', 'by=district&from=x&to=2026-01-25']) {
      const res = await t.app.inject({ url: `/api/admin-stats/breakdown?${q}`, headers: admin.auth });
      expect(res.statusCode, q).toBe(400);
      errorBody(res);
    }
    expect((await t.app.inject({ url: `${url}&division=42`, headers: admin.auth })).statusCode).toBe(404);
  });

  it('leaves GET /api/admin-stats as it was', async () => {
    const stats = await get<Record<string, number>>('/api/admin-stats');
    expect(Object.keys(stats).sort()).toEqual(['donation', 'revenue', 'users']);
    expect(stats.donation).toBe(7);
  });
});
