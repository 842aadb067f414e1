import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donationRequestBody, inDays, registerUser, type TestUser, userWith } from '../../../test/fixtures';
import { createTestDatabase, errorBody, type TestDatabase, testConfig } from '../../../test/helpers';
import { PUSH_STAND_IN_HOST, startPushStandIn, type PushStandIn } from '../../../test/push-stand-in';
import { startSmtpStandIn, type SmtpStandIn } from '../../../test/smtp-stand-in';
import type { Notification } from '../../shared/notifications/schemas';
import type { OutreachProgress } from '../../shared/outreach/schemas';
import { buildApp } from '../app';
import { type AppDeps, createDeps } from '../deps';
import { users } from '../db/schema/accounts';
import { notifications, pushSubscriptions } from '../db/schema/outreach';
import { deliverEmails, deliverPushes, recordFailedDeliveries } from './deliveries';
import type { FastifyInstance } from 'fastify';
import { startOutreach } from '.';
import { runWave, type WaveDeps } from './waves';

// Outreach (issue 15): who is alerted, in which wave, never twice, within quiet hours and the
// weekly cap; answers, withdrawal and phones on consent; and delivery through the real job queue
// to a local SMTP server and a stand-in push service.

let database: TestDatabase;
let app: FastifyInstance;
let deps: AppDeps;
let smtp: SmtpStandIn;
let pushService: PushStandIn;
let requester: TestUser;
let stranger: TestUser;
let volunteer: TestUser;
let blockedVolunteer: TestUser;
const donors: TestUser[] = [];
let unverified: TestUser;
let capped: TestUser;

/** 12:00 in Dhaka today (06:00 UTC): outside the default quiet hours. */
const NOON = new Date(`${inDays(0)}T06:00:00Z`);
/** 23:00 in Dhaka: inside them. */
const NIGHT = new Date(`${inDays(0)}T17:00:00Z`);
const waveDeps = (now: Date): WaveDeps => ({ db: database.db, jobs: deps.jobs, locations: () => deps.locations.get(), outreach: deps.outreach, now: () => now });
const alertsOf = async (requestId: string) =>
  database.db
    .select({ userId: notifications.userId, wave: notifications.wave })
    .from(notifications)
    .where(and(eq(notifications.requestId, requestId), eq(notifications.kind, 'alert')));
async function until(check: () => Promise<boolean>, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}
const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user: TestUser | null, payload?: object) =>
  app.inject({ method, url, headers: user ? user.auth : {}, ...(payload && { payload }) });

async function createRequest(overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await inject('POST', '/api/donationRequest', requester, donationRequestBody({ bloodGroup: 'B+', unitsNeeded: 2, ...overrides }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ insertedId: string }>().insertedId;
}

beforeAll(async () => {
  [smtp, pushService, database] = await Promise.all([startSmtpStandIn(), startPushStandIn(), createTestDatabase()]);
  const config = testConfig({ SMTP_URL: smtp.url, OUTREACH_WAVE_SIZE: '2', OUTREACH_WAVE_MINUTES: '15', PUBLIC_URL: 'http://blood.test', PUSH_SERVICE_HOSTS: PUSH_STAND_IN_HOST });
  deps = await createDeps({ config, db: database.db, pushTestService: pushService.service });
  app = await buildApp({ config, db: database.db, webDir: null }, deps);
  await app.ready();
  requester = await registerUser(app, { blood_group: 'A+' });
  stranger = await registerUser(app);
  volunteer = await userWith(app, database.db, 'volunteer');
  blockedVolunteer = await userWith(app, database.db, 'volunteer', 'blocked');
  // Six B+ donors in the request's upazila (Comilla/Debidwar: 1/1/1), verified; one unverified; one at a weekly cap of 0.
  for (let i = 0; i < 6; i++) donors.push(await registerUser(app, { blood_group: 'B+', division: '1', district: '1', upazila: '1' }));
  unverified = await registerUser(app, { blood_group: 'B+', division: '1', district: '1', upazila: '1' });
  capped = await registerUser(app, { blood_group: 'B+', division: '1', district: '1', upazila: '1' });
  await database.db.update(users).set({ emailVerified: true }).where(sql`${users.id} <> ${unverified.id}`);
  // The others are of a group that cannot give to B+, so the donors above are everyone matched.
  await database.db.update(users).set({ bloodGroup: 'AB+' }).where(sql`${users.id} IN (${stranger.id}, ${volunteer.id}, ${blockedVolunteer.id})`);
  await database.db.update(users).set({ maxAlertsPerWeek: 0 }).where(eq(users.id, capped.id));
}, 60_000);

afterAll(async () => {
  await app?.close();
  await Promise.all([smtp?.close(), pushService?.close(), database?.drop()]);
});

describe('waves', () => {
  let requestId: string;
  beforeAll(async () => {
    requestId = await createRequest();
  });

  it('queues the first wave in the transaction that created the request', async () => {
    const { rows } = await database.pool.query(`SELECT data FROM pgboss.job WHERE name = 'outreach-wave' AND singleton_key = $1`, [requestId]);
    expect(rows.map((r) => r.data)).toEqual([{ requestId, wave: 1 }]);
  });

  it('alerts the wave size of the best donors, once: running a wave again changes nothing', async () => {
    expect(await runWave(waveDeps(NOON), { requestId, wave: 1 })).toBe(2);
    expect(await runWave(waveDeps(NOON), { requestId, wave: 1 })).toBe(0);
    const alerts = await alertsOf(requestId);
    expect(alerts).toHaveLength(2);
    expect(alerts.every((a) => a.wave === 1)).toBe(true);
  });

  it('reaches the next donors in the next wave, never the same one twice, never the unverified or the capped', async () => {
    expect(await runWave(waveDeps(NOON), { requestId, wave: 2 })).toBe(2);
    expect(await runWave(waveDeps(NOON), { requestId, wave: 3 })).toBe(2);
    expect(await runWave(waveDeps(NOON), { requestId, wave: 4 })).toBe(0);
    const alerts = await alertsOf(requestId);
    const alerted = alerts.map((a) => a.userId);
    expect(new Set(alerted).size).toBe(alerted.length);
    expect(alerted.sort()).toEqual(donors.map((d) => d.id).sort());
    expect(alerted).not.toContain(unverified.id);
    expect(alerted).not.toContain(capped.id);
    expect(alerted).not.toContain(requester.id);
  });

  it('keeps to the weekly cap across requests (3 by default)', async () => {
    const second = await createRequest({ hospitalName: 'Second hospital' });
    const third = await createRequest({ hospitalName: 'Third hospital' });
    const fourth = await createRequest({ hospitalName: 'Fourth hospital' });
    for (const id of [second, third, fourth]) for (let wave = 1; wave <= 4; wave++) await runWave(waveDeps(NOON), { requestId: id, wave });
    const { rows } = await database.pool.query<{ user_id: string; n: number }>(
      `SELECT user_id, count(*)::int AS n FROM notifications WHERE kind = 'alert' GROUP BY user_id`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.n).toBeLessThanOrEqual(3);
    expect((await alertsOf(fourth)).length).toBe(0); // every donor already had 3 alerts this week
  });

  it('waits out quiet hours for a normal request, but not for a critical one', async () => {
    await database.db.update(users).set({ maxAlertsPerWeek: 50 }).where(sql`${users.id} <> ${capped.id}`);
    const normal = await createRequest({ hospitalName: 'Night normal' });
    const critical = await createRequest({ hospitalName: 'Night critical', urgency: 'critical' });
    expect(await runWave(waveDeps(NIGHT), { requestId: normal, wave: 1 })).toBe(0);
    expect(await runWave(waveDeps(NIGHT), { requestId: critical, wave: 1 })).toBe(4); // twice the wave size
    // The normal request looks again at the next wave's time: the same wave number, 15 minutes on.
    const { rows } = await database.pool.query(`SELECT data, start_after FROM pgboss.job WHERE name = 'outreach-wave' AND singleton_key = $1 AND state = 'created'`, [normal]);
    expect(rows).toHaveLength(1);
    expect(rows[0].data).toEqual({ requestId: normal, wave: 1 });
    expect(await runWave(waveDeps(NOON), { requestId: normal, wave: 1 })).toBe(2);
  });
});

describe('answers, withdrawal and phones on consent', () => {
  let requestId: string;
  let donor: TestUser;
  beforeAll(async () => {
    donor = donors[0]!;
    await inject('PATCH', `/api/users/${encodeURIComponent(donor.email)}`, donor, { name: 'Donor Zero', blood_group: 'B+', division: '1', district: '1', upazila: '1', phone: '01712-345678' });
    requestId = await createRequest({ hospitalName: 'Phones hospital', unitsNeeded: 1, contactPhone: '+880 1812 345678' });
  });

  it('refuses a bad answer, no token, the requester, and a missing request', async () => {
    const bad = await inject('POST', `/api/donationRequest/${requestId}/respond`, donor, { answer: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(errorBody(bad).issues).toEqual([expect.objectContaining({ message: 'Answer accept or decline' })]);
    expect((await inject('POST', `/api/donationRequest/${requestId}/respond`, null, { answer: 'accept' })).statusCode).toBe(401);
    expect((await inject('POST', `/api/donationRequest/${requestId}/respond`, requester, { answer: 'accept' })).statusCode).toBe(403);
    expect((await inject('POST', `/api/donationRequest/00000000-0000-4000-8000-000000000000/respond`, donor, { answer: 'accept' })).statusCode).toBe(404);
    expect((await inject('POST', `/api/donationRequest/not-a-uuid/respond`, donor, { answer: 'accept' })).statusCode).toBe(400);
    expect((await inject('POST', `/api/donationRequest/${requestId}/respond`, blockedVolunteer, { answer: 'decline' })).statusCode).toBe(403);
  });

  it('shows no phone before consent, to anyone', async () => {
    for (const viewer of [donor, stranger, volunteer]) {
      const res = await inject('GET', `/api/donationRequest?id=${requestId}`, viewer);
      expect(res.json().contactPhone ?? null).toBeNull();
      expect(res.body).not.toContain('8801812345678');
    }
  });

  it('accept is a pledge: the donor gets the family phone, the requester the donor phone, nobody else either', async () => {
    const res = await inject('POST', `/api/donationRequest/${requestId}/respond`, donor, { answer: 'accept' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ answer: 'accept', requesterPhone: '+8801812345678' });
    expect((await inject('GET', `/api/donationRequest?id=${requestId}`, donor)).json()).toMatchObject({ contactPhone: '+8801812345678', pledgedByMe: true, donationStatus: 'inprogress' });
    const seen = (await inject('GET', `/api/donationRequest?id=${requestId}`, requester)).json();
    expect(seen.pledges).toEqual([expect.objectContaining({ phone: '+8801712345678' })]);
    for (const viewer of [stranger, volunteer]) {
      const body = (await inject('GET', `/api/donationRequest?id=${requestId}`, viewer)).body;
      expect(body).not.toContain('8801712345678');
      expect(body).not.toContain('8801812345678');
    }
    // The one unit is pledged: the request is in progress, and takes no more answers.
    expect((await inject('POST', `/api/donationRequest/${requestId}/respond`, donor, { answer: 'accept' })).statusCode).toBe(409);
    const told = await database.db.select().from(notifications).where(and(eq(notifications.userId, requester.id), eq(notifications.kind, 'pledge'), eq(notifications.requestId, requestId)));
    expect(told).toHaveLength(1);
  });

  it('a withdrawal reopens the unit and queues the next wave; only the pledged donor can withdraw', async () => {
    expect(errorBody(await inject('DELETE', `/api/donationRequest/${requestId}/pledge`, stranger)).code).toBe('NOT_PLEDGED');
    expect((await inject('DELETE', `/api/donationRequest/${requestId}/pledge`, requester)).statusCode).toBe(403);
    expect((await inject('DELETE', `/api/donationRequest/${requestId}/pledge`, null)).statusCode).toBe(401);
    const res = await inject('DELETE', `/api/donationRequest/${requestId}/pledge`, donor);
    expect(res.statusCode, res.body).toBe(200);
    expect((await inject('GET', `/api/donationRequest?id=${requestId}`, requester)).json()).toMatchObject({ donationStatus: 'pending', pledgeCount: 0, donarEmail: null });
    expect((await inject('GET', `/api/donationRequest?id=${requestId}`, donor)).json().contactPhone ?? null).toBeNull();
    const { rows } = await database.pool.query(`SELECT data FROM pgboss.job WHERE name = 'outreach-wave' AND singleton_key = $1 AND state = 'created'`, [requestId]);
    expect(rows).toHaveLength(1);
  });

  it('decline is remembered: that donor is never alerted about the request', async () => {
    const other = donors[1]!;
    expect((await inject('POST', `/api/donationRequest/${requestId}/respond`, other, { answer: 'decline' })).json()).toEqual({ answer: 'decline', requesterPhone: null });
    for (let wave = 1; wave <= 5; wave++) await runWave(waveDeps(NOON), { requestId, wave });
    const alerted = (await alertsOf(requestId)).map((a) => a.userId);
    expect(alerted).not.toContain(other.id);
    expect(alerted).not.toContain(donor.id); // withdrew: counted as a decline
  });

  it('reports progress to the requester and staff only', async () => {
    const res = await inject('GET', `/api/donationRequest/${requestId}/outreach`, requester);
    expect(res.statusCode, res.body).toBe(200);
    const progress = res.json<OutreachProgress>();
    expect(progress).toMatchObject({ declined: 2, pledged: 0, unitsNeeded: 1, area: 'upazila' });
    expect(progress.notified).toBe((await alertsOf(requestId)).length);
    expect(progress.waves).toBeGreaterThan(0);
    expect((await inject('GET', `/api/donationRequest/${requestId}/outreach`, volunteer)).statusCode).toBe(200);
    expect((await inject('GET', `/api/donationRequest/${requestId}/outreach`, stranger)).statusCode).toBe(403);
    expect((await inject('GET', `/api/donationRequest/${requestId}/outreach`, blockedVolunteer)).statusCode).toBe(403);
    expect((await inject('GET', `/api/donationRequest/${requestId}/outreach`, null)).statusCode).toBe(401);
    expect((await inject('GET', `/api/donationRequest/00000000-0000-4000-8000-000000000000/outreach`, requester)).statusCode).toBe(404);
  });
});

describe('notifications and settings', () => {
  it('lists only the user own notifications, newest first, and marks them read', async () => {
    const donor = donors[2]!;
    const res = await inject('GET', '/api/notifications?page=1&limit=50', donor);
    expect(res.statusCode).toBe(200);
    const rows = res.json<Notification[]>();
    expect(Number(res.headers['x-total-count'])).toBe(rows.length);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((n) => n.kind === 'alert' && n.request !== null)).toBe(true);
    const unread = (await inject('GET', '/api/notifications/unread-count', donor)).json<{ count: number }>().count;
    expect(unread).toBe(rows.length);
    // Someone else's notification is not there for them.
    expect((await inject('PATCH', `/api/notifications/${rows[0]!._id}/read`, stranger)).statusCode).toBe(404);
    expect((await inject('PATCH', `/api/notifications/${rows[0]!._id}/read`, donor)).json()).toEqual({ modifiedCount: 1 });
    expect((await inject('GET', '/api/notifications/unread-count', donor)).json()).toEqual({ count: unread - 1 });
    expect((await inject('POST', '/api/notifications/read-all', donor)).json()).toEqual({ modifiedCount: unread - 1 });
    expect((await inject('GET', '/api/notifications/unread-count', donor)).json()).toEqual({ count: 0 });
    expect((await inject('GET', '/api/notifications', null)).statusCode).toBe(401);
    expect((await inject('PATCH', '/api/notifications/not-an-id/read', donor)).statusCode).toBe(400);
  });

  it('lets the owner only read and change the settings, and refuses bad values', async () => {
    const owner = await registerUser(app);
    const url = `/api/users/${encodeURIComponent(owner.email)}/notification-settings`;
    expect((await inject('GET', url, owner)).json()).toEqual({ email: true, push: true, sms: true, quietHoursStart: '22:00', quietHoursEnd: '07:00', maxPerWeek: 3, language: 'en', available: { email: true, push: true, sms: false } });
    expect((await inject('PATCH', url, owner, { quietHoursStart: '23:30', maxPerWeek: 5 })).json()).toMatchObject({ quietHoursStart: '23:30', maxPerWeek: 5 });
    // Issue 16: the account remembers its language, so alerts reach the user in it.
    expect((await inject('PATCH', url, owner, { language: 'bn' })).json()).toMatchObject({ language: 'bn', maxPerWeek: 5 });
    expect((await inject('PATCH', url, owner, { language: 'fr' })).statusCode).toBe(400);
    expect((await inject('GET', url, owner)).json()).toMatchObject({ language: 'bn' });
    expect((await inject('GET', url, owner)).json()).toMatchObject({ quietHoursStart: '23:30', quietHoursEnd: '07:00', maxPerWeek: 5 });
    expect((await inject('PATCH', url, owner, { quietHoursStart: '25:00' })).statusCode).toBe(400);
    expect((await inject('PATCH', url, owner, { maxPerWeek: -1 })).statusCode).toBe(400);
    expect((await inject('PATCH', url, owner, { role: 'admin' })).statusCode).toBe(400);
    expect((await inject('GET', url, volunteer)).statusCode).toBe(403);
    expect((await inject('PATCH', url, requester, { email: false })).statusCode).toBe(403);
    expect((await inject('GET', url, null)).statusCode).toBe(401);
    expect((await inject('PATCH', url, blockedVolunteer, { email: false })).statusCode).toBe(403);
  });
});

describe('email verification on (SMTP_URL set)', () => {
  it('never lets donor search find an account whose address is unconfirmed', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/search?bloodGroup=${encodeURIComponent('B+')}&&district=1&&division=&&upazila=&page=1&limit=100` });
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json<{ _id: string }[]>().map((d) => d._id);
    expect(ids).toEqual(expect.arrayContaining(donors.map((d) => d.id)));
    expect(ids).not.toContain(unverified.id);
    // The total (search_donor_counts' confirmed donors) counts the same donors as the page.
    expect(Number(res.headers['x-total-count'])).toBe(ids.length);
  });
});

describe('delivery through the job queue', () => {
  it('emails and pushes each alert of a wave exactly once, with an unsubscribe link that works without signing in', async () => {
    await database.db.update(users).set({ quietHoursStart: 0, quietHoursEnd: 0, maxAlertsPerWeek: 50 }).where(sql`${users.id} <> ${capped.id}`);
    // Issue 16: a donor who reads Bangla gets the alert in Bangla, the others in English.
    await database.db.update(users).set({ locale: 'bn' }).where(sql`${users.id} <> ${capped.id}`);
    // Every donor has a browser subscribed to push.
    const browsers = new Map<string, string>();
    for (const donor of donors) {
      const browser = pushService.subscription({ applicationServerKey: deps.push.publicKey });
      expect((await inject('POST', '/api/push/subscriptions', donor, browser)).statusCode).toBe(201);
      browsers.set(donor.id, browser.id);
    }
    expect((await inject('POST', '/api/push/subscriptions', donors[0]!, { endpoint: 'not a url', keys: {} })).statusCode).toBe(400);
    expect((await inject('POST', '/api/push/subscriptions', null, { endpoint: 'https://push.example/x', keys: { p256dh: 'a', auth: 'b' } })).statusCode).toBe(401);

    const before = smtp.messages.length;
    await startOutreach(deps, app.log);
    const requestId = await createRequest({ hospitalName: 'Queue hospital', urgency: 'critical', unitsNeeded: 1, bloodGroup: 'B+' });
    const deadline = Date.now() + 30_000;
    let wave1: string[] = [];
    while (Date.now() < deadline) {
      wave1 = (await alertsOf(requestId)).filter((a) => a.wave === 1).map((a) => a.userId);
      const mailed = smtp.messages.slice(before).filter((m) => m.text.includes(requestId));
      if (wave1.length > 0 && mailed.length >= wave1.length) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(wave1).toHaveLength(4);
    await new Promise((r) => setTimeout(r, 1500)); // anything sent twice would arrive meanwhile
    const mailed = smtp.messages.slice(before).filter((m) => m.text.includes(requestId));
    const emails = await database.db.select({ id: users.id, email: users.email }).from(users);
    const recipients = mailed.map((m) => m.envelopeTo[0]);
    expect(recipients.sort()).toEqual(wave1.map((id) => emails.find((e) => e.id === id)!.email.toLowerCase()).sort());
    const mail = mailed[0]!;
    expect(mail.html).toContain('Queue hospital');
    expect(mail.html).toContain('<html lang="bn">');
    expect(mail.subject).toMatch(/^অতি জরুরি: Queue hospital-এ B\+ রক্ত প্রয়োজন$/);
    const oneClick = /<([^>]+)>/.exec(String(mail.headers.get('list-unsubscribe')))![1]!;
    expect(String(mail.headers.get('list-unsubscribe-post'))).toContain('List-Unsubscribe=One-Click');
    expect(oneClick.startsWith('http://blood.test/api/unsubscribe?token=')).toBe(true);
    const unsubscribe = await app.inject({ method: 'POST', url: oneClick.replace('http://blood.test', '') });
    expect(unsubscribe.statusCode, unsubscribe.body).toBe(200);
    const who = emails.find((e) => e.email.toLowerCase() === mail.envelopeTo[0])!;
    expect((await database.db.select({ notifyEmail: users.notifyEmail }).from(users).where(eq(users.id, who.id)))[0]!.notifyEmail).toBe(false);
    expect((await app.inject({ method: 'POST', url: '/api/unsubscribe?token=forged.token' })).statusCode).toBe(400);

    const states = await database.pool.query(`SELECT email_state, push_state FROM notifications WHERE request_id = $1 AND kind = 'alert'`, [requestId]);
    expect(states.rows.every((r) => r.email_state === 'sent'), JSON.stringify(states.rows)).toBe(true);
    await until(async () => (await database.pool.query(`SELECT 1 FROM notifications WHERE request_id = $1 AND push_state = 'pending'`, [requestId])).rows.length === 0).catch(async (err: unknown) => {
      console.log(JSON.stringify((await database.pool.query(`SELECT state, output, retry_count FROM pgboss.job WHERE name = 'outreach-push'`)).rows));
      throw err;
    });
    const subscribed = wave1.filter((id) => browsers.has(id));
    expect(subscribed.length).toBeGreaterThan(0);
    for (const userId of subscribed) {
      const pushed = pushService.received.filter((p) => p.subscriptionId === browsers.get(userId) && (p.payload as { requestId?: string }).requestId === requestId);
      expect(pushed, JSON.stringify(pushService.refused)).toHaveLength(1);
      expect(pushed[0]!.payload).toMatchObject({ requestId, tag: `request-${requestId}`, url: `/respond/${requestId}`, title: 'অতি জরুরি: B+ রক্ত প্রয়োজন' });
    }
  }, 60_000);
});

describe('address confirmation (the workers are running)', () => {
  it('mails a password account a link to confirm its address, through the job queue', async () => {
    const before = smtp.messages.length;
    const fresh = await registerUser(app);
    await until(async () => smtp.messages.slice(before).some((m) => m.envelopeTo.includes(fresh.email.toLowerCase())));
    const mail = smtp.messages.slice(before).find((m) => m.envelopeTo.includes(fresh.email.toLowerCase()))!;
    const link = /http:\/\/blood\.test(\/api\/auth\/verify-email\?[^\s"<]+)/.exec(mail.text)![1]!;
    const res = await app.inject({ method: 'GET', url: link });
    expect(res.statusCode).toBeLessThan(400);
    expect((await database.db.select({ v: users.emailVerified }).from(users).where(eq(users.id, fresh.id)))[0]!.v).toBe(true);
    // An account made before SMTP was set asks for a new link.
    const older = await registerUser(app);
    const toOlder = () => smtp.messages.filter((m) => m.envelopeTo.includes(older.email.toLowerCase())).length;
    await until(async () => toOlder() === 1); // the link sent at registration
    // One confirmation mail per address every 5 minutes (issue 30): as if they had passed.
    await database.pool.query(`UPDATE rate_limits SET reset_at = now() WHERE key LIKE 'verify-mail:gap|%'`);
    const again = await app.inject({ method: 'POST', url: '/api/auth/send-verification-email', headers: { cookie: older.cookie, origin: 'http://blood.test' }, payload: { email: older.email } });
    expect(again.statusCode, again.body).toBe(200);
    await until(async () => toOlder() === 2);
    const forged = await app.inject({ method: 'GET', url: '/api/auth/verify-email?token=forged' });
    expect(forged.statusCode).toBeGreaterThanOrEqual(300);
    expect(forged.statusCode).toBeLessThan(500);
  });
});

describe('failed and refused deliveries', () => {
  /** A fresh alert to `donor` for a new request, with email and push pending. */
  async function pendingAlert(donor: TestUser): Promise<string> {
    const requestId = await createRequest({ hospitalName: 'Failure hospital' });
    const [row] = await database.db
      .insert(notifications)
      .values({ userId: donor.id, requestId, kind: 'alert', wave: 1, emailState: 'pending', pushState: 'pending' })
      .returning({ id: notifications.id });
    return row!.id;
  }
  const deliveryDeps = () => ({
    db: database.db,
    jobs: deps.jobs,
    locations: () => deps.locations.get(),
    publicUrl: 'http://blood.test',
    secret: deps.secret,
    siteName: 'Blood Donation',
    mailer: deps.mailer,
    push: deps.push.sender,
  });
  const job = (notificationId: string, channel: 'email' | 'push') => ({ id: crypto.randomUUID(), name: `outreach-${channel}`, data: { notificationId, channel }, expireInSeconds: 60 });
  const stateOf = async (id: string) => (await database.db.select().from(notifications).where(eq(notifications.id, id)))[0]!;

  it('puts a refused email back to pending for a retry, and records it failed when every retry is spent', async () => {
    const id = await pendingAlert(donors[4]!);
    smtp.failNext(1, 451);
    const result = await deliverEmails(deliveryDeps(), [job(id, 'email')]);
    expect(result.failed).toHaveLength(1);
    expect((await stateOf(id)).emailState).toBe('pending');
    await recordFailedDeliveries(database.db, [job(id, 'email')]);
    expect((await stateOf(id)).emailState).toBe('failed');
  });

  it('records a delivery found mid-send as unknown and does not send it again', async () => {
    const id = await pendingAlert(donors[5]!);
    await database.db.update(notifications).set({ emailState: 'sending' }).where(eq(notifications.id, id));
    const before = smtp.messages.length;
    await deliverEmails(deliveryDeps(), [job(id, 'email')]);
    expect((await stateOf(id)).emailState).toBe('unknown');
    expect(smtp.messages.length).toBe(before);
  });

  it('removes a subscription the push service reports gone, and retries one that failed', async () => {
    const donor = donors[4]!;
    const gone = pushService.subscription({ applicationServerKey: deps.push.publicKey });
    await inject('POST', '/api/push/subscriptions', donor, gone);
    pushService.gone(gone.id);
    const id = await pendingAlert(donor);
    await deliverPushes(deliveryDeps(), [job(id, 'push')]);
    expect(await database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, gone.endpoint))).toEqual([]);
    const failing = await pendingAlert(donor);
    pushService.failNext(10);
    const result = await deliverPushes(deliveryDeps(), [job(failing, 'push')]);
    expect(result.failed).toHaveLength(1);
    expect((await stateOf(failing)).pushState).toBe('pending');
  });

  it("an alert no browser of the donor's took (every subscription gone) is failed, and its SMS fallback goes at once (issue 32)", async () => {
    const donor = await registerUser(app, { blood_group: 'B+', division: '1', district: '1', upazila: '1' });
    const only = pushService.subscription({ applicationServerKey: deps.push.publicKey });
    await inject('POST', '/api/push/subscriptions', donor, only);
    pushService.gone(only.id);
    const id = await pendingAlert(donor);
    await database.db.update(notifications).set({ smsState: 'fallback' }).where(eq(notifications.id, id));
    const result = await deliverPushes(deliveryDeps(), [job(id, 'push')]);
    expect(result.failed).toEqual([]);
    expect(await stateOf(id)).toMatchObject({ pushState: 'failed', smsState: 'due' });
    const { rows } = await database.pool.query(`SELECT start_after FROM pgboss.job WHERE name = 'outreach-sms' AND data->>'notificationId' = $1`, [id]);
    expect(rows).toHaveLength(1);
    expect(new Date(rows[0].start_after).getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });
});
