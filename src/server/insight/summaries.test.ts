import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInDhaka } from '../../shared/dates/model';
import { donationRequestBody, inDays, registerUser, type TestUser, userWith } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { users } from '../db/schema/accounts';
import { donationPledges, donationRequests } from '../db/schema/requests';
import { eligibleDonorCounts } from './service';

// The summaries the figures read (decision 047) are kept by triggers: after every kind of write
// (the app's own and plain SQL, one row or many) they must equal what they summarise, recomputed.

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await userWith(t.app, t.database.db, 'admin');
});
afterAll(() => t.close());

const enc = encodeURIComponent;
/** Another district of division 1 and one of its upazilas. */
async function elsewhere() {
  const { rows } = await t.database.pool.query(`SELECT d.id AS district, min(u.id) AS upazila FROM districts d JOIN upazilas u ON u.district_id = d.id WHERE d.division_id = 1 AND d.id <> 1 GROUP BY d.id ORDER BY d.id LIMIT 1`);
  return { district: String(rows[0].district), upazila: String(rows[0].upazila) };
}

/** insight_requests against donation_requests and their first pledges, column by column. */
async function expectRequestsExact() {
  const { rows: diff } = await t.database.pool.query(`
    WITH truth AS (
      SELECT r.id AS request_id, (r.created_at AT TIME ZONE 'Asia/Dhaka')::date AS day, r.division_id, r.district_id, r.blood_group, r.status, r.needed_by, r.created_at,
             (SELECT (extract(epoch FROM (min(p.pledged_at) - r.created_at)) / 60)::float8 FROM donation_pledges p WHERE p.request_id = r.id) AS wait_minutes
      FROM donation_requests r
    ), kept AS (
      SELECT request_id, day, division_id, district_id, blood_group, status, needed_by, created_at, wait_minutes FROM insight_requests
      WHERE week = date_trunc('week', day::timestamp)::date AND month = date_trunc('month', day::timestamp)::date
    )
    (SELECT 'missing' AS side, * FROM truth EXCEPT SELECT 'missing', * FROM kept)
    UNION ALL
    (SELECT 'stale', * FROM kept EXCEPT SELECT 'stale', * FROM truth)`);
  expect(diff).toEqual([]);
}

/** Eligible donors per district and group on several days, from the summaries, against counting users with the matching rule. */
async function expectDonorsExact() {
  for (const day of [inDays(-400), inDays(0), inDays(1), inDays(90), inDays(400)]) {
    const truth = await t.database.db
      .select({ districtId: users.districtId, bloodGroup: users.bloodGroup, n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`donor_findable(${users.status}, ${users.bloodGroup}, ${users.upazilaId}) AND donor_eligible_on(${users.available}, ${users.nextEligibleDate}, ${day}::date) AND ${users.districtId} IS NOT NULL`)
      .groupBy(users.districtId, users.bloodGroup);
    const { rows: kept } = await t.database.pool.query<{ districtId: number; bloodGroup: string; n: number }>(
      `SELECT c.district_id AS "districtId", c.blood_group AS "bloodGroup", (c.n - coalesce(w.n, 0))::int AS n
       FROM insight_donor_counts c
       LEFT JOIN (SELECT district_id, blood_group, sum(n) AS n FROM insight_donor_waits WHERE next_eligible_date > $1::date GROUP BY 1, 2) w USING (district_id, blood_group)
       WHERE c.n - coalesce(w.n, 0) <> 0`,
      [day],
    );
    const key = (r: { districtId: number | null; bloodGroup: string | null; n: number }) => `${r.districtId}/${r.bloodGroup}=${r.n}`;
    expect(kept.map(key).sort(), day).toEqual(truth.map(key).sort());
  }
  // No negative or emptied rows are left behind.
  const { rows } = await t.database.pool.query(`SELECT (SELECT count(*) FROM insight_donor_counts WHERE n < 0)::int AS negative, (SELECT count(*) FROM insight_donor_waits WHERE n <= 0)::int AS empty`);
  expect(rows[0]).toEqual({ negative: 0, empty: 0 });
}

async function donor(group: string, lastDonationDate?: string) {
  const u = await registerUser(t.app, { blood_group: group });
  const patch = await t.app.inject({
    method: 'PATCH',
    url: `/api/users/${enc(u.email)}`,
    headers: u.auth,
    payload: { name: 'Donor Person', blood_group: group, division: '1', district: '1', upazila: '1', ...(lastDonationDate ? { lastDonationDate } : {}) },
  });
  expect(patch.statusCode, patch.body).toBe(200);
  return u;
}

async function newRequest(who: TestUser, overrides: Record<string, unknown> = {}) {
  const res = await t.app.inject({ method: 'POST', url: '/api/donationRequest', headers: who.auth, payload: donationRequestBody(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { insertedId: string }).insertedId;
}

describe('the insight summaries (decision 047)', () => {
  it('follow requests and pledges: creation, pledges, withdrawal, edits, status changes, deletion, bulk SQL', async () => {
    const requester = await donor('O+');
    const giverA = await donor('B+');
    const giverB = await donor('B+');
    const one = await newRequest(requester, { unitsNeeded: 2 });
    const two = await newRequest(requester, { bloodGroup: 'A-' });
    await expectRequestsExact();

    // Pledges: the first one sets the wait; a second, later one (moved 10 minutes on) does not move it.
    expect((await t.app.inject({ method: 'PATCH', url: `/api/confirmDonation/${one}`, headers: giverA.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/confirmDonation/${one}`, headers: giverB.auth })).statusCode).toBe(200);
    await t.database.db.update(donationPledges).set({ pledgedAt: sql`pledged_at + interval '10 minutes'` }).where(eq(donationPledges.donorId, giverB.id));
    await expectRequestsExact();
    const [before] = await t.database.pool.query(`SELECT wait_minutes FROM insight_requests WHERE request_id = $1`, [one]).then((r) => r.rows);
    expect(before.wait_minutes).toBeLessThan(1);

    // Withdrawing the first pledge: the wait is now the second's; withdrawing both: unanswered again.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/donationRequest/${one}/pledge`, headers: giverA.auth })).statusCode).toBe(200);
    await expectRequestsExact();
    const [after] = await t.database.pool.query(`SELECT wait_minutes FROM insight_requests WHERE request_id = $1`, [one]).then((r) => r.rows);
    expect(after.wait_minutes).toBeGreaterThan(9.9);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/donationRequest/${one}/pledge`, headers: giverB.auth })).statusCode).toBe(200);
    await expectRequestsExact();

    // An edit (group, place, date), a status change, a pledge that completes a request, done.
    const there = await elsewhere();
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/donationRequest/${two}`,
      headers: requester.auth,
      payload: donationRequestBody({ bloodGroup: 'AB+', donationDate: inDays(5), recipientDistrict: there.district, recipientUpazila: there.upazila }),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await expectRequestsExact();
    expect((await t.app.inject({ method: 'PATCH', url: `/api/confirmDonation/${two}`, headers: giverA.auth })).statusCode).toBe(200);
    await expectRequestsExact();
    const done = await t.app.inject({ method: 'PATCH', url: `/api/donationRequest/${two}/status`, headers: requester.auth, payload: { donationStatus: 'done' } });
    expect(done.statusCode, done.body).toBe(200);
    await expectRequestsExact();
    await expectDonorsExact(); // the giver's next eligible day moved

    // Plain SQL, many rows at once: a backdated creation (another Dhaka day, week and month), a bulk status change.
    await t.database.db.update(donationRequests).set({ createdAt: sql`created_at - interval '40 days 3 hours'` });
    await t.database.db.update(donationRequests).set({ status: 'canceled' }).where(eq(donationRequests.status, 'pending'));
    await expectRequestsExact();

    // Deleted: by the requester, and by their account going (the foreign key's cascade).
    const del = await t.app.inject({ method: 'DELETE', url: `/api/donationRequest?id=${one}`, headers: requester.auth });
    expect(del.statusCode, del.body).toBe(200);
    await expectRequestsExact();
    await t.database.db.delete(users).where(eq(users.id, requester.id));
    await expectRequestsExact();
    const { rows } = await t.database.pool.query(`SELECT count(*)::int AS n FROM insight_requests WHERE request_id = ANY($1::uuid[])`, [[one, two]]);
    expect(rows[0].n).toBe(0);
  });

  it('follow donors: registration, profile changes, availability, blocks, donations, account deletion, bulk SQL', async () => {
    await expectDonorsExact();
    const a = await donor('A+');
    const b = await donor('A+', inDays(-10)); // gave 10 days ago: waiting
    const c = await donor('O-', inDays(-200));
    const d = await donor('AB+', inDays(-30));
    await expectDonorsExact();
    const countsNow = await eligibleDonorCounts(t.database.db);
    const aPlus = countsNow.filter((d) => d.bloodGroup === 'A+' && d.districtId === 1).reduce((n, d) => n + d.n, 0);
    expect(aPlus).toBeGreaterThanOrEqual(1);

    // A profile change (group, place), the availability switch.
    const there = await elsewhere();
    const move = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${enc(a.email)}`,
      headers: a.auth,
      payload: { name: 'Donor Person', blood_group: 'B-', division: '1', ...there },
    });
    expect(move.statusCode, move.body).toBe(200);
    await t.database.db.update(users).set({ available: false }).where(eq(users.id, c.id));
    await expectDonorsExact();

    // Blocked and unblocked by an admin.
    for (const status of ['blocked', 'active'] as const) {
      const res = await t.app.inject({ method: 'PATCH', url: `/api/users?status=${status}&email=${enc(b.email)}`, headers: admin.auth });
      expect(res.statusCode, res.body).toBe(200);
      await expectDonorsExact();
    }

    // Account deletion erases the group and place: the donor no longer counts.
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/users/${enc(d.email)}`, headers: d.auth, payload: { confirmEmail: d.email } });
    expect(gone.statusCode, gone.body).toBe(200);
    await expectDonorsExact();

    // Plain SQL over every row, and rows deleted outright.
    await t.database.db.update(users).set({ nextEligibleDate: sql`CASE WHEN random() < 0.5 THEN current_date + 30 ELSE NULL END` });
    await expectDonorsExact();
    await t.database.db.update(users).set({ nextEligibleDate: null, available: true });
    await expectDonorsExact();
    await t.database.db.delete(users).where(eq(users.id, c.id));
    await expectDonorsExact();
    expect(todayInDhaka()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
