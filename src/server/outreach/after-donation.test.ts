import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Notification } from '../../shared/notifications/schemas';
import type { DonationRequest } from '../../shared/donation-requests/schemas';
import type { User } from '../../shared/users/schemas';
import { afterQuietHours, dhakaMinuteOfDay } from '../../shared/outreach/model';
import { donationRequestBody, registerUser, type TestUser } from '../../../test/fixtures';
import type { TestDatabase } from '../../../test/helpers';
import { type SmsTestApp, startSmsTestApp } from '../../../test/sms-app';
import type { AppDeps } from '../deps';
import { users } from '../db/schema/accounts';
import { notifications, pushSubscriptions } from '../db/schema/outreach';
import { smsMessages } from '../db/schema/sms';
import { QUEUES } from '../jobs';
import { eligibleNoticeAt, tellEligibleAgain } from './after-donation';

// Closing the loop after a donation (issue 33): the donor's thank-you ("Your blood reached
// {hospital}") once per request, in the app and by SMS to a donor push does not reach, outside
// their quiet hours; and on their next eligible day, once, that they can give again. Real
// PostgreSQL, the real job queue and its workers, the real SMPP client against the stand-in SMSC.

let harness: SmsTestApp;
let database: TestDatabase;
let app: FastifyInstance;
let deps: AppDeps;

const HOSPITAL = 'Dhaka Medical College Hospital';
/** What the thank-you and the eligible-again SMS say (sms/sms-texts.ts; their segments are measured in alert-sms.test.ts). */
const THANKS = { en: `Thank you! Your blood reached ${HOSPITAL}. We will tell you when you can give again.`, bn: `ধন্যবাদ! আপনার রক্ত ${HOSPITAL}-এ পৌঁছেছে।` };
const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, user: TestUser, payload?: object) =>
  app.inject({ method, url, headers: user.auth, ...(payload && { payload }) });

let n = 6_000_000;
const freshNumber = () => `+880181${String(++n).padStart(7, '0')}`;
const textsTo = (phone: string) => harness.textsTo(phone);

type Donor = TestUser & { phone: string };
async function donor(lang: 'en' | 'bn' = 'en', quiet: [number, number] = [0, 0]): Promise<Donor> {
  const user = await registerUser(app, { blood_group: 'B+' });
  const phone = freshNumber();
  await database.db
    .update(users)
    .set({ emailVerified: true, locale: lang, phone, phoneNumber: phone, phoneNumberVerified: true, quietHoursStart: quiet[0], quietHoursEnd: quiet[1] })
    .where(eq(users.id, user.id));
  return { ...user, phone };
}

async function family(): Promise<TestUser> {
  const user = await registerUser(app, { blood_group: 'A+' });
  await database.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  return user;
}

/** A request the donors pledge to, all of its units. */
async function pledgedRequest(owner: TestUser, donors: TestUser[]): Promise<string> {
  const res = await inject('POST', '/api/donationRequest', owner, donationRequestBody({ unitsNeeded: donors.length, contactPhone: '+8801911111111' }));
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ insertedId: string }>().insertedId;
  for (const d of donors) expect((await inject('PATCH', `/api/confirmDonation/${id}`, d)).statusCode).toBe(200);
  return id;
}
const markDone = async (id: string, owner: TestUser) =>
  expect((await inject('PATCH', `/api/donationRequest/${id}/status`, owner, { donationStatus: 'done' })).statusCode).toBe(200);
const pledgeIdOf = async (id: string, owner: TestUser, d: TestUser) =>
  (await inject('GET', `/api/donationRequest?id=${id}`, owner)).json<DonationRequest>().pledges!.find((p) => p.email === d.email)!.id;

const noticesOf = (userId: string, kind: 'thanks' | 'eligible') =>
  database.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
const notificationsOf = async (u: TestUser) => (await inject('GET', '/api/notifications', u)).json<Notification[]>();
const jobsOf = async (queue: string, where: string, value: string) =>
  (await database.pool.query<{ data: Record<string, string>; start_after: Date; singleton_key: string | null }>(
    `SELECT data, start_after, singleton_key FROM pgboss.job WHERE name = $1 AND data->>'${where}' = $2`,
    [queue, value],
  )).rows;

beforeAll(async () => {
  harness = await startSmsTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
  ({ database, app, deps } = harness);
}, 60_000);

afterAll(() => harness?.close());

beforeEach(async () => {
  // Only this test's donors are alerted and pledge.
  await database.db.update(users).set({ available: false });
});

describe('the thank-you', () => {
  it('marking the request done thanks each donor once: in the app, and by SMS in their language to a donor push does not reach', async () => {
    const requester = await family();
    const [en, bn] = [await donor('en'), await donor('bn')];
    const id = await pledgedRequest(requester, [en, bn]);
    await markDone(id, requester);
    await harness.settled();

    for (const [d, lang] of [[en, 'en'], [bn, 'bn']] as const) {
      expect(textsTo(d.phone).filter((t) => t === THANKS[lang])).toHaveLength(1);
      const thanks = (await notificationsOf(d)).filter((x) => x.kind === 'thanks');
      expect(thanks).toHaveLength(1);
      expect(thanks[0]!.request).toMatchObject({ _id: id, hospitalName: HOSPITAL, donationStatus: 'done' });
    }
    const [sms] = await database.db.select().from(smsMessages).where(eq(smsMessages.toNumber, en.phone)).orderBy(sql`${smsMessages.createdAt} DESC`).limit(1);
    expect(sms).toMatchObject({ kind: 'notice', state: 'sent' });
    // The requester is not thanked for their own request.
    expect(await noticesOf(requester.id, 'thanks')).toEqual([]);
  });

  it('an outcome thanks that donor only: a no-show or a deferral thanks nobody, and a donor push reaches is thanked in the app only', async () => {
    const requester = await family();
    const [gave, absent, pushed] = [await donor(), await donor(), await donor()];
    await database.db.insert(pushSubscriptions).values({ userId: pushed.id, endpoint: `https://push.example.org/${pushed.id}`, p256dh: 'k', auth: 'a' });
    const id = await pledgedRequest(requester, [gave, absent, pushed]);
    const record = async (d: TestUser, body: object) =>
      expect((await inject('PATCH', `/api/donationRequest/${id}/pledges/${await pledgeIdOf(id, requester, d)}`, requester, body)).statusCode).toBe(200);
    await record(gave, { outcome: 'donated' });
    await record(absent, { outcome: 'no_show' });
    await record(pushed, { outcome: 'donated' });
    await harness.settled();

    expect(await noticesOf(gave.id, 'thanks')).toHaveLength(1);
    expect(textsTo(gave.phone).filter((t) => t === THANKS.en)).toHaveLength(1);
    expect(await noticesOf(absent.id, 'thanks')).toEqual([]);
    expect(textsTo(absent.phone).some((t) => t.startsWith('Thank you! Your blood'))).toBe(false);
    const [inApp] = await noticesOf(pushed.id, 'thanks');
    expect(inApp).toMatchObject({ smsState: 'none' });
    expect(textsTo(pushed.phone).some((t) => t.startsWith('Thank you! Your blood'))).toBe(false);
  });

  it("in the donor's quiet hours the thank-you's SMS waits for their end", async () => {
    const requester = await family();
    const minute = dhakaMinuteOfDay(new Date());
    const quiet: [number, number] = [(minute + 1440 - 60) % 1440, (minute + 60) % 1440];
    const sleeper = await donor('en', quiet);
    const id = await pledgedRequest(requester, [sleeper]);
    await markDone(id, requester);

    const [notice] = await noticesOf(sleeper.id, 'thanks');
    expect(notice).toMatchObject({ smsState: 'due' });
    const [job] = await jobsOf(QUEUES.noticeSms, 'notificationId', notice!.id);
    const end = afterQuietHours(new Date(), quiet[0], quiet[1]).getTime();
    expect(Math.abs(job!.start_after.getTime() - end)).toBeLessThan(2 * 60_000);
    expect(job!.start_after.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    await harness.settled();
    expect(textsTo(sleeper.phone).some((t) => t.startsWith('Thank you! Your blood'))).toBe(false);
  });
});

describe('you can give again', () => {
  it('is due at 09:00 in Dhaka on the next eligible day and told once, in the app and with its SMS due then; not when the date moved or the account is blocked', async () => {
    const requester = await family();
    const d = await donor('bn');
    const id = await pledgedRequest(requester, [d]);
    await markDone(id, requester);
    const next = (await inject('GET', `/api/users/${encodeURIComponent(d.email)}`, d)).json<User>().nextEligibleDate!;
    expect(next).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const [job] = await jobsOf(QUEUES.eligibleAgain, 'userId', d.id);
    expect(job).toMatchObject({ data: { userId: d.id, date: next }, singleton_key: `${d.id}:${next}` });
    expect(job!.start_after.toISOString()).toBe(eligibleNoticeAt(next).toISOString());
    expect(eligibleNoticeAt(next).toISOString()).toBe(`${next}T03:00:00.000Z`);

    // The day comes (an injected clock): two runs at once tell the donor once.
    const at = new Date(eligibleNoticeAt(next).getTime() + 60_000);
    const runs = await Promise.all([1, 2].map(() => tellEligibleAgain(deps.db, deps.jobs, true, job!.data as { userId: string; date: string }, at)));
    expect(runs.sort()).toEqual(['done-before', 'told']);
    expect(await tellEligibleAgain(deps.db, deps.jobs, true, { userId: d.id, date: next }, at)).toBe('done-before');
    const [notice] = await noticesOf(d.id, 'eligible');
    expect(notice).toMatchObject({ requestId: null, smsState: 'due' });
    const listed = (await notificationsOf(d)).filter((x) => x.kind === 'eligible');
    expect(listed).toEqual([expect.objectContaining({ kind: 'eligible', request: null, read: false })]);

    // Its SMS job waits for the same moment (sms/notices.test.ts makes such SMS with a clock).
    const [smsJob] = await jobsOf(QUEUES.noticeSms, 'notificationId', notice!.id);
    expect(smsJob!.start_after.toISOString()).toBe(at.toISOString());

    // A date that is no longer the donor's (they gave again, or edited their last donation): nothing.
    expect(await tellEligibleAgain(deps.db, deps.jobs, true, { userId: d.id, date: '2031-01-01' }, at)).toBe('not-wanted');
    const blocked = await donor();
    await database.db.update(users).set({ status: 'blocked', nextEligibleDate: next }).where(eq(users.id, blocked.id));
    expect(await tellEligibleAgain(deps.db, deps.jobs, true, { userId: blocked.id, date: next }, at)).toBe('not-wanted');
    expect(await noticesOf(blocked.id, 'eligible')).toEqual([]);
  });

  it('no notice is scheduled when the donor is already eligible again (a donation recorded long after its day)', async () => {
    const requester = await family();
    const d = await donor();
    const id = await pledgedRequest(requester, [d]);
    // The pledge is recorded against an old day: eligible again already.
    await database.db.execute(sql`UPDATE donation_requests SET donation_date = current_date - 200 WHERE id = ${id}::uuid`);
    await markDone(id, requester);
    expect(await jobsOf(QUEUES.eligibleAgain, 'userId', d.id)).toEqual([]);
    expect(await noticesOf(d.id, 'thanks')).toHaveLength(1);
  });
});
