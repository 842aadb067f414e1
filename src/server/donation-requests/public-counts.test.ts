import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInDhaka } from '../../shared/dates/model';
import { URGENCIES, type Urgency } from '../../shared/donation-requests/model';
import { donationRequestBody, inDays, registerUser, setUserStatus, type TestUser, userWith } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { users } from '../db/schema/accounts';
import { publicRequestCounts } from '../db/schema/derived';
import { donationRequests } from '../db/schema/requests';
import { deletePastRequestCounts } from './lists';

// The public list's totals come from counters that statement triggers keep
// (db/functions/public_request_counts_log.sql, decision 054). After every kind of write, through the
// API and straight to the tables, they must equal a count written independently of them: pending,
// not yet past (Dhaka), under the report threshold (3 in tests), and of a requester who is not
// blocked (read from users, not the flag).

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await userWith(t.app, t.database.db, 'admin');
});
afterAll(() => t.close());

async function expected(): Promise<Record<string, number>> {
  const { rows } = await t.database.pool.query<{ urgency: Urgency; n: string }>(
    `SELECT r.urgency, count(*) AS n FROM donation_requests r JOIN users u ON u.id = r.requester_id
     WHERE r.status = 'pending' AND u.status <> 'blocked' AND r.needed_by > now() AND (r.open_reports < 3 OR r.urgency <> 'normal')
     GROUP BY r.urgency`,
  );
  return Object.fromEntries(rows.map((r) => [r.urgency, Number(r.n)]));
}

async function served(): Promise<Record<string, number>> {
  const totals: Record<string, number> = {};
  for (const urgency of URGENCIES) {
    const res = await t.app.inject(`/api/donationRequest/pending?limit=1&urgency=${urgency}`);
    expect(res.statusCode).toBe(200);
    const n = Number(res.headers['x-total-count']);
    if (n > 0) totals[urgency] = n;
  }
  const all = await t.app.inject('/api/donationRequest/pending?limit=1');
  expect(Number(all.headers['x-total-count'])).toBe(Object.values(totals).reduce((a, n) => a + n, 0));
  return totals;
}

/** Each counter of yesterday on equals the rows it counts, key by key (day, urgency, reports). */
async function expectCountersMatchRows(step = '') {
  const { rows } = await t.database.pool.query<{ day: string; urgency: string; reports: number; n: number | null; m: number | null }>(
    `SELECT day::text, urgency, reports, c.n, r.m FROM
       (SELECT day, urgency, reports, n FROM public_request_counts WHERE day >= $1 AND n <> 0) c
       FULL JOIN (SELECT donation_date AS day, urgency, open_reports AS reports, count(*)::int AS m FROM donation_requests
                  WHERE status = 'pending' AND NOT requester_blocked AND donation_date >= $1 GROUP BY 1, 2, 3) r
       USING (day, urgency, reports)
     WHERE c.n IS DISTINCT FROM r.m`,
    [inDays(-1)],
  );
  expect(rows, step).toEqual([]);
}

async function expectTotalsRight(step: string) {
  expect(await served(), step).toEqual(await expected());
  await expectCountersMatchRows(step);
}

async function create(owner: TestUser, overrides: Record<string, unknown>): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/donationRequest', headers: owner.auth, payload: donationRequestBody(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { insertedId: string }).insertedId;
}

const setStatus = (user: TestUser, status: 'active' | 'blocked') => setUserStatus(t.app, admin, user, status);

describe('the public totals from the counters', () => {
  it('equal an independent count after every kind of write', async () => {
    const first = await registerUser(t.app);
    const second = await registerUser(t.app);
    await expectTotalsRight('before any request');

    const today = await create(first, { donationDate: todayInDhaka(), donationTime: '23:59', urgency: 'critical' });
    const tomorrow = await create(first, { donationDate: inDays(1), urgency: 'normal' });
    const reported = await create(first, { donationDate: inDays(5), urgency: 'urgent' });
    const pledged = await create(first, { donationDate: inDays(5), urgency: 'urgent' });
    await create(second, { donationDate: inDays(3), urgency: 'normal' });
    await expectTotalsRight('created');

    // A pledge of the only unit: in progress, off the list.
    const donor = await registerUser(t.app);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/confirmDonation/${pledged}`, headers: donor.auth })).statusCode).toBe(200);
    await expectTotalsRight('pledged');

    await setStatus(second, 'blocked');
    await expectTotalsRight('requester blocked');
    await setStatus(second, 'active');
    await expectTotalsRight('requester active again');

    // Three reports: off the list until staff review it.
    for (let i = 0; i < 3; i += 1) {
      const reporter = await registerUser(t.app);
      const res = await t.app.inject({ method: 'POST', url: `/api/donationRequest/${reported}/reports`, headers: reporter.auth, payload: { reason: 'fake' } });
      expect(res.statusCode, res.body).toBe(201);
      await expectTotalsRight(`report ${i + 1}`);
    }

    // An edit to another day and urgency.
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/donationRequest/${tomorrow}`,
      headers: first.auth,
      payload: donationRequestBody({ donationDate: inDays(2), urgency: 'critical' }),
    });
    expect(edit.json()).toEqual({ modifiedCount: 1 });
    await expectTotalsRight('edited');

    // Straight to the table: one statement changing several rows, a passed time, a deletion.
    await t.database.pool.query(`UPDATE donation_requests SET urgency = 'urgent' WHERE requester_id = $1`, [first.id]);
    await expectTotalsRight('many rows in one statement');
    await t.database.db.update(donationRequests).set({ neededBy: new Date(Date.now() - 60_000) }).where(eq(donationRequests.id, today));
    await expectTotalsRight("today's time passed");
    expect((await t.app.inject({ method: 'DELETE', url: `/api/donationRequest?id=${tomorrow}`, headers: first.auth })).statusCode).toBe(200);
    await expectTotalsRight('deleted');
    // A user deleted with their requests (the foreign key's cascade).
    await t.database.db.delete(users).where(eq(users.id, second.id));
    await expectTotalsRight('requester deleted');
  });

  it('count every one of many requests made at once, and every pledge that closes one', async () => {
    const owners = await Promise.all(Array.from({ length: 10 }, () => registerUser(t.app)));
    const ids = await Promise.all(owners.flatMap((owner) => [1, 2].map(() => create(owner, { donationDate: inDays(4), urgency: 'urgent', unitsNeeded: 2 }))));
    await expectTotalsRight('twenty at once');
    // Four donors race for each request's two units; each donor answers one request (issue 30: one
    // donor cannot pledge to two requests of the same day).
    const donors = await Promise.all(Array.from({ length: 20 }, () => registerUser(t.app)));
    const pledges = await Promise.all(
      ids.slice(0, 5).flatMap((id, i) => donors.slice(i * 4, i * 4 + 4).map((donor) => t.app.inject({ method: 'PATCH', url: `/api/confirmDonation/${id}`, headers: donor.auth }))),
    );
    // Two units each: two pledges succeed per request, the rest are refused.
    expect(pledges.filter((r) => r.statusCode === 200)).toHaveLength(10);
    await expectTotalsRight('closed by pledges at once');
  });

  it('every page of every filter holds the rows an offset over the whole list gives, deep pages too', async () => {
    const owners = await Promise.all(Array.from({ length: 3 }, () => registerUser(t.app)));
    const urgencies = ['normal', 'urgent', 'critical'] as const;
    for (const [i, owner] of owners.entries()) {
      for (let d = 0; d < 4; d += 1) {
        await create(owner, { donationDate: d === 0 ? todayInDhaka() : inDays(d), donationTime: d === 0 ? '23:59' : `0${i + 1}:00`, urgency: urgencies[(i + d) % 3] });
      }
    }
    for (const urgency of [undefined, ...urgencies]) {
      const { rows } = await t.database.pool.query<{ id: string }>(
        `SELECT r.id FROM donation_requests r JOIN users u ON u.id = r.requester_id
         WHERE r.status = 'pending' AND u.status <> 'blocked' AND r.needed_by > now() AND (r.open_reports < 3 OR r.urgency <> 'normal') AND ($1::text IS NULL OR r.urgency = $1)
         ORDER BY r.donation_date, r.donation_time, r.id`,
        [urgency ?? null],
      );
      const filter = urgency ? `&urgency=${urgency}` : '';
      const seen: string[] = [];
      for (let page = 1; page <= Math.ceil(rows.length / 3) + 1; page += 1) {
        const res = await t.app.inject(`/api/donationRequest/pending?limit=3&page=${page}${filter}`);
        expect(Number(res.headers['x-total-count'])).toBe(rows.length);
        seen.push(...(res.json() as { _id: string }[]).map((r) => r._id));
      }
      expect(seen, urgency ?? 'all').toEqual(rows.map((r) => r.id));
    }
  });

  it('housekeeping drops past days and empty counters, and the totals stay right', async () => {
    const owner = await registerUser(t.app);
    const id = await create(owner, { donationDate: inDays(6) });
    // A request of a past day, written as an old row would be.
    await t.database.pool.query(`UPDATE donation_requests SET donation_date = $2, needed_by = now() - interval '10 days' WHERE id = $1`, [id, inDays(-10)]);
    const rows = async () => (await t.database.db.select().from(publicRequestCounts)).map((r) => ({ day: r.day, n: r.n }));
    expect(await rows()).toContainEqual({ day: inDays(-10), n: 1 });
    expect(await rows()).toContainEqual(expect.objectContaining({ n: 0 }));
    expect(await deletePastRequestCounts(t.database.db)).toBeGreaterThan(0);
    expect((await rows()).some((r) => r.n === 0 || r.day < inDays(-1))).toBe(false);
    await expectTotalsRight('after housekeeping');
    await expectCountersMatchRows();
  });
});
