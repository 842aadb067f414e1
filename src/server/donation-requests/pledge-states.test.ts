import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DonationRequest } from '../../shared/donation-requests/schemas';
import type { Donation } from '../../shared/donations/schemas';
import type { User } from '../../shared/users/schemas';
import { donationRequestBody, registerUser, type TestUser, userWith } from '../../../test/fixtures';
import { createTestApp, errorBody, type TestApp } from '../../../test/helpers';
import { auditLog, users } from '../db/schema/accounts';
import { donationPledges, donationRequests } from '../db/schema/requests';

// Issue 33: a pledge has a life. The donor checks in (on the way, arrived); the requester or staff
// record the outcome (donated, no_show, deferred with a reason). Only donated enters the history.

let t: TestApp;
let requester: TestUser;
let volunteer: TestUser;
let blockedAdmin: TestUser;
let blockedVolunteer: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  requester = await registerUser(t.app);
  volunteer = await userWith(t.app, t.database.db, 'volunteer');
  blockedAdmin = await userWith(t.app, t.database.db, 'admin', 'blocked');
  blockedVolunteer = await userWith(t.app, t.database.db, 'volunteer', 'blocked');
  stranger = await registerUser(t.app);
});
afterAll(() => t.close());

async function create(overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/donationRequest', headers: requester.auth, payload: donationRequestBody(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { insertedId: string }).insertedId;
}
const read = async (id: string, as: TestUser = requester) =>
  (await t.app.inject({ method: 'GET', url: `/api/donationRequest?id=${id}`, headers: as.auth })).json() as DonationRequest;
async function pledged(id: string, donor: TestUser) {
  const res = await t.app.inject({ method: 'PATCH', url: `/api/confirmDonation/${id}`, headers: donor.auth });
  expect(res.statusCode, res.body).toBe(200);
}
const checkIn = (id: string, as: TestUser | null, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/donationRequest/${id}/pledge/checkin`, headers: as?.auth ?? {}, payload: payload as object });
const outcome = (id: string, pledgeId: string, as: TestUser | null, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: `/api/donationRequest/${id}/pledges/${pledgeId}`, headers: as?.auth ?? {}, payload: payload as object });
const pledgeOf = async (id: string, donor: TestUser) => (await read(id)).pledges!.find((p) => p.email === donor.email)!;
const stateInDb = async (id: string, donor: TestUser) =>
  (await t.database.db.select().from(donationPledges).where(and(eq(donationPledges.requestId, id), eq(donationPledges.donorId, donor.id))))[0];
const history = async (donor: TestUser) =>
  (await t.app.inject({ method: 'GET', url: `/api/users/${encodeURIComponent(donor.email)}/donations`, headers: donor.auth })).json() as Donation[];
const profile = async (u: TestUser) => (await t.app.inject({ method: 'GET', url: `/api/users/${encodeURIComponent(u.email)}`, headers: u.auth })).json() as User;

function expectError(res: { statusCode: number; json(): unknown; headers: Record<string, unknown> }, status: number, code?: string) {
  expect(res.statusCode).toBe(status);
  const error = errorBody(res);
  if (code) expect(error.code).toBe(code);
  return error;
}

describe('check-in: POST /donationRequest/{id}/pledge/checkin', () => {
  it('moves the donor\'s own pledge forward, shows it to the requester and the donor, and says the same thing twice as 0', async () => {
    const id = await create();
    const donor = await registerUser(t.app, { name: 'Coming Donor' });
    await pledged(id, donor);
    expect((await pledgeOf(id, donor)).state).toBe('pledged');
    expect((await read(id, donor)).myPledgeState).toBe('pledged');

    expect((await checkIn(id, donor, { state: 'on_the_way' })).json()).toEqual({ modifiedCount: 1 });
    expect((await pledgeOf(id, donor)).state).toBe('on_the_way');
    expect((await checkIn(id, donor, { state: 'on_the_way' })).json()).toEqual({ modifiedCount: 0 });
    expect((await checkIn(id, donor, { state: 'arrived' })).json()).toEqual({ modifiedCount: 1 });
    expect(await read(id, donor)).toMatchObject({ myPledgeState: 'arrived', pledgedByMe: true });
    expect((await read(id, volunteer)).pledges![0]).toMatchObject({ state: 'arrived', deferralReason: null });

    // Never backwards.
    expectError(await checkIn(id, donor, { state: 'on_the_way' }), 409, 'INVALID_TRANSITION');
    expect((await stateInDb(id, donor))!.state).toBe('arrived');
    // Straight to arrived is fine too.
    const other = await create();
    const straight = await registerUser(t.app);
    await pledged(other, straight);
    expect((await checkIn(other, straight, { state: 'arrived' })).json()).toEqual({ modifiedCount: 1 });
  });

  it('refuses bad input with 400 in the error shape and changes nothing', async () => {
    const id = await create();
    const donor = await registerUser(t.app);
    await pledged(id, donor);
    for (const bad of [{}, { state: 'donated' }, { state: 'pledged' }, { state: 1 }, { state: null }, ['arrived']]) {
      expectError(await checkIn(id, donor, bad), 400);
    }
    expectError(await checkIn('not-a-uuid', donor, { state: 'arrived' }), 400);
    expect((await stateInDb(id, donor))!.state).toBe('pledged');
  });

  it('answers 401 without a token, 404 for a missing request, 409 without a pledge, 403 for the requester and a blocked donor', async () => {
    const id = await create();
    const donor = await registerUser(t.app);
    await pledged(id, donor);
    expectError(await checkIn(id, null, { state: 'arrived' }), 401);
    expectError(await checkIn(randomUUID(), donor, { state: 'arrived' }), 404);
    // Someone else's pledge cannot be moved: the stranger has none here.
    expectError(await checkIn(id, stranger, { state: 'arrived' }), 409, 'NOT_PLEDGED');
    expectError(await checkIn(id, requester, { state: 'arrived' }), 403);
    await t.database.db.update(users).set({ status: 'blocked' }).where(eq(users.id, donor.id));
    expectError(await checkIn(id, donor, { state: 'arrived' }), 403);
    await t.database.db.update(users).set({ status: 'active' }).where(eq(users.id, donor.id));
    expect((await stateInDb(id, donor))!.state).toBe('pledged');
  });

  it('refuses once the request is closed, or the outcome is recorded', async () => {
    const id = await create();
    const donor = await registerUser(t.app);
    await pledged(id, donor);
    expect((await outcome(id, (await pledgeOf(id, donor)).id, requester, { outcome: 'no_show' })).statusCode).toBe(200);
    expectError(await checkIn(id, donor, { state: 'arrived' }), 409, 'PLEDGE_DECIDED');

    const canceled = await create();
    await pledged(canceled, donor);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/donationRequest/${canceled}/status`, headers: requester.auth, payload: { donationStatus: 'canceled' } })).statusCode).toBe(200);
    expectError(await checkIn(canceled, donor, { state: 'arrived' }), 409, 'INVALID_TRANSITION');
  });
});

describe('outcome: PATCH /donationRequest/{id}/pledges/{pledgeId}', () => {
  it('donated enters the donor\'s history and count at once; marking the request done later counts it once', async () => {
    const id = await create({ unitsNeeded: 2 });
    const [a, b] = [await registerUser(t.app, { name: 'Gave First' }), await registerUser(t.app, { name: 'Gave Second' })];
    await pledged(id, a);
    await pledged(id, b);
    expect(await history(a)).toEqual([]);

    expect((await outcome(id, (await pledgeOf(id, a)).id, requester, { outcome: 'donated' })).json()).toEqual({ modifiedCount: 1 });
    expect(await history(a)).toHaveLength(1);
    expect((await profile(a)).donationCount).toBe(1);
    expect(await history(b)).toEqual([]);
    expect(await read(id)).toMatchObject({ donationStatus: 'inprogress', pledgeCount: 2 });
    expect((await stateInDb(id, a))!).toMatchObject({ state: 'donated', outcomeBy: requester.id });

    // Once recorded, it stays: a second outcome and a withdrawal are refused.
    expectError(await outcome(id, (await pledgeOf(id, a)).id, requester, { outcome: 'no_show' }), 409, 'PLEDGE_DECIDED');
    expectError(await t.app.inject({ method: 'DELETE', url: `/api/donationRequest/${id}/pledge`, headers: a.auth }), 409, 'PLEDGE_DECIDED');

    expect((await t.app.inject({ method: 'PATCH', url: `/api/donationRequest/${id}/status`, headers: requester.auth, payload: { donationStatus: 'done' } })).statusCode).toBe(200);
    expect((await profile(a)).donationCount).toBe(1);
    expect((await profile(b)).donationCount).toBe(1);
    expect(await history(b)).toHaveLength(1);
    expect((await stateInDb(id, b))!).toMatchObject({ state: 'donated', outcomeBy: null });
    // Closed: no more outcomes.
    expectError(await outcome(id, (await pledgeOf(id, b)).id, requester, { outcome: 'no_show' }), 409, 'INVALID_TRANSITION');
  });

  it('no_show and deferred give the unit back: pending again, no donor of record, nothing in the history', async () => {
    const id = await create();
    const [late, turnedAway] = [await registerUser(t.app), await registerUser(t.app)];
    await pledged(id, late);
    expect(await read(id)).toMatchObject({ donationStatus: 'inprogress', pledgeCount: 1 });
    expect((await outcome(id, (await pledgeOf(id, late)).id, requester, { outcome: 'no_show' })).json()).toEqual({ modifiedCount: 1 });
    expect(await read(id)).toMatchObject({ donationStatus: 'pending', pledgeCount: 0, donarName: null, donarEmail: null });
    expect(await read(id, late)).toMatchObject({ pledgedByMe: false, myPledgeState: 'no_show', contactPhone: null });
    expect(await history(late)).toEqual([]);
    // The no-show cannot pledge to it again.
    expectError(await t.app.inject({ method: 'PATCH', url: `/api/confirmDonation/${id}`, headers: late.auth }), 409, 'ALREADY_PLEDGED');

    // Another donor takes the unit and is turned away at the bank, with the reason.
    await pledged(id, turnedAway);
    const pledgeId = (await pledgeOf(id, turnedAway)).id;
    expectError(await outcome(id, pledgeId, requester, { outcome: 'deferred' }), 400);
    expect((await outcome(id, pledgeId, requester, { outcome: 'deferred', reason: 'low_haemoglobin' })).statusCode).toBe(200);
    expect(await pledgeOf(id, turnedAway)).toMatchObject({ state: 'deferred', deferralReason: 'low_haemoglobin' });
    expect(await read(id)).toMatchObject({ donationStatus: 'pending', pledgeCount: 0 });
    expect((await profile(turnedAway)).donationCount).toBe(0);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const id = await create();
    const donor = await registerUser(t.app);
    await pledged(id, donor);
    const pledgeId = (await pledgeOf(id, donor)).id;
    for (const bad of [{}, { outcome: 'arrived' }, { outcome: 'deferred', reason: 'tired' }, { outcome: 7 }, { outcome: null }, ['donated']]) {
      expectError(await outcome(id, pledgeId, requester, bad), 400);
    }
    expectError(await outcome(id, 'not-a-uuid', requester, { outcome: 'donated' }), 400);
    expectError(await outcome('not-a-uuid', pledgeId, requester, { outcome: 'donated' }), 400);
    expect((await stateInDb(id, donor))!.state).toBe('pledged');
    expect(await read(id)).toMatchObject({ donationStatus: 'inprogress', pledgeCount: 1 });
  });

  it('is for the requester and active staff: 401, 403 for the donor, a stranger, a blocked admin and a blocked volunteer; 404 for a missing request or pledge', async () => {
    const id = await create();
    const donor = await registerUser(t.app);
    await pledged(id, donor);
    const pledgeId = (await pledgeOf(id, donor)).id;
    const otherRequest = await create();
    expectError(await outcome(id, pledgeId, null, { outcome: 'donated' }), 401);
    for (const who of [donor, stranger, blockedAdmin, blockedVolunteer]) expectError(await outcome(id, pledgeId, who, { outcome: 'donated' }), 403);
    expectError(await outcome(randomUUID(), pledgeId, requester, { outcome: 'donated' }), 404);
    expectError(await outcome(id, randomUUID(), requester, { outcome: 'donated' }), 404);
    // A pledge named under another request is not found there.
    expectError(await outcome(otherRequest, pledgeId, requester, { outcome: 'donated' }), 404);
    expect((await stateInDb(id, donor))!.state).toBe('pledged');
    expect((await profile(donor)).donationCount).toBe(0);
  });

  it('recorded by a volunteer on someone else\'s request: audited with the before and after', async () => {
    const id = await create();
    const donor = await registerUser(t.app);
    await pledged(id, donor);
    const pledgeId = (await pledgeOf(id, donor)).id;
    expect((await outcome(id, pledgeId, volunteer, { outcome: 'deferred', reason: 'medication' })).statusCode).toBe(200);
    const rows = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'pledge.outcome'), eq(auditLog.targetId, pledgeId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: volunteer.id, targetType: 'donation' });
    expect(rows[0]!.before).toMatchObject({ state: 'pledged', requestId: id });
    expect(rows[0]!.after).toMatchObject({ state: 'deferred', deferralReason: 'medication', requestId: id });
    // The requester's own outcomes are not staff actions: not audited.
    const own = await create();
    await pledged(own, stranger);
    const ownPledge = (await pledgeOf(own, stranger)).id;
    expect((await outcome(own, ownPledge, requester, { outcome: 'no_show' })).statusCode).toBe(200);
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, ownPledge))).toHaveLength(0);
  });

  it('two outcomes for one pledge at once: exactly one is recorded, and the unit is given back once', async () => {
    const id = await create({ unitsNeeded: 2 });
    const [a, b] = [await registerUser(t.app), await registerUser(t.app)];
    await pledged(id, a);
    await pledged(id, b);
    const pledgeId = (await pledgeOf(id, a)).id;
    const answers = await Promise.all([
      outcome(id, pledgeId, requester, { outcome: 'no_show' }),
      outcome(id, pledgeId, volunteer, { outcome: 'no_show' }),
      outcome(id, pledgeId, requester, { outcome: 'donated' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const [row] = await t.database.db.select().from(donationRequests).where(eq(donationRequests.id, id));
    const state = (await stateInDb(id, a))!.state;
    expect(row!.pledgeCount).toBe(state === 'donated' ? 2 : 1);
    expect((await profile(a)).donationCount).toBe(state === 'donated' ? 1 : 0);
  });
});
