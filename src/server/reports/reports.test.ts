import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donationRequestBody, registerUser, type TestUser, userWith } from '../../../test/fixtures';
import { createTestDatabase, errorBody, type TestDatabase, testConfig } from '../../../test/helpers';
import { todayInDhaka } from '../../shared/dates/model';
import { REPORT_TEXTS } from '../../shared/reports/texts';
import type { ReportQueueRow } from '../../shared/reports/schemas';
import { buildApp } from '../app';
import { type AppDeps, createDeps } from '../deps';
import { auditLog, users } from '../db/schema/accounts';
import { notifications } from '../db/schema/outreach';
import { donationPledges, donationRequests, requestReports } from '../db/schema/requests';
import { runWave, type WaveDeps } from '../outreach';

// Reports of fake, paid or duplicate requests (issue 17): who may report and resolve, the
// threshold at exactly REPORTS_TO_HIDE (3), the public list and alerts while hidden, dismiss and
// remove, and the daily limit on new requests.

let database: TestDatabase;
let app: FastifyInstance;
let deps: AppDeps;
let requester: TestUser;
const reporters: TestUser[] = [];
let volunteer: TestUser;
let admin: TestUser;
let blockedVolunteer: TestUser;
let blockedAdmin: TestUser;
let blockedDonor: TestUser;

const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user: TestUser | null, payload?: object) =>
  app.inject({ method, url, headers: user ? user.auth : {}, ...(payload && { payload }) });
const report = (id: string, user: TestUser | null, body: object = { reason: 'fake' }) => inject('POST', `/api/donationRequest/${id}/reports`, user, body);
const resolve = (id: string, user: TestUser | null, resolution: unknown) => inject('PATCH', `/api/donationRequest/${id}/reports`, user, { resolution });
const MISSING = '6f1c1d9e-5f57-4a5e-9d3c-2a1b0c9d8e7f';

/** A new request of `owner`, dated as made two days ago (so this file's requests never meet the daily limit). */
async function createRequest(owner: TestUser = requester, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await inject('POST', '/api/donationRequest', owner, donationRequestBody({ bloodGroup: 'B+', ...overrides }));
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ insertedId: string }>().insertedId;
  await database.db.update(donationRequests).set({ createdAt: sql`now() - interval '2 days'` }).where(eq(donationRequests.id, id));
  return id;
}
const pendingIds = async () => {
  const res = await inject('GET', '/api/donationRequest/pending?limit=100', null);
  expect(res.statusCode).toBe(200);
  return { ids: res.json<{ _id: string }[]>().map((r) => r._id), total: Number(res.headers['x-total-count']) };
};
const stored = async (id: string) => (await database.db.select().from(donationRequests).where(eq(donationRequests.id, id)))[0]!;
/** Noon in Dhaka today: outside every donor's quiet hours, so a wave's outcome does not depend on when the suite runs. */
const NOON = new Date(`${todayInDhaka()}T06:00:00Z`);
const waveDeps = (): WaveDeps => ({ db: database.db, jobs: deps.jobs, locations: () => deps.locations.get(), outreach: deps.outreach, now: () => NOON });

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig({ REPORTS_TO_HIDE: '3', REQUESTS_PER_DAY: '3' });
  deps = await createDeps({ config, db: database.db });
  app = await buildApp({ config, db: database.db, webDir: null }, deps);
  await app.ready();
  requester = await registerUser(app);
  for (let i = 0; i < 4; i++) reporters.push(await registerUser(app));
  volunteer = await userWith(app, database.db, 'volunteer');
  admin = await userWith(app, database.db, 'admin');
  blockedVolunteer = await userWith(app, database.db, 'volunteer', 'blocked');
  blockedAdmin = await userWith(app, database.db, 'admin', 'blocked');
  blockedDonor = await userWith(app, database.db, 'donner', 'blocked');
  // A B+ donor in the request's upazila, so a wave has someone to alert.
  const donor = await registerUser(app, { blood_group: 'B+', division: '1', district: '1', upazila: '1' });
  await database.db.update(users).set({ emailVerified: true }).where(eq(users.id, donor.id));
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('POST /api/donationRequest/{id}/reports', () => {
  let id: string;
  beforeAll(async () => {
    id = await createRequest();
  });

  it('records a report of any signed-in user but the requester, and counts it on the request', async () => {
    const res = await report(id, reporters[0]!, { reason: 'paid', note: '  Asked me for 2000 taka  ' });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await database.db.select().from(requestReports).where(eq(requestReports.id, res.json<{ insertedId: string }>().insertedId));
    expect(row).toMatchObject({ requestId: id, reporterId: reporters[0]!.id, reason: 'paid', note: 'Asked me for 2000 taka', status: 'open' });
    expect((await stored(id)).openReports).toBe(1);
  });

  it('takes one report per user: 409 the second time, and the count stays', async () => {
    const res = await report(id, reporters[0]!, { reason: 'fake' });
    expect(res.statusCode).toBe(409);
    expect(errorBody(res)).toMatchObject({ code: 'ALREADY_REPORTED', message: REPORT_TEXTS.duplicateReport });
    expect((await stored(id)).openReports).toBe(1);
  });

  it('refuses the requester (403), a blocked account (403), nobody signed in (401) and a missing request (404)', async () => {
    expect(errorBody(await report(id, requester))).toMatchObject({ code: 'FORBIDDEN', message: REPORT_TEXTS.ownRequest });
    expect((await report(id, requester)).statusCode).toBe(403);
    expect((await report(id, blockedDonor)).statusCode).toBe(403);
    expect((await report(id, null)).statusCode).toBe(401);
    const missing = await report(MISSING, reporters[1]!);
    expect(missing.statusCode).toBe(404);
    expect(errorBody(missing).code).toBe('NOT_FOUND');
    expect((await stored(id)).openReports).toBe(1);
  });

  it('answers bad input with 400 in the error shape', async () => {
    for (const body of [{}, { reason: 'spam' }, { reason: 'fake', note: 'x'.repeat(501) }, { reason: 'fake', extra: 1 }, { reason: 7 }]) {
      const res = await report(id, reporters[1]!, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      errorBody(res);
    }
    expect((await report('not-a-uuid', reporters[1]!)).statusCode).toBe(400);
    expect((await stored(id)).openReports).toBe(1);
  });

  it('refuses a closed request with 409', async () => {
    const closed = await createRequest();
    await database.db.update(donationRequests).set({ status: 'done', donorEmail: 'd@example.com', donorName: 'D' }).where(eq(donationRequests.id, closed));
    const res = await report(closed, reporters[1]!);
    expect(res.statusCode).toBe(409);
    expect(errorBody(res).code).toBe('INVALID_TRANSITION');
  });

  it('tells the reader of the request page whether they reported it', async () => {
    const mine = await inject('GET', `/api/donationRequest?id=${id}`, reporters[0]!);
    expect(mine.json()).toMatchObject({ reportedByMe: true, underReview: false });
    const theirs = await inject('GET', `/api/donationRequest?id=${id}`, reporters[1]!);
    expect(theirs.json()).toMatchObject({ reportedByMe: false });
    // Read at the same moment, the two visits share one query: each still gets its own answer.
    const together = await Promise.all([reporters[0]!, reporters[1]!, reporters[0]!].map((r) => inject('GET', `/api/donationRequest?id=${id}`, r)));
    expect(together.map((res) => (res.json() as { reportedByMe: boolean }).reportedByMe)).toEqual([true, false, true]);
  });
});

describe('the threshold (REPORTS_TO_HIDE = 3)', () => {
  let id: string;
  beforeAll(async () => {
    id = await createRequest();
  });

  it('keeps a request with 2 open reports on the public list, and alerts going', async () => {
    for (const r of reporters.slice(0, 2)) expect((await report(id, r)).statusCode).toBe(201);
    const { ids } = await pendingIds();
    expect(ids).toContain(id);
    expect(await runWave(waveDeps(), { requestId: id, wave: 1 })).toBeGreaterThan(0);
  });

  it('hides it at the 3rd: off the list and its count, no more waves; its requester, staff and its pledged donors still see it', async () => {
    const before = await pendingIds();
    expect((await report(id, reporters[2]!, { reason: 'duplicate' })).statusCode).toBe(201);
    const after = await pendingIds();
    expect(after.ids).not.toContain(id);
    expect(after.total).toBe(before.total - 1);
    expect(await runWave(waveDeps(), { requestId: id, wave: 2 })).toBe(0);
    for (const viewer of [requester, volunteer, admin]) {
      const res = await inject('GET', `/api/donationRequest?id=${id}`, viewer);
      expect(res.statusCode, viewer.email).toBe(200);
      expect(res.json()).toMatchObject({ underReview: true });
    }
    const stranger = await inject('GET', `/api/donationRequest?id=${id}`, reporters[3]!);
    expect(stranger.statusCode).toBe(404);
    expect(errorBody(stranger).message).toBe(REPORT_TEXTS.underReview);
    // Nor can anyone pledge to it meanwhile, from the page or from an alert.
    for (const res of [await inject('PATCH', `/api/confirmDonation/${id}`, reporters[3]!), await inject('POST', `/api/donationRequest/${id}/respond`, reporters[3]!, { answer: 'accept' })]) {
      expect(res.statusCode).toBe(409);
      expect(errorBody(res).code).toBe('REQUEST_UNDER_REVIEW');
    }
  });

  it('lists it in the moderation queue, one row with its open reports and reasons', async () => {
    const res = await inject('GET', '/api/reports?status=open', volunteer);
    expect(res.statusCode).toBe(200);
    const row = res.json<ReportQueueRow[]>().find((r) => r.requestId === id);
    expect(row).toMatchObject({ recipientName: 'Ayesha Begum', openReports: 3, reasons: ['duplicate', 'fake'], hidden: true, donationStatus: 'pending' });
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
  });

  it('dismiss makes it public again, with its waves resumed, and is audited', async () => {
    const res = await resolve(id, volunteer, 'dismiss');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ resolution: 'dismiss', resolvedCount: 3 });
    expect((await pendingIds()).ids).toContain(id);
    expect((await stored(id)).openReports).toBe(0);
    const reports = await database.db.select().from(requestReports).where(eq(requestReports.requestId, id));
    expect(reports.every((r) => r.status === 'dismissed' && r.resolvedBy === volunteer.id && r.resolvedAt !== null)).toBe(true);
    const { rows: jobs } = await database.pool.query(`SELECT data FROM pgboss.job WHERE name = 'outreach-wave' AND singleton_key = $1 AND state = 'created'`, [id]);
    expect(jobs.length).toBeGreaterThan(0);
    const [audit] = await database.db.select().from(auditLog).where(and(eq(auditLog.action, 'reports.dismiss'), eq(auditLog.targetId, id)));
    expect(audit).toMatchObject({ actorId: volunteer.id, targetType: 'request', before: { status: 'pending', openReports: 3 }, after: { status: 'pending', openReports: 0, resolved: 3 } });
  });

  it('leaves nothing to resolve: 409 until someone reports it again (the same users cannot)', async () => {
    const res = await resolve(id, volunteer, 'dismiss');
    expect(res.statusCode).toBe(409);
    expect(errorBody(res).code).toBe('NO_OPEN_REPORTS');
    expect((await report(id, reporters[0]!)).statusCode).toBe(409);
  });
});

describe('PATCH /api/donationRequest/{id}/reports', () => {
  let id: string;
  beforeAll(async () => {
    id = await createRequest();
    expect((await report(id, reporters[0]!)).statusCode).toBe(201);
  });

  it('is for active volunteers and admins only', async () => {
    expect((await resolve(id, null, 'dismiss')).statusCode).toBe(401);
    for (const user of [requester, reporters[1]!, blockedVolunteer, blockedAdmin]) expect((await resolve(id, user, 'dismiss')).statusCode, user.email).toBe(403);
    expect((await stored(id)).openReports).toBe(1);
  });

  it('answers bad input with 400 and a missing request with 404', async () => {
    for (const body of [{}, { resolution: 'delete' }, { resolution: 'dismiss', extra: true }]) {
      const res = await inject('PATCH', `/api/donationRequest/${id}/reports`, admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await resolve('nope', admin, 'dismiss')).statusCode).toBe(400);
    expect((await resolve(MISSING, admin, 'dismiss')).statusCode).toBe(404);
  });

  it('remove cancels a request in progress, tells its requester why in-app, and is audited', async () => {
    const inProgress = await createRequest(requester, { unitsNeeded: 1 });
    expect((await inject('PATCH', `/api/confirmDonation/${inProgress}`, reporters[3]!)).statusCode).toBe(200);
    expect((await report(inProgress, reporters[0]!, { reason: 'paid' })).statusCode).toBe(201);
    const res = await resolve(inProgress, admin, 'remove');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ resolution: 'remove', resolvedCount: 1 });
    expect(await stored(inProgress)).toMatchObject({ status: 'canceled', openReports: 0 });
    const told = await inject('GET', '/api/notifications', requester);
    expect(told.json<{ kind: string; request: { _id: string } }[]>().find((n) => n.kind === 'moderation')?.request._id).toBe(inProgress);
    const [audit] = await database.db.select().from(auditLog).where(and(eq(auditLog.action, 'reports.remove'), eq(auditLog.targetId, inProgress)));
    expect(audit).toMatchObject({ actorId: admin.id, before: { status: 'inprogress' }, after: { status: 'canceled', reasons: ['paid'] } });
    // Closed now: nothing more to remove.
    expect((await report(inProgress, reporters[1]!)).statusCode).toBe(409);
  });

  it('remove of a pending request (no donor yet) cancels it and tells the requester (migration 0013)', async () => {
    expect(await stored(id)).toMatchObject({ status: 'pending', openReports: 1 });
    const after = await resolve(id, admin, 'remove');
    expect(after.statusCode, after.body).toBe(200);
    expect(await stored(id)).toMatchObject({ status: 'canceled', openReports: 0 });
    const [told] = await database.db.select().from(notifications).where(and(eq(notifications.requestId, id), eq(notifications.kind, 'moderation')));
    expect(told?.userId).toBe(requester.id);
  });
});

describe('GET /api/reports', () => {
  it('is for active volunteers and admins only', async () => {
    expect((await inject('GET', '/api/reports', null)).statusCode).toBe(401);
    for (const user of [requester, blockedVolunteer, blockedAdmin]) expect((await inject('GET', '/api/reports', user)).statusCode, user.email).toBe(403);
    expect((await inject('GET', '/api/reports', admin)).statusCode).toBe(200);
  });

  it('answers bad input with 400', async () => {
    for (const q of ['status=closed', 'limit=0', 'page=0', 'limit=abc']) expect((await inject('GET', `/api/reports?${q}`, volunteer)).statusCode, q).toBe(400);
  });

  it('pages the rows with X-Total-Count, and lists resolved reports by their status', async () => {
    const all = await inject('GET', '/api/reports?status=open&limit=100', volunteer);
    const total = Number(all.headers['x-total-count']);
    expect(all.json<unknown[]>()).toHaveLength(total);
    const first = await inject('GET', '/api/reports?status=open&limit=1&page=1', volunteer);
    expect(first.json<unknown[]>()).toHaveLength(Math.min(1, total));
    const past = await inject('GET', `/api/reports?status=open&limit=1&page=${total + 1}`, volunteer);
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe(String(total));
    const dismissed = await inject('GET', '/api/reports?status=dismissed', volunteer);
    expect(dismissed.json<ReportQueueRow[]>().length).toBeGreaterThan(0);
    // Notes are shown, reporters never.
    expect(all.body).not.toContain(reporters[0]!.email);
  });
});

describe('the daily limit on new requests (REQUESTS_PER_DAY = 3)', () => {
  const create = (user: TestUser) => inject('POST', '/api/donationRequest', user, donationRequestBody());

  it('allows the 3rd request in 24 hours and refuses the 4th with 429 and a clear message', async () => {
    const user = await registerUser(app);
    for (let i = 0; i < 3; i++) expect((await create(user)).statusCode).toBe(201);
    const res = await create(user);
    expect(res.statusCode).toBe(429);
    expect(errorBody(res)).toEqual({ code: 'DAILY_REQUEST_LIMIT', message: REPORT_TEXTS.tooManyRequests(3) });
    const [n] = await database.db.select({ n: sql<number>`count(*)::int` }).from(donationRequests).where(eq(donationRequests.requesterId, user.id));
    expect(n?.n).toBe(3);
  });

  it('counts only the last 24 hours', async () => {
    const user = await registerUser(app);
    for (let i = 0; i < 3; i++) expect((await create(user)).statusCode).toBe(201);
    const [oldest] = await database.db.select({ id: donationRequests.id }).from(donationRequests).where(eq(donationRequests.requesterId, user.id)).limit(1);
    await database.db.update(donationRequests).set({ createdAt: sql`now() - interval '24 hours 1 minute'` }).where(eq(donationRequests.id, oldest!.id));
    expect((await create(user)).statusCode).toBe(201);
    expect((await create(user)).statusCode).toBe(429);
  });

  it('exempts staff', async () => {
    const staff = await userWith(app, database.db, 'volunteer');
    for (let i = 0; i < 5; i++) expect((await create(staff)).statusCode).toBe(201);
  });

  it('holds when the requests arrive at once', async () => {
    const user = await registerUser(app);
    const answers = await Promise.all(Array.from({ length: 6 }, () => create(user)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(3);
  });
});

describe('pledged donors of a hidden request', () => {
  it('still see it (they hold its phone)', async () => {
    const id = await createRequest(requester, { unitsNeeded: 2 });
    expect((await inject('PATCH', `/api/confirmDonation/${id}`, reporters[3]!)).statusCode).toBe(200);
    for (const r of reporters.slice(0, 3)) expect((await report(id, r)).statusCode).toBe(201);
    const [pledge] = await database.db.select().from(donationPledges).where(eq(donationPledges.requestId, id));
    expect(pledge?.donorId).toBe(reporters[3]!.id);
    expect((await inject('GET', `/api/donationRequest?id=${id}`, reporters[3]!)).statusCode).toBe(200);
  });
});

describe('reports sent at once', () => {
  it('are each counted once: the counter matches the rows', async () => {
    const id = await createRequest();
    const users = await Promise.all(Array.from({ length: 6 }, () => registerUser(app)));
    const answers = await Promise.all([...users, users[0]!].map((u) => report(id, u)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 201, 201, 201, 409]);
    const [rows] = await database.db.select({ n: sql<number>`count(*)::int` }).from(requestReports).where(eq(requestReports.requestId, id));
    expect((await stored(id)).openReports).toBe(rows!.n);
    expect(rows!.n).toBe(6);
  });
});
