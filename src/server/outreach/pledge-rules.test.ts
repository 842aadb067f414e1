import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donationRequestBody, inDays, registerUser, type TestUser } from '../../../test/fixtures';
import { createTestDatabase, errorBody, type TestDatabase, testConfig } from '../../../test/helpers';
import { DONATION_MESSAGES } from '../../shared/donation-requests/texts';
import { buildApp } from '../app';
import { type AppDeps, createDeps } from '../deps';
import { auditLog, users } from '../db/schema/accounts';
import { outreachAnswers } from '../db/schema/outreach';
import { donationPledges, donationRequests } from '../db/schema/requests';

// Issue 30, point 3: a family's phone must not be harvested by pledging and withdrawing, and a
// pledge must be one a body can keep. Email is set up (SMTP_URL, no worker sends), so a pledging
// donor needs a confirmed address. Every attack goes through the API.

let database: TestDatabase;
let app: FastifyInstance;
let deps: AppDeps;
let requester: TestUser;
const FAMILY_PHONE = '+8801712345678';

const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user: TestUser | null, payload?: object) =>
  app.inject({ method, url, headers: user ? user.auth : {}, ...(payload && { payload }) });
const accept = (id: string, user: TestUser) => inject('POST', `/api/donationRequest/${id}/respond`, user, { answer: 'accept' });
const withdraw = (id: string, user: TestUser) => inject('DELETE', `/api/donationRequest/${id}/pledge`, user);
const pledge = (id: string, user: TestUser) => inject('PATCH', `/api/confirmDonation/${id}`, user);

async function confirmed(user: TestUser): Promise<TestUser> {
  await database.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  return user;
}
const donorOf = async (group: string) => confirmed(await registerUser(app, { blood_group: group }));

async function createRequest(overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await inject('POST', '/api/donationRequest', requester, donationRequestBody({ bloodGroup: 'O-', contactPhone: FAMILY_PHONE, ...overrides }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ insertedId: string }>().insertedId;
}
const pledgesOf = async (id: string) => database.db.select().from(donationPledges).where(eq(donationPledges.requestId, id));

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig({ SMTP_URL: 'smtp://127.0.0.1:9' });
  deps = await createDeps({ config, db: database.db });
  app = await buildApp({ config, db: database.db, webDir: null }, deps);
  await app.ready();
  requester = await confirmed(await registerUser(app));
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('the harvest: a new AB+ account pledges to O- requests, reads the phone, withdraws, repeats', () => {
  it('is refused at the first step: AB+ cannot give to an O- patient (409 NOT_COMPATIBLE, no phone)', async () => {
    const harvester = await donorOf('AB+');
    for (let i = 0; i < 3; i++) {
      const id = await createRequest();
      const res = await accept(id, harvester);
      expect(res.statusCode).toBe(409);
      expect(errorBody(res)).toMatchObject({ code: 'NOT_COMPATIBLE', message: DONATION_MESSAGES.notCompatible });
      expect(res.body).not.toContain(FAMILY_PHONE);
      expect(await pledgesOf(id)).toEqual([]);
    }
  });

  it('and a compatible donor sees the phone once: after a withdrawal no pledge to that request again, and no phone', async () => {
    const donor = await donorOf('O-');
    const id = await createRequest();
    const first = await accept(id, donor);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ answer: 'accept', requesterPhone: FAMILY_PHONE });
    expect((await withdraw(id, donor)).statusCode).toBe(200);
    for (const again of [await accept(id, donor), await pledge(id, donor)]) {
      expect(again.statusCode).toBe(409);
      expect(errorBody(again)).toMatchObject({ code: 'WITHDRAWN_BEFORE', message: DONATION_MESSAGES.withdrawnBefore });
      expect(again.body).not.toContain(FAMILY_PHONE);
    }
    const page = await inject('GET', `/api/donationRequest?id=${id}`, donor);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ pledgedByMe: false, contactPhone: null });
    const reveals = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'phone.reveal'), eq(auditLog.actorId, donor.id)));
    expect(reveals.length).toBe(1);
  });

  it('withdraws at most 3 pledges in 24 hours (429 the fourth time, the pledge stays)', async () => {
    const donor = await donorOf('O-');
    // Four requests months apart, so one donor may pledge to each (one donation at a time).
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await createRequest({ donationDate: inDays(2 + i * 130) }));
    for (const id of ids.slice(0, 3)) {
      expect((await pledge(id, donor)).statusCode).toBe(200);
      expect((await withdraw(id, donor)).statusCode).toBe(200);
    }
    expect((await pledge(ids[3]!, donor)).statusCode).toBe(200);
    const fourth = await withdraw(ids[3]!, donor);
    expect(fourth.statusCode).toBe(429);
    expect(errorBody(fourth)).toMatchObject({ code: 'DAILY_WITHDRAWAL_LIMIT' });
    expect((await pledgesOf(ids[3]!)).map((p) => p.donorId)).toEqual([donor.id]);
    // A day later it may.
    await database.db.update(outreachAnswers).set({ withdrawnAt: sql`now() - interval '25 hours'` }).where(eq(outreachAnswers.userId, donor.id));
    expect((await withdraw(ids[3]!, donor)).statusCode).toBe(200);
  });
});

describe('a pledge a body can keep', () => {
  it('refuses an unconfirmed donor (NOT_CONFIRMED), and takes them once confirmed', async () => {
    const donor = await registerUser(app, { blood_group: 'O-' });
    const id = await createRequest();
    const res = await pledge(id, donor);
    expect(res.statusCode).toBe(409);
    expect(errorBody(res)).toMatchObject({ code: 'NOT_CONFIRMED', message: DONATION_MESSAGES.notConfirmed });
    await confirmed(donor);
    expect((await pledge(id, donor)).statusCode).toBe(200);
  });

  it('refuses a donor within their interval on the request day, or not available (NOT_ELIGIBLE)', async () => {
    const resting = await donorOf('O-');
    await database.db.update(users).set({ lastDonationDate: inDays(-10), lastDonationComponent: 'whole_blood', nextEligibleDate: inDays(110) }).where(eq(users.id, resting.id));
    const soon = await createRequest({ donationDate: inDays(2) });
    expect(errorBody(await pledge(soon, resting))).toMatchObject({ code: 'NOT_ELIGIBLE', message: DONATION_MESSAGES.notEligible });
    // Eligible on a later request's day.
    const later = await createRequest({ donationDate: inDays(115) });
    expect((await pledge(later, resting)).statusCode).toBe(200);

    const away = await donorOf('O-');
    await database.db.update(users).set({ available: false }).where(eq(users.id, away.id));
    expect(errorBody(await pledge(soon, away)).code).toBe('NOT_ELIGIBLE');
  });

  it('refuses a donor with no blood group, and one whose group cannot give the component', async () => {
    const unknown = await donorOf('O-');
    await database.db.update(users).set({ bloodGroup: null }).where(eq(users.id, unknown.id));
    const id = await createRequest({ bloodGroup: 'AB+' });
    expect(errorBody(await pledge(id, unknown)).code).toBe('NOT_COMPATIBLE');
    // O+ whole blood reaches an AB+ patient, O+ platelets do not (plasma-compatible only).
    const oPositive = await donorOf('O+');
    const platelets = await createRequest({ bloodGroup: 'AB+', component: 'platelets' });
    expect(errorBody(await pledge(platelets, oPositive)).code).toBe('NOT_COMPATIBLE');
    expect((await pledge(id, oPositive)).statusCode).toBe(200);
  });

  it('one body gives one bag: no second open pledge within a donation interval, either way round (PLEDGED_ELSEWHERE)', async () => {
    const donor = await donorOf('O+');
    const morning = await createRequest({ bloodGroup: 'O+', urgency: 'critical', donationDate: inDays(1), hospitalName: 'Dhaka Medical College Hospital' });
    const elsewhere = await createRequest({ bloodGroup: 'O+', donationDate: inDays(1), hospitalName: 'Square Hospital' });
    expect((await pledge(morning, donor)).statusCode).toBe(200);
    const second = await pledge(elsewhere, donor);
    expect(second.statusCode).toBe(409);
    expect(errorBody(second)).toMatchObject({ code: 'PLEDGED_ELSEWHERE', message: DONATION_MESSAGES.pledgedElsewhere });
    expect(await pledgesOf(elsewhere)).toEqual([]);
    // Whole blood (120 days) a week earlier than a platelet request blocks it too.
    const earlier = await createRequest({ bloodGroup: 'O+', donationDate: inDays(1 + 100) });
    expect(errorBody(await pledge(earlier, donor)).code).toBe('PLEDGED_ELSEWHERE');
    // Past the interval: fine.
    const farLater = await createRequest({ bloodGroup: 'O+', donationDate: inDays(1 + 121) });
    expect((await pledge(farLater, donor)).statusCode).toBe(200);

    // A platelet pledge (7 days) leaves whole blood ten days later possible, but not the reverse.
    const plateletsDonor = await donorOf('O+');
    const platelets = await createRequest({ bloodGroup: 'O+', component: 'platelets', donationDate: inDays(20) });
    const wholeAfter = await createRequest({ bloodGroup: 'O+', donationDate: inDays(30) });
    expect((await pledge(platelets, plateletsDonor)).statusCode).toBe(200);
    expect((await pledge(wholeAfter, plateletsDonor)).statusCode).toBe(200);
    const wholeDonor = await donorOf('O+');
    const wholeFirst = await createRequest({ bloodGroup: 'O+', donationDate: inDays(40) });
    const plateletsAfter = await createRequest({ bloodGroup: 'O+', component: 'platelets', donationDate: inDays(50) });
    expect((await pledge(wholeFirst, wholeDonor)).statusCode).toBe(200);
    expect(errorBody(await pledge(plateletsAfter, wholeDonor)).code).toBe('PLEDGED_ELSEWHERE');

    // A withdrawn pledge, or a canceled request, frees the day.
    expect((await withdraw(morning, donor)).statusCode).toBe(200);
    expect((await pledge(elsewhere, donor)).statusCode).toBe(200);
    await database.db.update(donationRequests).set({ status: 'canceled' }).where(eq(donationRequests.id, wholeFirst));
    expect((await pledge(plateletsAfter, wholeDonor)).statusCode).toBe(200);
  });

  it('takes exactly one of two pledges sent at once by the same donor to two requests of the same day', async () => {
    const donor = await donorOf('O+');
    const a = await createRequest({ bloodGroup: 'O+', donationDate: inDays(3) });
    const b = await createRequest({ bloodGroup: 'O+', donationDate: inDays(3) });
    const results = await Promise.all([pledge(a, donor), pledge(b, donor)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(errorBody(results.find((r) => r.statusCode === 409)!).code).toBe('PLEDGED_ELSEWHERE');
    const pledged = [...(await pledgesOf(a)), ...(await pledgesOf(b))];
    expect(pledged.map((p) => p.donorId)).toEqual([donor.id]);
  });

  it('answers the refusals in Bangla for a Bangla reader', async () => {
    const donor = await donorOf('AB+');
    const id = await createRequest();
    const res = await app.inject({ method: 'PATCH', url: `/api/confirmDonation/${id}`, headers: { ...donor.auth, 'accept-language': 'bn' } });
    expect(res.statusCode).toBe(409);
    expect(errorBody(res)).toMatchObject({ code: 'NOT_COMPATIBLE', message: 'আপনার রক্তের গ্রুপ এই রোগীর প্রয়োজনীয় রক্ত দিতে পারে না' });
  });
});
