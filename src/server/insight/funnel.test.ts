import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Funnel, FunnelWeek } from '../../shared/insight/schemas';
import { inDays, registerUser, type TestUser, userWith } from '../../../test/fixtures';
import { createTestApp, errorBody, type TestApp } from '../../../test/helpers';
import { upazilas } from '../db/schema/locations';
import { notifications, outreachAnswers } from '../db/schema/outreach';
import { donationPledges, donationRequests } from '../db/schema/requests';

// The pledge funnel (issue 33) against a small data set computed by hand: requests created in two
// weeks (Monday 2026-01-05 and 2026-01-12, Dhaka) and an empty third, with one just outside.

let t: TestApp;
let requester: TestUser;
let admin: TestUser;
let volunteer: TestUser;
let blockedAdmin: TestUser;
let blockedVolunteer: TestUser;
let donors: TestUser[];
const otherPlace = { divisionId: 0, districtId: 0, upazilaId: 0 };

const dhaka = (local: string) => new Date(`${local}+06:00`);
type PledgeState = 'pledged' | 'on_the_way' | 'arrived' | 'donated' | 'no_show' | 'deferred';
interface Spec {
  created: string;
  units: number;
  alerted?: number[];
  /** Donors who said yes without a pledge left (withdrawn). */
  withdrew?: number[];
  pledges?: { donor: number; after: number; state: PledgeState; disputed?: boolean }[];
  place?: typeof otherPlace;
}

async function request(spec: Spec) {
  const createdAt = dhaka(spec.created);
  const [row] = await t.database.db
    .insert(donationRequests)
    .values({
      requesterId: requester.id,
      requesterName: 'Requester',
      requesterEmail: requester.email,
      recipientName: 'Patient',
      bloodGroup: 'A+',
      hospitalName: 'Hospital',
      fullAddress: 'Address',
      ...(spec.place ?? { divisionId: 1, districtId: 1, upazilaId: 1 }),
      donationDate: '2026-01-30',
      donationTime: '10:00',
      neededBy: new Date(`${inDays(30)}T10:00:00+06:00`),
      requestMessage: 'Needs blood',
      status: 'pending',
      unitsNeeded: spec.units,
      createdAt,
    })
    .returning({ id: donationRequests.id });
  const requestId = row!.id;
  for (const i of spec.alerted ?? []) await t.database.db.insert(notifications).values({ userId: donors[i]!.id, requestId, kind: 'alert' });
  for (const i of spec.withdrew ?? []) await t.database.db.insert(outreachAnswers).values({ requestId, userId: donors[i]!.id, answer: 'accept', withdrawnAt: new Date() });
  for (const p of spec.pledges ?? []) {
    const d = donors[p.donor]!;
    await t.database.db.insert(outreachAnswers).values({ requestId, userId: d.id, answer: 'accept' });
    await t.database.db.insert(donationPledges).values({
      requestId,
      donorId: d.id,
      donorName: 'Donor',
      donorEmail: d.email,
      pledgedAt: new Date(createdAt.getTime() + p.after * 60_000),
      state: p.state,
      deferralReason: p.state === 'deferred' ? 'illness' : null,
      disputedAt: p.disputed ? new Date() : null,
    });
  }
}

beforeAll(async () => {
  t = await createTestApp();
  requester = await registerUser(t.app);
  admin = await userWith(t.app, t.database.db, 'admin');
  volunteer = await userWith(t.app, t.database.db, 'volunteer');
  blockedAdmin = await userWith(t.app, t.database.db, 'admin', 'blocked');
  blockedVolunteer = await userWith(t.app, t.database.db, 'volunteer', 'blocked');
  donors = [];
  for (let i = 0; i < 4; i++) donors.push(await registerUser(t.app));
  const [far] = await t.database.db.execute<{ division_id: number; district_id: number; upazila_id: number }>(sql`
    SELECT d.division_id, d.id AS district_id, min(u.id) AS upazila_id FROM districts d JOIN ${upazilas} u ON u.district_id = d.id
    WHERE d.division_id = 3 GROUP BY d.id ORDER BY d.id LIMIT 1`).then((r) => r.rows);
  Object.assign(otherPlace, { divisionId: far!.division_id, districtId: far!.district_id, upazilaId: far!.upazila_id });

  // Week of 2026-01-05.
  await request({
    created: '2026-01-05T10:00:00',
    units: 2,
    alerted: [0, 1, 2, 3],
    withdrew: [2],
    pledges: [
      { donor: 0, after: 30, state: 'donated' },
      // Did not come: the second unit was never covered.
      { donor: 1, after: 90, state: 'no_show' },
    ],
  });
  await request({ created: '2026-01-07T08:00:00', units: 1, alerted: [0, 1], pledges: [{ donor: 3, after: 60, state: 'arrived' }] });
  // Week of 2026-01-12.
  await request({ created: '2026-01-13T12:00:00', units: 1, alerted: [0], pledges: [{ donor: 0, after: 10, state: 'deferred' }] });
  await request({
    created: '2026-01-18T23:00:00',
    units: 2,
    place: otherPlace,
    pledges: [
      { donor: 1, after: 20, state: 'donated' },
      // The donor says they did not give: not a donation, but they came and the unit was covered.
      { donor: 2, after: 120, state: 'donated', disputed: true },
    ],
  });
  // Outside the range.
  await request({ created: '2026-01-26T00:30:00', units: 1, alerted: [0], pledges: [{ donor: 0, after: 5, state: 'donated' }] });
});
afterAll(() => t.close());

const get = (url: string, who: TestUser | null = admin) => t.app.inject({ url, headers: who?.auth ?? {} });
const week = (start: string, counts: Partial<FunnelWeek>): FunnelWeek => ({
  start,
  requests: 0,
  alerted: 0,
  accepted: 0,
  arrived: 0,
  donated: 0,
  outcomes: 0,
  showRate: null,
  firstPledgeMedianMinutes: null,
  firstPledgeP90Minutes: null,
  lastUnitMedianMinutes: null,
  lastUnitP90Minutes: null,
  ...counts,
});

describe('GET /api/admin-stats/funnel', () => {
  it('counts each week from alert to donation, with the show rate and the times to the first pledge and the last unit', async () => {
    const res = await get('/api/admin-stats/funnel?from=2026-01-05&to=2026-01-25');
    expect(res.statusCode, res.body).toBe(200);
    const f = res.json<Funnel>();
    expect(f.weeks).toEqual([
      week('2026-01-05', {
        requests: 2,
        alerted: 6,
        accepted: 4,
        arrived: 2,
        donated: 1,
        outcomes: 2,
        showRate: 0.5,
        firstPledgeMedianMinutes: 45,
        firstPledgeP90Minutes: 57,
        lastUnitMedianMinutes: 60,
        lastUnitP90Minutes: 60,
      }),
      week('2026-01-12', {
        requests: 2,
        alerted: 1,
        accepted: 3,
        arrived: 3,
        donated: 1,
        outcomes: 3,
        showRate: 0.333,
        firstPledgeMedianMinutes: 15,
        firstPledgeP90Minutes: 19,
        lastUnitMedianMinutes: 120,
        lastUnitP90Minutes: 120,
      }),
      week('2026-01-19', {}),
    ]);
    const { start: _start, ...totals } = week('', {
      requests: 4,
      alerted: 7,
      accepted: 7,
      arrived: 5,
      donated: 2,
      outcomes: 5,
      showRate: 0.4,
      firstPledgeMedianMinutes: 25,
      firstPledgeP90Minutes: 51,
      lastUnitMedianMinutes: 90,
      lastUnitP90Minutes: 114,
    });
    expect(f.totals).toEqual(totals);
    expect(f).toMatchObject({ from: '2026-01-05', to: '2026-01-25' });
  });

  it('takes the charts\' filters: a division, a blood group; a range with nothing gives empty weeks', async () => {
    const one = (await get('/api/admin-stats/funnel?from=2026-01-12&to=2026-01-18&division=1')).json<Funnel>();
    expect(one.weeks).toEqual([week('2026-01-12', { requests: 1, alerted: 1, accepted: 1, arrived: 1, outcomes: 1, showRate: 0, firstPledgeMedianMinutes: 10, firstPledgeP90Minutes: 10 })]);
    const none = (await get('/api/admin-stats/funnel?from=2026-01-05&to=2026-01-25&bloodGroup=O-')).json<Funnel>();
    expect(none.weeks.map((w) => w.requests)).toEqual([0, 0, 0]);
    expect(none.totals).toMatchObject({ requests: 0, showRate: null, firstPledgeMedianMinutes: null });
    const empty = (await get('/api/admin-stats/funnel?from=2025-03-03&to=2025-03-09')).json<Funnel>();
    expect(empty.weeks).toEqual([week('2025-03-03', {})]);
  });

  it('is for staff: volunteers too; not a donor, a blocked admin or volunteer, or no token', async () => {
    expect((await get('/api/admin-stats/funnel?from=2026-01-05&to=2026-01-25', volunteer)).statusCode).toBe(200);
    for (const who of [requester, blockedAdmin, blockedVolunteer]) {
      const res = await get('/api/admin-stats/funnel?from=2026-01-05&to=2026-01-25', who);
      expect(res.statusCode).toBe(403);
      errorBody(res);
    }
    const anonymous = await get('/api/admin-stats/funnel?from=2026-01-05&to=2026-01-25', null);
    expect(anonymous.statusCode).toBe(401);
    errorBody(anonymous);
  });

  it.each([
    ['from after to', 'from=2026-02-01&to=2026-01-01'],
    ['no range', ''],
    ['not a date', 'from=2026-13-01&to=2026-12-31'],
    ['too long a range', 'from=2000-01-01&to=2026-01-01'],
    ['an unknown blood group', 'from=2026-01-05&to=2026-01-25&bloodGroup=C+'],
    ['a division that is not a number', 'from=2026-01-05&to=2026-01-25&division=x'],
  ])('400 for %s, in the one error shape', async (_name, q) => {
    const res = await get(`/api/admin-stats/funnel?${q}`);
    expect(res.statusCode).toBe(400);
    expect(errorBody(res).code).toBeTruthy();
  });

  it('404 for a division that does not exist', async () => {
    const res = await get('/api/admin-stats/funnel?from=2026-01-05&to=2026-01-25&division=999');
    expect(res.statusCode).toBe(404);
    errorBody(res);
  });
});
