import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Notification } from '../../shared/notifications/schemas';
import { dhakaMinuteOfDay } from '../../shared/outreach/model';
import { donationRequestBody, registerUser, type TestUser } from '../../../test/fixtures';
import type { TestDatabase } from '../../../test/helpers';
import { type SmsTestApp, startSmsTestApp } from '../../../test/sms-app';
import type { AppDeps } from '../deps';
import { users } from '../db/schema/accounts';
import { notifications } from '../db/schema/outreach';
import { donationPledges, donationRequests } from '../db/schema/requests';
import { QUEUES } from '../jobs';
import { remindPledge } from './reminders';

// "Still coming?" (issue 33): a pledge's reminders REMINDER_HOURS_BEFORE (3 and 1) hours before the
// request's time, asked once, never to a donor already on the way, never late, never in quiet hours
// unless the request is critical; by SMS to a donor push does not reach, where 1 CODE says yes and
// 2 withdraws the pledge. Real PostgreSQL, the real job queue, the real SMPP client and its stand-in.

let harness: SmsTestApp;
let database: TestDatabase;
let app: FastifyInstance;
let deps: AppDeps;

const HOUR = 3_600_000;
const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, user: TestUser, payload?: object) =>
  app.inject({ method, url, headers: user.auth, ...(payload && { payload }) });
let n = 8_000_000;
const textsTo = (phone: string) => harness.textsTo(phone);

type Donor = TestUser & { phone: string };
async function donor(quiet: [number, number] = [0, 0]): Promise<Donor> {
  const user = await registerUser(app, { blood_group: 'B+' });
  const phone = `+880181${String(++n).padStart(7, '0')}`;
  await database.db
    .update(users)
    .set({ emailVerified: true, phone, phoneNumber: phone, phoneNumberVerified: true, quietHoursStart: quiet[0], quietHoursEnd: quiet[1] })
    .where(eq(users.id, user.id));
  return { ...user, phone };
}

/** A request whose time is `ahead` ms from now (its needed_by), and the donor's pledge to it. */
async function pledged(d: TestUser, ahead: number | null, overrides: Record<string, unknown> = {}): Promise<{ id: string; neededBy: Date }> {
  const requester = await registerUser(app, { blood_group: 'A+' });
  await database.db.update(users).set({ emailVerified: true }).where(eq(users.id, requester.id));
  const res = await inject('POST', '/api/donationRequest', requester, donationRequestBody({ urgency: 'urgent', ...overrides }));
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ insertedId: string }>().insertedId;
  if (ahead !== null) await database.db.update(donationRequests).set({ neededBy: new Date(Date.now() + ahead) }).where(eq(donationRequests.id, id));
  expect((await inject('PATCH', `/api/confirmDonation/${id}`, d)).statusCode).toBe(200);
  const [row] = await database.db.select({ neededBy: donationRequests.neededBy }).from(donationRequests).where(eq(donationRequests.id, id));
  return { id, neededBy: row!.neededBy };
}
const reminderJobs = async (requestId: string) =>
  (await database.pool.query<{ data: { hours: number }; start_after: Date }>(`SELECT data, start_after FROM pgboss.job WHERE name = $1 AND data->>'requestId' = $2 ORDER BY start_after`, [QUEUES.pledgeReminder, requestId])).rows;
const remindersOf = (userId: string, requestId: string) =>
  database.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.requestId, requestId), eq(notifications.kind, 'reminder')));
const remind = (requestId: string, d: TestUser, hours: number, at: Date) => remindPledge(deps.db, deps.jobs, true, { requestId, donorId: d.id, hours }, at);

async function reply(phone: string, text: string) {
  const replies = async () => (await database.pool.query(`SELECT 1 FROM pgboss.job WHERE name = $1 AND data->>'from' = $2`, [QUEUES.smsInbound, phone])).rows.length;
  const before = await replies();
  await harness.smsc.sendInbound(phone.slice(1), text);
  // The reply's job exists once the stand-in's deliver_sm reached the app; then it and its answer run.
  await expect.poll(replies, { timeout: 20_000 }).toBe(before + 1);
  await harness.settled();
}

beforeAll(async () => {
  harness = await startSmsTestApp();
  ({ database, app, deps } = harness);
}, 60_000);

afterAll(() => harness?.close());

beforeEach(async () => {
  await database.db.update(users).set({ available: false });
});

describe('scheduling', () => {
  it('a pledge gets a job for each of REMINDER_HOURS_BEFORE that is still ahead', async () => {
    expect(deps.config.REMINDER_HOURS_BEFORE).toEqual([3, 1]);
    const far = await pledged(await donor(), null);
    expect((await reminderJobs(far.id)).map((j) => [j.data.hours, j.start_after.toISOString()])).toEqual([
      [3, new Date(far.neededBy.getTime() - 3 * HOUR).toISOString()],
      [1, new Date(far.neededBy.getTime() - HOUR).toISOString()],
    ]);
    const soon = await pledged(await donor(), 2 * HOUR);
    expect((await reminderJobs(soon.id)).map((j) => j.data.hours)).toEqual([1]);
    const now = await pledged(await donor(), 30 * 60_000);
    expect(await reminderJobs(now.id)).toEqual([]);
  });
});

describe('the reminder', () => {
  it('is asked once at its moment, in the app and by SMS; 1 CODE says yes (once), and the family is expecting them', async () => {
    const d = await donor();
    const { id, neededBy } = await pledged(d, 2 * HOUR);
    const at = new Date(neededBy.getTime() - HOUR + 60_000);
    // Its job is due then; run here with the clock at that moment, twice at once.
    const runs = await Promise.all([1, 2].map(() => remind(id, d, 1, at)));
    expect(runs.sort()).toEqual(['asked', 'done-before']);
    const [notice] = await remindersOf(d.id, id);
    expect(notice).toMatchObject({ reminderHours: 1, smsState: 'due' });
    const listed = (await inject('GET', '/api/notifications', d)).json<Notification[]>().find((x) => x.kind === 'reminder');
    expect(listed?.request?._id).toBe(id);

    // Its SMS, due at `at`: moved to now so the worker makes it.
    await database.pool.query(`UPDATE pgboss.job SET start_after = now() WHERE name = $1 AND data->>'notificationId' = $2`, [QUEUES.noticeSms, notice!.id]);
    await expect.poll(() => textsTo(d.phone).filter((t) => t.startsWith('Still coming')).length, { timeout: 20_000 }).toBe(1);
    const text = textsTo(d.phone).find((t) => t.startsWith('Still coming'))!;
    const code = /Reply 1 (\w{4}) yes, 2 \1 if you cannot\.$/.exec(text)?.[1];
    expect(code, text).toBeTruthy();
    expect(text).toContain('Dhaka Medical College Hospital');

    await reply(d.phone, `1 ${code}`);
    expect(textsTo(d.phone).at(-1)).toBe('Thank you! The family is expecting you. Reply 3 when you are on your way, 4 when you are there.');
    const sent = textsTo(d.phone).length;
    await reply(d.phone, `1 ${code}`);
    expect(textsTo(d.phone)).toHaveLength(sent);
    expect((await database.db.select().from(donationPledges).where(eq(donationPledges.requestId, id)))[0]).toMatchObject({ donorId: d.id, state: 'pledged' });
  });

  it('a bare 2 withdraws the pledge, even when the reminder was read in the app: the unit is open again, the donor is told once', async () => {
    const d = await donor();
    const { id, neededBy } = await pledged(d, 2 * HOUR);
    expect(await remind(id, d, 1, new Date(neededBy.getTime() - HOUR))).toBe('asked');
    const [notice] = await remindersOf(d.id, id);
    await database.pool.query(`UPDATE pgboss.job SET start_after = now() WHERE name = $1 AND data->>'notificationId' = $2`, [QUEUES.noticeSms, notice!.id]);
    await expect.poll(() => textsTo(d.phone).some((t) => t.startsWith('Still coming')), { timeout: 20_000 }).toBe(true);
    await harness.settled();
    expect((await inject('PATCH', `/api/notifications/${notice!.id}/read`, d)).statusCode).toBe(200);

    await reply(d.phone, '2');
    expect(textsTo(d.phone).at(-1)).toBe('Your pledge is withdrawn; we are looking for another donor. Thank you for telling us.');
    const sent = textsTo(d.phone).length;
    await reply(d.phone, '2');
    expect(textsTo(d.phone)).toHaveLength(sent);
    expect(await database.db.select().from(donationPledges).where(eq(donationPledges.requestId, id))).toEqual([]);
    const [request] = await database.db.select({ status: donationRequests.status, pledgeCount: donationRequests.pledgeCount }).from(donationRequests).where(eq(donationRequests.id, id));
    expect(request).toEqual({ status: 'pending', pledgeCount: 0 });
  });

  it('asks nothing of a donor on the way, late, after the request closed, or in quiet hours unless the request is critical', async () => {
    const onTheWay = await donor();
    const a = await pledged(onTheWay, 2 * HOUR);
    expect((await inject('POST', `/api/donationRequest/${a.id}/pledge/checkin`, onTheWay, { state: 'on_the_way' })).statusCode).toBe(200);
    expect(await remind(a.id, onTheWay, 1, new Date(a.neededBy.getTime() - HOUR))).toBe('not-wanted');

    const late = await donor();
    const b = await pledged(late, 5 * HOUR);
    // The 3-hour job run an hour late (its instance was down): the 1-hour one will ask.
    expect(await remind(b.id, late, 3, new Date(b.neededBy.getTime() - 2 * HOUR))).toBe('not-wanted');
    await database.db.update(donationRequests).set({ status: 'canceled' }).where(eq(donationRequests.id, b.id));
    expect(await remind(b.id, late, 1, new Date(b.neededBy.getTime() - HOUR))).toBe('not-wanted');

    const minute = dhakaMinuteOfDay(new Date(Date.now() + HOUR));
    const quiet: [number, number] = [(minute + 1440 - 60) % 1440, (minute + 60) % 1440];
    const sleeper = await donor(quiet);
    const c = await pledged(sleeper, 2 * HOUR);
    expect(await remind(c.id, sleeper, 1, new Date(c.neededBy.getTime() - HOUR))).toBe('quiet');
    const sleeper2 = await donor(quiet);
    const critical = await pledged(sleeper2, 2 * HOUR, { urgency: 'critical' });
    expect(await remind(critical.id, sleeper2, 1, new Date(critical.neededBy.getTime() - HOUR))).toBe('asked');
    for (const r of [a, b, c]) expect(await database.db.select().from(notifications).where(and(eq(notifications.requestId, r.id), eq(notifications.kind, 'reminder')))).toEqual([]);
    expect(await database.db.execute(sql`SELECT 1 FROM notifications WHERE request_id = ${critical.id}::uuid AND kind = 'reminder'`).then((r) => r.rows.length)).toBe(1);
  });
});
