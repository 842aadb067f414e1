import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BloodComponent } from '../../shared/matching/model';
import { DONATION_TEXTS } from '../../shared/donations/texts';
import type { DisputedRequester } from '../../shared/donations/schemas';
import type { AccountExport } from '../../shared/privacy/schemas';
import { auditLog, users } from '../db/schema/accounts';
import { donationPledges, donationRequests } from '../db/schema/requests';
import { donationRequestBody, inDays, registerUser, setUserStatus, type TestUser, userWith } from '../../../test/fixtures';
import { createTestApp, errorBody, type TestApp } from '../../../test/helpers';
import { readPdf } from '../../../test/pdf';

// Issue 30, point 6: certificates minted before the donation. A donation is recorded for the day
// its request was marked done when that is before the request's day (never a future date), and
// its donor can dispute it ("I did not donate"): history, certificate and cooldown go, the audit
// trail keeps it, staff see the requester.

let t: TestApp;
let requester: TestUser;
let otherRequester: TestUser;
let volunteer: TestUser;
let admin: TestUser;
let blockedVolunteer: TestUser;
let blockedAdmin: TestUser;
const PUBLIC_URL = 'https://blood.example.org';
const WHOLE_BLOOD_DAYS = 120;
const PLATELETS_DAYS = 7;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL } });
  requester = await registerUser(t.app, { name: 'Nasima Khatun' });
  otherRequester = await registerUser(t.app, { name: 'Jamal Hossain' });
  volunteer = await userWith(t.app, t.database.db, 'volunteer');
  admin = await userWith(t.app, t.database.db, 'admin');
  blockedVolunteer = await userWith(t.app, t.database.db, 'volunteer', 'blocked');
  blockedAdmin = await userWith(t.app, t.database.db, 'admin', 'blocked');
});
afterAll(() => t.close());

/** A request by `by` for `days` from now that `giver` pledges to; marked done (today) by its requester. */
async function donation(giver: TestUser, days: number, component: BloodComponent = 'whole_blood', by = requester): Promise<{ pledgeId: string; requestId: string }> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/donationRequest',
    headers: by.auth,
    payload: donationRequestBody({ donationDate: inDays(days), hospitalName: `Hospital ${days}`, bloodGroup: 'B+', component }),
  });
  expect(created.statusCode, created.body).toBe(201);
  const requestId = (created.json() as { insertedId: string }).insertedId;
  const pledge = await t.app.inject({ method: 'PATCH', url: `/api/confirmDonation/${requestId}`, headers: giver.auth });
  expect(pledge.statusCode, pledge.body).toBe(200);
  await markDone(requestId, by);
  const [row] = await t.database.db.select({ id: donationPledges.id }).from(donationPledges).where(eq(donationPledges.requestId, requestId));
  return { pledgeId: row!.id, requestId };
}

async function markDone(requestId: string, by: TestUser) {
  const closed = await t.app.inject({ method: 'PATCH', url: `/api/donationRequest/${requestId}/status`, headers: by.auth, payload: { donationStatus: 'done' } });
  expect(closed.statusCode, closed.body).toBe(200);
}

const history = (who: TestUser) => t.app.inject({ url: `/api/users/${encodeURIComponent(who.email)}/donations`, headers: who.auth });
const certificate = (who: TestUser, id: string) => t.app.inject({ url: `/api/donations/${id}/certificate.pdf`, headers: who.auth });
const check = (code: string) => t.app.inject(`/api/certificates/${code}`);
const dispute = (who: TestUser | null, id: string) => t.app.inject({ method: 'POST', url: `/api/donations/${id}/dispute`, headers: who?.auth ?? {} });
const disputes = (who: TestUser | null, query = '') => t.app.inject({ url: `/api/donations/disputes${query}`, headers: who?.auth ?? {} });

async function codeOf(pledgeId: string): Promise<string> {
  const [row] = await t.database.db.select({ code: donationPledges.certificateCode }).from(donationPledges).where(eq(donationPledges.id, pledgeId));
  return row!.code;
}

async function cooldownOf(who: TestUser) {
  const [row] = await t.database.db
    .select({ last: users.lastDonationDate, component: users.lastDonationComponent, next: users.nextEligibleDate, count: users.donationCount })
    .from(users)
    .where(eq(users.id, who.id));
  return row!;
}

/** The certificate's text as a PDF viewer (PDF.js) reads it. */
async function pdfText(pdf: Buffer): Promise<string> {
  return (await readPdf(pdf)).text;
}

describe('a request marked done before its day', () => {
  it('records the donation for today: history, certificate, public check, export and cooldown never show the future day', async () => {
    const donor = await registerUser(t.app, { name: 'Rafiq Islam Bhuiyan', blood_group: 'B+' });
    // The attack: pledged, then marked done seven days before the request's day.
    const { pledgeId } = await donation(donor, 7);
    const today = inDays(0);
    const future = inDays(7);
    const [recorded] = await t.database.db.select({ on: donationPledges.donatedOn }).from(donationPledges).where(eq(donationPledges.id, pledgeId));
    expect(recorded!.on).toBe(today);

    const list = await history(donor);
    expect(list.statusCode).toBe(200);
    expect((list.json() as { _id: string; donationDate: string }[]).map((d) => [d._id, d.donationDate])).toEqual([[pledgeId, today]]);

    const pdf = await certificate(donor, pledgeId);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Rafiq Islam Bhuiyan');
    expect(text).toContain(`on ${today}.`);
    expect(text).not.toContain(future);

    const verified = await check(await codeOf(pledgeId));
    expect(verified.statusCode).toBe(200);
    expect((verified.json() as { donationDate: string }).donationDate).toBe(today);

    const exported = await t.app.inject({ url: `/api/users/${encodeURIComponent(donor.email)}/export`, headers: donor.auth });
    expect(exported.statusCode).toBe(200);
    expect((exported.json() as AccountExport).pledges.map((p) => [p._id, p.donatedOn, p.disputedAt])).toEqual([[pledgeId, today, null]]);

    // The wait runs from today, not from the request's day.
    expect(await cooldownOf(donor)).toEqual({ last: today, component: 'whole_blood', next: inDays(WHOLE_BLOOD_DAYS), count: 1 });
  });

  it("records a request marked done after its day for the request's day", async () => {
    const donor = await registerUser(t.app, { blood_group: 'B+' });
    const created = await t.app.inject({ method: 'POST', url: '/api/donationRequest', headers: requester.auth, payload: donationRequestBody({ donationDate: inDays(1) }) });
    const requestId = (created.json() as { insertedId: string }).insertedId;
    expect((await t.app.inject({ method: 'PATCH', url: `/api/confirmDonation/${requestId}`, headers: donor.auth })).statusCode).toBe(200);
    // Time passes: the day was three days ago, and the requester closes it now.
    await t.database.db.update(donationRequests).set({ donationDate: inDays(-3) }).where(eq(donationRequests.id, requestId));
    await markDone(requestId, requester);
    const [row] = await t.database.db.select({ on: donationPledges.donatedOn, id: donationPledges.id }).from(donationPledges).where(eq(donationPledges.requestId, requestId));
    expect(row!.on).toBe(inDays(-3));
    expect((await history(donor)).json()).toMatchObject([{ _id: row!.id, donationDate: inDays(-3) }]);
    expect((await check(await codeOf(row!.id))).json()).toMatchObject({ donationDate: inDays(-3) });
  });
});

describe('POST /api/donations/{id}/dispute', () => {
  let donor: TestUser;
  let earlier: string;
  let disputed: string;
  let disputedRequest: string;

  beforeAll(async () => {
    donor = await registerUser(t.app, { name: 'Selina Parvin', blood_group: 'B+' });
    // A platelets donation a month ago (given then: its day and the cooldown moved back)...
    ({ pledgeId: earlier } = await donation(donor, 1, 'platelets'));
    await t.database.db.update(donationPledges).set({ donatedOn: inDays(-30) }).where(eq(donationPledges.id, earlier));
    await t.database.db.update(users).set({ lastDonationDate: inDays(-30), nextEligibleDate: inDays(-30 + PLATELETS_DAYS) }).where(eq(users.id, donor.id));
    // ...and whole blood recorded today, by a request marked done four days early.
    ({ pledgeId: disputed, requestId: disputedRequest } = await donation(donor, 4));
    expect(await cooldownOf(donor)).toEqual({ last: inDays(0), component: 'whole_blood', next: inDays(WHOLE_BLOOD_DAYS), count: 2 });
  });

  it('removes the donation from the history, its certificate, its public check and its cooldown; the audit trail has it', async () => {
    const code = await codeOf(disputed);
    expect((await check(code)).statusCode).toBe(200);

    const res = await dispute(donor, disputed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ modifiedCount: 1 });

    const list = await history(donor);
    expect(list.headers['x-total-count']).toBe('1');
    expect((list.json() as { _id: string; donationDate: string }[]).map((d) => [d._id, d.donationDate])).toEqual([[earlier, inDays(-30)]]);

    for (const who of [donor, admin]) {
      const pdf = await certificate(who, disputed);
      expect(pdf.statusCode).toBe(404);
      expect(errorBody(pdf).message).toBe(DONATION_TEXTS.noDonation);
    }
    const verified = await check(code);
    expect(verified.statusCode).toBe(404);
    expect(errorBody(verified).message).toBe(DONATION_TEXTS.noCertificate);
    // The earlier one is still genuine.
    expect((await certificate(donor, earlier)).statusCode).toBe(200);
    expect((await check(await codeOf(earlier))).statusCode).toBe(200);

    // The cooldown is the earlier donation's again, and one donation fewer is counted.
    expect(await cooldownOf(donor)).toEqual({ last: inDays(-30), component: 'platelets', next: inDays(-30 + PLATELETS_DAYS), count: 1 });

    const [row] = await t.database.db.select({ at: donationPledges.disputedAt }).from(donationPledges).where(eq(donationPledges.id, disputed));
    expect(row!.at).toBeInstanceOf(Date);
    const audits = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'donation.dispute'), eq(auditLog.targetId, disputed)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: donor.id, targetType: 'donation', before: { disputedAt: null, requesterId: requester.id, requestId: disputedRequest } });
    expect(audits[0]!.after).toMatchObject({ requesterId: requester.id, disputedAt: row!.at!.toISOString() });
    // Admins find it in the audit trail by its action.
    const trail = await t.app.inject({ url: '/api/audit?action=donation.dispute', headers: admin.auth });
    expect(trail.statusCode).toBe(200);
    expect((trail.json() as { targetId: string }[]).map((a) => a.targetId)).toContain(disputed);

    // The export still lists the pledge, with when it was disputed.
    const exported = (await t.app.inject({ url: `/api/users/${encodeURIComponent(donor.email)}/export`, headers: donor.auth })).json() as AccountExport;
    expect(exported.pledges.find((p) => p._id === disputed)?.disputedAt).toBe(row!.at!.toISOString());
  });

  it('answers 409 the second time, and changes nothing', async () => {
    const res = await dispute(donor, disputed);
    expect(res.statusCode).toBe(409);
    expect(errorBody(res)).toMatchObject({ message: DONATION_TEXTS.alreadyDisputed, code: 'ALREADY_DISPUTED' });
    expect(await cooldownOf(donor)).toMatchObject({ count: 1, last: inDays(-30) });
  });

  it('takes away the only donation: no cooldown, no count', async () => {
    const single = await registerUser(t.app, { blood_group: 'B+' });
    const { pledgeId } = await donation(single, 3);
    expect((await dispute(single, pledgeId)).statusCode).toBe(200);
    expect(await cooldownOf(single)).toEqual({ last: null, component: null, next: null, count: 0 });
    expect((await history(single)).headers['x-total-count']).toBe('0');
  });

  it('keeps a later donation the donor entered on their profile', async () => {
    const giver = await registerUser(t.app, { blood_group: 'B+' });
    const { pledgeId } = await donation(giver, 2);
    // The donor gave elsewhere afterwards and wrote it on their profile (its component unknown).
    await t.database.db.update(users).set({ lastDonationDate: inDays(1), lastDonationComponent: null, nextEligibleDate: inDays(1 + WHOLE_BLOOD_DAYS) }).where(eq(users.id, giver.id));
    expect((await dispute(giver, pledgeId)).statusCode).toBe(200);
    expect(await cooldownOf(giver)).toEqual({ last: inDays(1), component: null, next: inDays(1 + WHOLE_BLOOD_DAYS), count: 0 });
  });

  it("refuses someone else's donation, staff, no token, a missing or open one, a bad id and a blocked donor", async () => {
    const victim = await registerUser(t.app, { blood_group: 'B+' });
    const stranger = await registerUser(t.app, { blood_group: 'B+' });
    const { pledgeId } = await donation(victim, 5);
    const before = await cooldownOf(victim);

    expect((await dispute(null, pledgeId)).statusCode).toBe(401);
    for (const who of [stranger, requester, volunteer, admin, blockedVolunteer, blockedAdmin]) {
      const res = await dispute(who, pledgeId);
      expect(res.statusCode, who.email).toBe(403);
      errorBody(res);
    }
    expect(errorBody(await dispute(stranger, pledgeId)).message).toBe(DONATION_TEXTS.disputeOwnOnly);
    expect(errorBody(await dispute(admin, pledgeId)).message).toBe(DONATION_TEXTS.disputeOwnOnly);

    const missing = await dispute(victim, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(errorBody(missing).message).toBe(DONATION_TEXTS.noDonation);
    // A pledge whose request is not done yet is no donation to dispute.
    const created = await t.app.inject({ method: 'POST', url: '/api/donationRequest', headers: requester.auth, payload: donationRequestBody({ donationDate: inDays(9) }) });
    const openId = (created.json() as { insertedId: string }).insertedId;
    expect((await t.app.inject({ method: 'PATCH', url: `/api/confirmDonation/${openId}`, headers: stranger.auth })).statusCode).toBe(200);
    const [open] = await t.database.db.select({ id: donationPledges.id }).from(donationPledges).where(eq(donationPledges.requestId, openId));
    expect((await dispute(stranger, open!.id)).statusCode).toBe(404);

    for (const bad of ['x', 'not-a-uuid', "1'%20OR%20'1'='1", '0'.repeat(37)]) {
      const res = await dispute(victim, bad);
      expect(res.statusCode, bad).toBe(400);
      errorBody(res);
    }

    // A blocked donor writes nothing: their donation stays. (Set directly, as userWith does: a
    // block through the API also ends the sessions, and the token would answer 401.)
    await t.database.db.update(users).set({ status: 'blocked' }).where(eq(users.id, victim.id));
    const blocked = await dispute(victim, pledgeId);
    expect(blocked.statusCode).toBe(403);
    errorBody(blocked);
    await t.database.db.update(users).set({ status: 'active' }).where(eq(users.id, victim.id));
    // Through the API, the block signs them out: 401.
    await setUserStatus(t.app, admin, victim, 'blocked');
    expect((await dispute(victim, pledgeId)).statusCode).toBe(401);

    expect(await cooldownOf(victim)).toEqual(before);
    const [row] = await t.database.db.select({ at: donationPledges.disputedAt }).from(donationPledges).where(eq(donationPledges.id, pledgeId));
    expect(row!.at).toBeNull();
    expect((await check(await codeOf(pledgeId))).statusCode).toBe(200);
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, pledgeId))).toEqual([]);
  });
});

describe('GET /api/donations/disputes', () => {
  beforeAll(async () => {
    // The requester of the tests above has three disputed donations. otherRequester: three more,
    // disputed later (the tie goes to the latest), and one that nobody disputed.
    for (const days of [2, 3, 4]) {
      const giver = await registerUser(t.app, { blood_group: 'B+' });
      const { pledgeId } = await donation(giver, days, 'whole_blood', otherRequester);
      expect((await dispute(giver, pledgeId)).statusCode).toBe(200);
    }
    await donation(await registerUser(t.app, { blood_group: 'B+' }), 5, 'whole_blood', otherRequester);
  });

  it('lists requesters with their count of disputed donations and the latest, most first (volunteers and admins)', async () => {
    for (const who of [volunteer, admin]) {
      const res = await disputes(who);
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json() as DisputedRequester[];
      expect(res.headers['x-total-count']).toBe('2');
      expect(rows.map((r) => [r.email, r.name, r.disputedCount])).toEqual([
        [otherRequester.email, 'Jamal Hossain', 3],
        [requester.email, 'Nasima Khatun', 3],
      ]);
      // No more than staff already see of a requester.
      expect(Object.keys(rows[0]!).sort()).toEqual(['disputedCount', 'email', 'lastDisputedAt', 'name', 'requesterId']);
      expect(rows[0]!.requesterId).toBe(otherRequester.id);
      const latest = await t.database.db.select({ at: donationPledges.disputedAt }).from(donationPledges).innerJoin(donationRequests, eq(donationRequests.id, donationPledges.requestId)).where(eq(donationRequests.requesterId, otherRequester.id));
      expect(rows[0]!.lastDisputedAt).toBe(new Date(Math.max(...latest.map((l) => l.at?.getTime() ?? 0))).toISOString());
    }
    const page2 = await disputes(admin, '?page=2&limit=1');
    expect((page2.json() as DisputedRequester[]).map((r) => r.email)).toEqual([requester.email]);
  });

  it('refuses donors and requesters (403), blocked staff (403), no token (401), bad paging (400)', async () => {
    const donor = await registerUser(t.app, { blood_group: 'B+' });
    expect((await disputes(null)).statusCode).toBe(401);
    for (const who of [donor, requester, blockedVolunteer, blockedAdmin]) {
      const res = await disputes(who);
      expect(res.statusCode, who.email).toBe(403);
      errorBody(res);
    }
    for (const q of ['?limit=0', '?page=x', '?limit=100000']) expect((await disputes(admin, q)).statusCode, q).toBe(400);
  });
});
