import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { donationRequestBody, registerUser, type TestUser } from '../../../test/fixtures';
import { createTestDatabase, type TestDatabase, testConfig } from '../../../test/helpers';
import { startSmppStandIn, type SmppStandIn } from '../../../test/smpp-stand-in';
import { todayInDhaka } from '../../shared/dates/model';
import { buildApp } from '../app';
import { type AppDeps, createDeps } from '../deps';
import { users } from '../db/schema/accounts';
import { notifications, pushSubscriptions } from '../db/schema/outreach';
import { smsMessages } from '../db/schema/sms';
import { QUEUES } from '../jobs';
import { runWave } from '../outreach';
import { alertLinkToken } from './alert-link';
import { type AlertSmsDeps, budgetFor, makeAlertSms } from './alerts';
import { deliverSms } from './outbox';
import { parseReply } from './replies';

// Alerts by SMS (issue 32, decision 068): who gets one, when, and never twice. SMS_URL points at
// the SMPP stand-in; waves are run by hand at a chosen Dhaka time, and the alert SMS jobs they
// queue are read back from the real job queue and run by hand too, so each test decides what
// happened in between (an answer, quiet hours, the budget).

let database: TestDatabase;
let smsc: SmppStandIn;
let app: FastifyInstance;
let deps: AppDeps;

const dhaka = (hhmm: string) => new Date(`${todayInDhaka()}T${hhmm}:00+06:00`);
const NOON = dhaka('12:00');
const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, user: TestUser | null, payload?: object) =>
  app.inject({ method, url, headers: user ? user.auth : {}, ...(payload && { payload }) });

let n = 4_000_000;
async function donor(options: { push?: boolean; phone?: boolean; lang?: 'en' | 'bn' } = {}): Promise<TestUser & { phone: string }> {
  const user = await registerUser(app, { blood_group: 'B+' });
  const phone = `+880171${String(++n).padStart(7, '0')}`;
  await database.db
    .update(users)
    .set({
      emailVerified: true,
      createdAt: sql`now() - interval '2 days'`,
      locale: options.lang ?? 'en',
      ...(options.phone === false ? { phone } : { phone, phoneNumber: phone, phoneNumberVerified: true }),
    })
    .where(eq(users.id, user.id));
  if (options.push) await database.db.insert(pushSubscriptions).values({ userId: user.id, endpoint: `https://fcm.googleapis.com/fcm/send/${user.id}`, p256dh: 'k', auth: 'a' });
  return { ...user, phone };
}

/** A requester in good standing (a confirmed address), no donor for these B+ requests. */
async function familyMember(): Promise<TestUser> {
  const user = await registerUser(app, { blood_group: 'A+' });
  await database.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  return user;
}

async function request(owner: TestUser, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await inject('POST', '/api/donationRequest', owner, donationRequestBody({ bloodGroup: 'B+', urgency: 'urgent', donationTime: '23:45', ...overrides }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ insertedId: string }>().insertedId;
}

const wave = (requestId: string, at = NOON) => runWave({ db: database.db, jobs: deps.jobs, locations: () => deps.locations.get(), outreach: deps.outreach, now: () => at }, { requestId, wave: 1 });
const alertOf = async (user: TestUser, requestId: string) =>
  (await database.db.select().from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.requestId, requestId), eq(notifications.kind, 'alert'))))[0];
const smsTo = (user: { id: string }) => database.db.select().from(smsMessages).where(and(eq(smsMessages.userId, user.id), eq(smsMessages.kind, 'alert')));

/** The alert SMS jobs a wave queued, as a worker would fetch them. */
async function smsJobs(requestId: string) {
  const { rows } = await database.pool.query<{ data: { notificationId: string; critical: boolean }; start_after: Date }>(
    `SELECT j.data, j.start_after FROM pgboss.job j JOIN notifications n ON n.id = (j.data->>'notificationId')::uuid WHERE j.name = $1 AND n.request_id = $2`,
    [QUEUES.alertSms, requestId],
  );
  return rows;
}
const alertDeps = (overrides: Partial<AlertSmsDeps> = {}): AlertSmsDeps => ({
  db: database.db,
  jobs: deps.jobs,
  locations: () => deps.locations.get(),
  publicUrl: 'https://blood.example.org',
  secret: deps.secret,
  dailySegments: 5000,
  reportsToHide: 3,
  now: () => NOON,
  ...overrides,
});
const runJobs = async (requestId: string, overrides: Partial<AlertSmsDeps> = {}) => {
  const outcomes = [];
  for (const job of await smsJobs(requestId)) outcomes.push(await makeAlertSms(alertDeps(overrides), job.data));
  return outcomes;
};

beforeAll(async () => {
  [smsc, database] = await Promise.all([startSmppStandIn({ systemId: 'blood', password: 'pw' }), createTestDatabase()]);
  const config = testConfig({ SMS_URL: smsc.url, SMTP_URL: 'smtp://127.0.0.1:9', OUTREACH_WAVE_SIZE: '10', NEW_ACCOUNT_HOURS: '0', PUBLIC_URL: 'https://blood.example.org' });
  deps = await createDeps({ config, db: database.db });
  app = await buildApp({ config, db: database.db, webDir: null }, deps);
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await Promise.all([smsc?.close(), database?.drop()]);
});

// Each test's waves reach only its own donors.
beforeEach(async () => {
  await database.db.update(users).set({ available: false });
});

describe('who gets an alert by SMS, and when', () => {
  it('a donor no push reaches gets the SMS at once: the reply code and the short link are the alert\u2019s, and a second run makes no second SMS', async () => {
    const requester = await familyMember();
    const d = await donor();
    const id = await request(requester);
    expect(await wave(id)).toBe(1);
    const alert = (await alertOf(d, id))!;
    expect(alert.smsState).toBe('due');
    const jobs = await smsJobs(id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.start_after.getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    expect(await makeAlertSms(alertDeps(), jobs[0]!.data)).toBe('queued');
    expect(await makeAlertSms(alertDeps(), jobs[0]!.data)).toBe('done-before');
    const made = await smsTo(d);
    expect(made).toHaveLength(1);
    const after = (await alertOf(d, id))!;
    expect(after.smsState).toBe('queued');
    expect(after.replyCode).toMatch(/^[A-Z][2-9A-Z]{3}$/);
    expect(made[0]).toMatchObject({ toNumber: d.phone, notificationId: alert.id, state: 'pending', segments: 1 });
    expect(made[0]!.body).toContain(`Reply 1 ${after.replyCode} to give`);
    expect(made[0]!.body).toContain(`https://blood.example.org/r/${alertLinkToken(deps.secret, alert.id)}`);
    expect(after.linkToken).toBe(alertLinkToken(deps.secret, alert.id));
    // The donor's reply to it reads as an answer to this alert.
    expect(parseReply(`1 ${after.replyCode!.toLowerCase()}`)).toEqual({ kind: 'accept', code: after.replyCode });
  });

  it('a donor push reaches gets it only as the fallback, SMS_FALLBACK_MINUTES later, and not once they answered', async () => {
    const requester = await familyMember();
    const [answers, silent] = [await donor({ push: true }), await donor({ push: true })];
    const id = await request(requester);
    expect(await wave(id)).toBe(2);
    for (const d of [answers, silent]) expect((await alertOf(d, id))!.smsState).toBe('fallback');
    for (const job of await smsJobs(id)) expect(job.start_after.getTime()).toBeGreaterThanOrEqual(NOON.getTime() + 10 * 60_000 - 1000);

    const res = await inject('POST', `/api/donationRequest/${id}/respond`, answers, { answer: 'decline' });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const ten = new Date(NOON.getTime() + 10 * 60_000);
    expect((await runJobs(id, { now: () => ten })).sort()).toEqual(['queued', 'skipped']);
    expect(await smsTo(answers)).toHaveLength(0);
    expect((await alertOf(answers, id))!.smsState).toBe('skipped');
    expect(await smsTo(silent)).toHaveLength(1);
  });

  it("a critical request's SMS goes at once even to a donor push reaches", async () => {
    const requester = await familyMember();
    const d = await donor({ push: true, lang: 'bn' });
    const id = await request(requester, { urgency: 'critical' });
    expect(await wave(id)).toBe(1);
    expect((await alertOf(d, id))!.smsState).toBe('due');
    expect(await runJobs(id)).toEqual(['queued']);
    const [made] = await smsTo(d);
    // In the donor's language: Bangla, UCS-2, 2 segments at most.
    expect(made!.body).toMatch(/অতি জরুরি|জরুরি/);
    expect(made!.segments).toBeLessThanOrEqual(2);
  });

  it('no SMS to a phone nobody proved, nor to a donor who turned SMS off', async () => {
    const requester = await familyMember();
    const unproven = await donor({ phone: false });
    const off = await donor();
    const res = await inject('PATCH', `/api/users/${encodeURIComponent(off.email)}/notification-settings`, off, { sms: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ sms: false, available: { sms: true } });
    const id = await request(requester);
    expect(await wave(id)).toBe(2);
    for (const d of [unproven, off]) expect((await alertOf(d, id))!.smsState).toBe('none');
    expect(await smsJobs(id)).toEqual([]);
  });

  it('a fallback that falls in the donor\u2019s quiet hours is not sent; SMS turned off meanwhile is not either', async () => {
    const requester = await familyMember();
    const sleeper = await donor({ push: true });
    const changed = await donor({ push: true });
    const id = await request(requester, { urgency: 'normal' });
    // 21:55 in Dhaka: awake (quiet from 22:00), asleep by the fallback at 22:05.
    expect(await wave(id, dhaka('21:55'))).toBe(2);
    await database.db.update(users).set({ notifySms: false }).where(eq(users.id, changed.id));
    expect(await runJobs(id, { now: () => dhaka('22:05') })).toEqual(['skipped', 'skipped']);
    expect(await smsTo(sleeper)).toHaveLength(0);
    expect(await smsTo(changed)).toHaveLength(0);
  });

  it('nothing once the request has its donors', async () => {
    const requester = await familyMember();
    const [giver, other] = [await donor({ push: true }), await donor({ push: true })];
    const id = await request(requester, { unitsNeeded: 1 });
    expect(await wave(id)).toBe(2);
    const res = await inject('POST', `/api/donationRequest/${id}/respond`, giver, { answer: 'accept' });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await runJobs(id, { now: () => new Date(NOON.getTime() + 10 * 60_000) })).toEqual(['skipped', 'skipped']);
    expect(await smsTo(other)).toHaveLength(0);
  });
});

describe("the day's SMS budget (SMS_DAILY_SEGMENTS)", () => {
  it('keeps its last fifth for critical requests', async () => {
    expect(budgetFor(100, false)).toBe(80);
    expect(budgetFor(100, true)).toBe(100);
    // Today's messages so far, whatever they were: what the budget is counted against.
    const [{ used }] = (await database.pool.query<{ used: number }>(
      `SELECT COALESCE(sum(segments), 0)::int AS used FROM sms_messages WHERE created_at >= date_trunc('day', now() AT TIME ZONE 'Asia/Dhaka') AT TIME ZONE 'Asia/Dhaka' AND state <> 'failed'`,
    )).rows as [{ used: number }];
    // Room for exactly one more segment within the share of requests that are not critical.
    let dailySegments = used + 1;
    while (budgetFor(dailySegments, false) < used + 1) dailySegments++;
    expect(budgetFor(dailySegments, false)).toBe(used + 1);
    expect(dailySegments).toBeGreaterThanOrEqual(used + 2);
    const requester = await familyMember();
    const normal = [await donor(), await donor()];
    const normalId = await request(requester);
    expect(await wave(normalId)).toBe(2);
    // English alerts take one segment each: one fits, the other does not.
    expect((await runJobs(normalId, { dailySegments })).sort()).toEqual(['queued', 'skipped']);

    for (const d of normal) await database.db.update(users).set({ available: false }).where(eq(users.id, d.id));
    const critical = await donor();
    const criticalId = await request(requester, { urgency: 'critical' });
    expect(await wave(criticalId)).toBe(1);
    expect(await runJobs(criticalId, { dailySegments })).toEqual(['queued']);
    expect(await smsTo(critical)).toHaveLength(1);
  });
});

describe('a request\u2019s progress counts the donors reached by SMS (bySms)', () => {
  it('once the gateway took the message', async () => {
    const requester = await familyMember();
    const d = await donor();
    const id = await request(requester);
    expect(await wave(id)).toBe(1);
    expect(await runJobs(id)).toEqual(['queued']);
    const progress = async () => (await inject('GET', `/api/donationRequest/${id}/outreach`, requester)).json<{ notified: number; bySms: number }>();
    expect(await progress()).toMatchObject({ notified: 1, bySms: 0 });
    const [message] = await smsTo(d);
    const result = await deliverSms(database.db, deps.sms, [{ id: crypto.randomUUID(), name: QUEUES.sms, data: { smsId: message!.id } } as never]);
    expect(result.failed).toEqual([]);
    expect(await progress()).toMatchObject({ notified: 1, bySms: 1 });
    expect(smsc.submitted.filter((m) => `+${m.to}` === d.phone)).toHaveLength(1);
    // Nothing about the SMS reaches the requester beyond the count.
    expect(JSON.stringify(await progress())).not.toContain(d.phone);
  });
});

describe("the notification settings' sms switch", () => {
  it('is validated, and only the owner changes it', async () => {
    const d = await donor();
    const other = await donor();
    const url = `/api/users/${encodeURIComponent(d.email)}/notification-settings`;
    expect((await inject('GET', url, d)).json()).toMatchObject({ sms: true, available: { email: true, push: true, sms: true } });
    const bad = await inject('PATCH', url, d, { sms: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect((await inject('PATCH', url, other, { sms: false })).statusCode).toBe(403);
    expect((await inject('PATCH', url, null, { sms: false })).statusCode).toBe(401);
    const [row] = await database.db.select({ notifySms: users.notifySms }).from(users).where(eq(users.id, d.id));
    expect(row!.notifySms).toBe(true);
  });
});
