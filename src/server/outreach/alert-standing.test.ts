import { createEmailVerificationToken } from 'better-auth/api';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donationRequestBody, registerUser, type TestUser, userWith } from '../../../test/fixtures';
import { createTestDatabase, type TestDatabase, testConfig } from '../../../test/helpers';
import { todayInDhaka } from '../../shared/dates/model';
import { buildApp } from '../app';
import { type AppDeps, createDeps } from '../deps';
import { users } from '../db/schema/accounts';
import { notifications } from '../db/schema/outreach';
import { runWave, type WaveDeps } from '../outreach';

// Issue 30, point 4: fake critical requests must not use up every nearby donor's weekly alerts.
// Email is set up (SMTP_URL; no worker sends), NEW_ACCOUNT_HOURS is 24, waves are 1 donor (2 for
// a critical request). The waves are run by hand at a chosen Dhaka time.

let database: TestDatabase;
let app: FastifyInstance;
let deps: AppDeps;
let admin: TestUser;
let donors: TestUser[];

const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user: TestUser | null, payload?: object) =>
  app.inject({ method, url, headers: user ? user.auth : {}, ...(payload && { payload }) });
const dhaka = (hhmm: string) => new Date(`${todayInDhaka()}T${hhmm}:00+06:00`);
const NOON = dhaka('12:00');
const NIGHT = dhaka('23:30');
const waveAt = (at: Date): WaveDeps => ({ db: database.db, jobs: deps.jobs, locations: () => deps.locations.get(), outreach: deps.outreach, now: () => at });
const wave = (requestId: string, at = NOON, n = 1) => runWave(waveAt(at), { requestId, wave: n });

async function established(user: TestUser): Promise<TestUser> {
  await database.db.update(users).set({ emailVerified: true, createdAt: sql`now() - interval '2 days'` }).where(eq(users.id, user.id));
  return user;
}
async function createRequest(owner: TestUser, overrides: Record<string, unknown> = {}): Promise<string> {
  // Tomorrow late evening: still open at tonight's wave.
  const res = await inject('POST', '/api/donationRequest', owner, donationRequestBody({ bloodGroup: 'B+', urgency: 'critical', donationTime: '23:45', ...overrides }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ insertedId: string }>().insertedId;
}
const alertsOf = async (user: TestUser) =>
  database.db.select({ requestId: notifications.requestId }).from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.kind, 'alert')));

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig({ SMTP_URL: 'smtp://127.0.0.1:9', NEW_ACCOUNT_HOURS: '24', OUTREACH_WAVE_SIZE: '1', REPORTS_TO_HIDE: '3', PUBLIC_URL: 'http://blood.test' });
  deps = await createDeps({ config, db: database.db });
  app = await buildApp({ config, db: database.db, webDir: null }, deps);
  await app.ready();
  admin = await established(await userWith(app, database.db, 'admin'));
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

/** An account in good standing that is no donor for these B+ requests (A+ cannot give to B+). */
const bystander = async () => established(await registerUser(app, { blood_group: 'A+' }));

/** Two B+ donors of the request's upazila, confirmed, a weekly cap of 2. */
async function freshDonors(): Promise<TestUser[]> {
  // Earlier donors of this file leave the area, so each test's waves reach only its own.
  await database.db.update(users).set({ available: false });
  const made = [];
  for (let i = 0; i < 2; i++) {
    const d = await established(await registerUser(app, { blood_group: 'B+' }));
    await database.db.update(users).set({ maxAlertsPerWeek: 2 }).where(eq(users.id, d.id));
    made.push(d);
  }
  return made;
}

describe('a new, unconfirmed account posts three critical requests', () => {
  it('alerts nobody and spends no cap; its page tells the requester; a genuine critical request then reaches the donors', async () => {
    donors = await freshDonors();
    const fake = await registerUser(app, { blood_group: 'A+' });
    const fakes = [await createRequest(fake), await createRequest(fake), await createRequest(fake)];
    for (const id of fakes) expect(await wave(id)).toBe(0);
    for (const d of donors) expect(await alertsOf(d)).toEqual([]);

    const page = await inject('GET', `/api/donationRequest?id=${fakes[0]}`, fake);
    expect(page.json()).toMatchObject({ alertsHeld: true });
    const others = await inject('GET', `/api/donationRequest?id=${fakes[0]}`, donors[0]!);
    expect(others.json()).not.toHaveProperty('alertsHeld');

    const genuine = await createRequest(await bystander());
    expect(await wave(genuine)).toBe(2);
    for (const d of donors) expect((await alertsOf(d)).map((a) => a.requestId)).toEqual([genuine]);
  });

  it('sends the held requests once the requester confirms the address (through the real link)', async () => {
    donors = await freshDonors();
    const requester = await registerUser(app, { blood_group: 'A+' });
    const id = await createRequest(requester, { urgency: 'normal' });
    expect(await wave(id)).toBe(0);
    // Its first wave job is gone with the held run: confirming must queue it again.
    await database.pool.query(`DELETE FROM pgboss.job WHERE data->>'requestId' = $1`, [id]);
    const token = await createEmailVerificationToken(deps.secret, requester.email);
    const res = await app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${token}` });
    expect(res.statusCode).toBeLessThan(400);
    expect((await inject('GET', `/api/donationRequest?id=${id}`, requester)).json()).toMatchObject({ alertsHeld: false });
    const { rows } = await database.pool.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'outreach-wave' AND data->>'requestId' = $1`, [id]);
    expect(rows[0].n).toBe(1);
    // Still new (a day old at most): normal stays normal, and the wave now reaches a donor.
    expect(await wave(id)).toBe(1);
  });
});

describe("a new account's critical request", () => {
  it('alerts as urgent at most: a normal-sized wave, and nobody woken in their quiet hours', async () => {
    donors = await freshDonors();
    const newcomer = await registerUser(app, { blood_group: 'A+' });
    await database.db.update(users).set({ emailVerified: true }).where(eq(users.id, newcomer.id));
    const id = await createRequest(newcomer);
    // At night (23:30 Dhaka) everyone is in their quiet hours: nobody is woken for it.
    expect(await wave(id, NIGHT)).toBe(0);
    // At noon one donor (a normal wave), not two (a critical one).
    expect(await wave(id, NOON)).toBe(1);
    // Its page still says what the requester chose.
    expect((await inject('GET', `/api/donationRequest?id=${id}`, newcomer)).json()).toMatchObject({ urgency: 'critical' });

    // An established account's critical request wakes them, two at once.
    donors = await freshDonors();
    const old = await createRequest(await bystander());
    expect(await wave(old, NIGHT)).toBe(2);
  });
});

describe('alerts that no longer count toward the weekly cap', () => {
  it('alerts about requests hidden by reports, removed by staff or deleted are given back', async () => {
    donors = await freshDonors();
    // One donor in the area, with a cap of 2 a week.
    await database.db.update(users).set({ available: false }).where(eq(users.id, donors[1]!.id));
    const donor = donors[0]!;
    const owner = await bystander();
    const normal = () => createRequest(owner, { urgency: 'normal' });
    const hidden = await normal();
    const removed = await normal();
    expect(await wave(hidden)).toBe(1);
    expect(await wave(removed)).toBe(1);
    const next = await normal();
    expect(await wave(next)).toBe(0); // at the cap

    // Three established accounts report the first: hidden, so its alert is given back.
    for (let i = 0; i < 3; i++) {
      const reporter = await bystander();
      expect((await inject('POST', `/api/donationRequest/${hidden}/reports`, reporter, { reason: 'fake' })).statusCode).toBe(201);
    }
    expect(await wave(next, NOON, 2)).toBe(1);
    const more = await normal();
    expect(await wave(more)).toBe(0); // at the cap again (removed, next)

    // Staff remove the second after a report: given back too.
    const reporter = await bystander();
    expect((await inject('POST', `/api/donationRequest/${removed}/reports`, reporter, { reason: 'fake' })).statusCode).toBe(201);
    expect((await inject('PATCH', `/api/donationRequest/${removed}/reports`, admin, { resolution: 'remove' })).statusCode).toBe(200);
    expect(await wave(more, NOON, 2)).toBe(1);

    // A deleted request's alert goes with it.
    const last = await normal();
    expect(await wave(last)).toBe(0); // at the cap (next, more)
    expect((await inject('DELETE', `/api/donationRequest?id=${next}`, owner)).statusCode).toBe(200);
    expect(await wave(last, NOON, 2)).toBe(1);
    expect((await alertsOf(donor)).map((a) => a.requestId).sort()).toEqual([hidden, removed, more, last].sort());
  });
});
