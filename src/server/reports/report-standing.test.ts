import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donationRequestBody, registerUser, type TestUser, userWith } from '../../../test/fixtures';
import { createTestDatabase, errorBody, type TestDatabase, testConfig } from '../../../test/helpers';
import { todayInDhaka } from '../../shared/dates/model';
import type { ReportQueueRow } from '../../shared/reports/schemas';
import { buildApp } from '../app';
import { type AppDeps, createDeps } from '../deps';
import { users } from '../db/schema/accounts';
import { notifications } from '../db/schema/outreach';
import { donationRequests, requestReports } from '../db/schema/requests';
import { runWave, type WaveDeps } from '../outreach';

// Issue 30, point 1: throwaway accounts must not silence anyone. Email is set up (SMTP_URL, no
// worker sends), so "confirmed" means a confirmed address; NEW_ACCOUNT_HOURS is 24; REPORTS_TO_HIDE
// is 3 and REPORTS_PER_DAY 5. Each attack is performed through the API and must fail.

let database: TestDatabase;
let app: FastifyInstance;
let deps: AppDeps;
let requester: TestUser;
let volunteer: TestUser;
let admin: TestUser;
let blockedVolunteer: TestUser;
let donor: TestUser;

const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user: TestUser | null, payload?: object) =>
  app.inject({ method, url, headers: user ? user.auth : {}, ...(payload && { payload }) });
const report = (id: string, user: TestUser, reason = 'fake') => inject('POST', `/api/donationRequest/${id}/reports`, user, { reason });
const stored = async (id: string) => (await database.db.select().from(donationRequests).where(eq(donationRequests.id, id)))[0]!;
const publicIds = async () => (await inject('GET', '/api/donationRequest/pending?limit=100', null)).json<{ _id: string }[]>().map((r) => r._id);
const NOON = new Date(`${todayInDhaka()}T06:00:00Z`);
const waveDeps = (): WaveDeps => ({ db: database.db, jobs: deps.jobs, locations: () => deps.locations.get(), outreach: deps.outreach, now: () => NOON });

/** An account in good standing: a confirmed address, made two days ago. */
async function established(user: TestUser): Promise<TestUser> {
  await database.db.update(users).set({ emailVerified: true, createdAt: sql`now() - interval '2 days'` }).where(eq(users.id, user.id));
  return user;
}
async function createRequest(urgency: 'normal' | 'urgent' | 'critical' = 'normal'): Promise<string> {
  const res = await inject('POST', '/api/donationRequest', requester, donationRequestBody({ bloodGroup: 'B+', urgency }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ insertedId: string }>().insertedId;
}
const pledge = (id: string, user: TestUser) => inject('PATCH', `/api/confirmDonation/${id}`, user);

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig({ SMTP_URL: 'smtp://127.0.0.1:9', NEW_ACCOUNT_HOURS: '24', REPORTS_TO_HIDE: '3', REPORTS_PER_DAY: '5' });
  deps = await createDeps({ config, db: database.db });
  app = await buildApp({ config, db: database.db, webDir: null }, deps);
  await app.ready();
  requester = await established(await registerUser(app));
  volunteer = await established(await userWith(app, database.db, 'volunteer'));
  admin = await established(await userWith(app, database.db, 'admin'));
  blockedVolunteer = await established(await userWith(app, database.db, 'volunteer', 'blocked'));
  donor = await established(await registerUser(app, { blood_group: 'B+' }));
  // Alerted about every request of this file: above the weekly cap's default.
  await database.db.update(users).set({ maxAlertsPerWeek: 50 }).where(eq(users.id, donor.id));
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('three throwaway accounts report three requests (one critical)', () => {
  it('hide nothing: the requests stay public, readable, pledgeable, and their waves go on; staff still see the reports', async () => {
    const throwaways = [await registerUser(app), await registerUser(app), await registerUser(app)];
    const ids = [await createRequest(), await createRequest(), await createRequest('critical')];
    for (const id of ids) for (const user of throwaways) expect((await report(id, user)).statusCode).toBe(201);

    const listed = await publicIds();
    for (const id of ids) {
      expect(listed).toContain(id);
      expect((await stored(id)).openReports).toBe(0);
      expect((await inject('GET', `/api/donationRequest?id=${id}`, donor)).statusCode).toBe(200);
      expect(await runWave(waveDeps(), { requestId: id, wave: 1 })).toBeGreaterThan(0);
    }
    const res = await pledge(ids[0]!, donor);
    expect(res.statusCode, res.body).toBe(200);

    const queue = (await inject('GET', '/api/reports?status=open&limit=50', volunteer)).json<ReportQueueRow[]>();
    for (const id of ids) expect(queue.find((r) => r.requestId === id)).toMatchObject({ openReports: 3, hidden: false, flagged: false });
    const counted = await database.db.select({ counts: requestReports.counts }).from(requestReports).where(eq(requestReports.requestId, ids[1]!));
    expect(counted.map((r) => r.counts)).toEqual([false, false, false]);
  });

  it('confirmed but new accounts count for nothing either', async () => {
    const id = await createRequest();
    for (let i = 0; i < 3; i++) {
      const user = await registerUser(app);
      await database.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
      expect((await report(id, user)).statusCode).toBe(201);
    }
    expect(await publicIds()).toContain(id);
    expect((await stored(id)).openReports).toBe(0);
  });
});

describe('reports from accounts in good standing', () => {
  let reporters: TestUser[];
  let normal: string;
  let critical: string;
  beforeAll(async () => {
    reporters = [];
    for (let i = 0; i < 3; i++) reporters.push(await established(await registerUser(app)));
    normal = await createRequest();
    critical = await createRequest('critical');
    for (const user of reporters) {
      expect((await report(normal, user)).statusCode).toBe(201);
      expect((await report(critical, user)).statusCode).toBe(201);
    }
  });

  it('hide a normal request at the threshold, as before', async () => {
    expect((await stored(normal)).openReports).toBe(3);
    expect(await publicIds()).not.toContain(normal);
    expect((await inject('GET', `/api/donationRequest?id=${normal}`, donor)).statusCode).toBe(404);
    expect(errorBody(await pledge(normal, donor)).code).toBe('REQUEST_UNDER_REVIEW');
  });

  it('never hide a critical one: it stays public and pledgeable, its waves go on, and active staff are told in-app', async () => {
    expect((await stored(critical)).openReports).toBe(3);
    expect(await publicIds()).toContain(critical);
    expect((await inject('GET', `/api/donationRequest?id=${critical}`, donor)).statusCode).toBe(200);
    expect(await runWave(waveDeps(), { requestId: critical, wave: 1 })).toBeGreaterThan(0);
    const flagged = await database.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.requestId, critical), eq(notifications.kind, 'flagged')));
    const told = flagged.map((n) => n.userId);
    expect(told).toEqual(expect.arrayContaining([volunteer.id, admin.id]));
    expect(told).not.toContain(blockedVolunteer.id);
    expect(told).not.toContain(requester.id);
    // Once: a fourth report does not tell them again.
    expect((await report(critical, await established(await registerUser(app)))).statusCode).toBe(201);
    const again = await database.db.select().from(notifications).where(and(eq(notifications.requestId, critical), eq(notifications.kind, 'flagged')));
    expect(again.length).toBe(flagged.length);
    // The volunteer's list of notifications carries it.
    const mine = await inject('GET', '/api/notifications', volunteer);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.body).toContain('flagged');
  });

  it('put the flagged request first in the staff queue', async () => {
    const queue = (await inject('GET', '/api/reports?status=open&limit=50', admin)).json<ReportQueueRow[]>();
    expect(queue[0]).toMatchObject({ requestId: critical, flagged: true, hidden: false });
    expect(queue.find((r) => r.requestId === normal)).toMatchObject({ hidden: true, flagged: false });
  });

  it('stop counting a reporter who is later blocked: the request they pushed over comes back, with its next wave', async () => {
    // The wave queued at creation is gone (its chain stopped while the request was hidden).
    await database.pool.query(`DELETE FROM pgboss.job WHERE data->>'requestId' = $1`, [normal]);
    const res = await inject('PATCH', `/api/users?status=blocked&&email=${encodeURIComponent(reporters[0]!.email)}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored(normal)).openReports).toBe(2);
    expect(await publicIds()).toContain(normal);
    expect((await inject('GET', `/api/donationRequest?id=${normal}`, donor)).statusCode).toBe(200);
    // Its waves resume: a wave job is queued again, and it alerts.
    expect(await runWave(waveDeps(), { requestId: normal, wave: 1 })).toBeGreaterThan(0);
    const { rows } = await database.pool.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'outreach-wave' AND data->>'requestId' = $1 AND state = 'created'`, [normal]);
    expect(rows[0].n).toBeGreaterThan(0);
    // Unblocking does not make the old report count again.
    await inject('PATCH', `/api/users?status=active&&email=${encodeURIComponent(reporters[0]!.email)}`, admin);
    expect((await stored(normal)).openReports).toBe(2);
  });

  it('stop counting a reporter who deletes their account', async () => {
    const other = await createRequest();
    for (const user of reporters.slice(1)) expect((await report(other, user)).statusCode).toBe(201);
    const third = await established(await registerUser(app));
    expect((await report(other, third)).statusCode).toBe(201);
    expect(await publicIds()).not.toContain(other);
    const gone = await inject('DELETE', `/api/users/${encodeURIComponent(third.email)}`, third, { confirmEmail: third.email });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await stored(other)).openReports).toBe(2);
    expect(await publicIds()).toContain(other);
  });
});

describe('at most REPORTS_PER_DAY reports an account', () => {
  it('answers the sixth report in 24 hours with 429 and stores nothing; staff are exempt', async () => {
    const user = await established(await registerUser(app));
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await createRequest());
    for (const id of ids.slice(0, 5)) expect((await report(id, user)).statusCode).toBe(201);
    const sixth = await report(ids[5]!, user);
    expect(sixth.statusCode).toBe(429);
    expect(errorBody(sixth)).toMatchObject({ code: 'DAILY_REPORT_LIMIT' });
    expect(errorBody(sixth).message).toContain('at most 5 reports');
    const rows = await database.db.select().from(requestReports).where(and(eq(requestReports.reporterId, user.id), eq(requestReports.requestId, ids[5]!)));
    expect(rows).toEqual([]);
    // In Bangla too.
    const bn = await app.inject({ method: 'POST', url: `/api/donationRequest/${ids[5]}/reports`, headers: { ...user.auth, 'accept-language': 'bn' }, payload: { reason: 'fake' } });
    expect(errorBody(bn).message).toContain('অভিযোগ');
    // A day later the count starts again.
    await database.db.update(requestReports).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(requestReports.reporterId, user.id));
    expect((await report(ids[5]!, user)).statusCode).toBe(201);
    // Staff are exempt.
    for (const id of ids) expect((await report(id, volunteer)).statusCode).toBe(201);
  });
});
