import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { donationRequestBody, registerUser, type TestUser } from '../../../test/fixtures';
import { createTestDatabase, errorBody, type TestDatabase, testConfig } from '../../../test/helpers';
import { startSmppStandIn, type SmppStandIn } from '../../../test/smpp-stand-in';
import { todayInDhaka } from '../../shared/dates/model';
import { buildApp } from '../app';
import { type AppDeps, createDeps } from '../deps';
import { users } from '../db/schema/accounts';
import { notifications, outreachAnswers } from '../db/schema/outreach';
import { donationPledges, donationRequests } from '../db/schema/requests';
import { QUEUES } from '../jobs';
import { runWave } from '../outreach';
import { makeAlertSms } from './alerts';

// The alert SMS's short link (issue 32): /r/{token} opens a page without JavaScript that answers
// the alert as the donor it was sent to. Waves and alert SMS are made by hand (no workers), then
// the page is used as a phone's browser would: a GET, then a form post.

let database: TestDatabase;
let smsc: SmppStandIn;
let app: FastifyInstance;
let deps: AppDeps;

const inject = (method: 'GET' | 'POST', url: string, user: TestUser | null, payload?: object) =>
  app.inject({ method, url, headers: user ? user.auth : {}, ...(payload && { payload }) });
const NOON = new Date(`${todayInDhaka()}T12:00:00+06:00`);
/** A form post, as a browser without JavaScript sends it. */
const post = (token: string, body: string, type = 'application/x-www-form-urlencoded') =>
  app.inject({ method: 'POST', url: `/r/${token}`, headers: { 'content-type': type }, payload: body });
const page = (token: string) => app.inject({ method: 'GET', url: `/r/${token}` });

let n = 6_000_000;
async function donor(lang: 'en' | 'bn' = 'en'): Promise<TestUser & { phone: string }> {
  const user = await registerUser(app, { blood_group: 'B+', name: lang === 'bn' ? 'রহিমা আক্তার' : 'Rahima Akter' });
  const phone = `+880191${String(++n).padStart(7, '0')}`;
  await database.db
    .update(users)
    .set({ emailVerified: true, createdAt: sql`now() - interval '2 days'`, locale: lang, phone, phoneNumber: phone, phoneNumberVerified: true })
    .where(eq(users.id, user.id));
  return { ...user, phone };
}
async function family(): Promise<TestUser> {
  const user = await registerUser(app, { blood_group: 'A+' });
  await database.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  return user;
}

/** A request, its wave, and each alerted donor's SMS made: the donors' link tokens. */
async function alerted(owner: TestUser, overrides: Record<string, unknown> = {}): Promise<{ id: string; tokenOf: (d: TestUser) => Promise<string> }> {
  const res = await inject('POST', '/api/donationRequest', owner, donationRequestBody({ urgency: 'urgent', contactPhone: '+8801911111111', donationTime: '23:45', ...overrides }));
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ insertedId: string }>().insertedId;
  expect(await runWave({ db: database.db, jobs: deps.jobs, locations: () => deps.locations.get(), outreach: deps.outreach, now: () => NOON }, { requestId: id, wave: 1 })).toBeGreaterThan(0);
  const { rows } = await database.pool.query<{ data: { notificationId: string; critical: boolean } }>(
    `SELECT j.data FROM pgboss.job j JOIN notifications n ON n.id = (j.data->>'notificationId')::uuid WHERE j.name = $1 AND n.request_id = $2`,
    [QUEUES.alertSms, id],
  );
  for (const job of rows)
    expect(
      await makeAlertSms(
        { db: database.db, jobs: deps.jobs, locations: () => deps.locations.get(), publicUrl: 'https://blood.example.org', secret: deps.secret, dailySegments: 5000, reportsToHide: 3, now: () => NOON },
        job.data,
      ),
    ).toBe('queued');
  return {
    id,
    tokenOf: async (d) => {
      const [row] = await database.db.select({ token: notifications.linkToken }).from(notifications).where(and(eq(notifications.userId, d.id), eq(notifications.requestId, id)));
      return row!.token!;
    },
  };
}
const pledgesOf = (requestId: string) => database.db.select().from(donationPledges).where(eq(donationPledges.requestId, requestId));

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

beforeEach(async () => {
  await database.db.update(users).set({ available: false });
});

describe('the short link of an alert SMS', () => {
  it('opens a small page without scripts: the request, who answers, and two buttons that post a form', async () => {
    const d = await donor();
    const { tokenOf } = await alerted(await family());
    const res = await page(await tokenOf(d));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const html = res.body;
    expect(Buffer.byteLength(html)).toBeLessThan(15 * 1024);
    expect(html).not.toMatch(/<script|<link|<img/i);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('B+ blood needed');
    expect(html).toContain('Dhaka Medical College Hospital');
    expect(html).toContain(`<form method="post" action="/r/${await tokenOf(d)}">`);
    expect(html).toContain('name="answer" value="accept"');
    expect(html).toContain('name="answer" value="decline"');
    // The account that answers, and only its own number (as it is dialled).
    expect(html).toContain(`You answer as Rahima Akter (${d.phone.slice(3)}).`);
    expect(html).not.toContain('01911111111');
  });

  it('Yes pledges with every rule of a pledge and shows the family\u2019s phone to call; a second post pledges nothing more', async () => {
    const d = await donor();
    const { id, tokenOf } = await alerted(await family());
    const token = await tokenOf(d);
    const res = await post(token, 'answer=accept');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Thank you! Please call the family now.');
    expect(res.body).toContain('<a class="phone" href="tel:01911111111">01911111111</a>');
    expect((await pledgesOf(id)).map((p) => p.donorId)).toEqual([d.id]);

    const again = await post(token, 'answer=accept');
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('You pledged to donate');
    expect(again.body).not.toContain('value="accept"');
    expect(await pledgesOf(id)).toHaveLength(1);
  });

  it('No declines; the page then offers only Yes', async () => {
    const d = await donor();
    const { id, tokenOf } = await alerted(await family());
    const token = await tokenOf(d);
    const res = await post(token, 'answer=decline');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Thank you for answering.');
    const [answer] = await database.db.select().from(outreachAnswers).where(and(eq(outreachAnswers.requestId, id), eq(outreachAnswers.userId, d.id)));
    expect(answer?.answer).toBe('decline');
    const after = (await page(token)).body;
    expect(after).toContain('You declined this request');
    expect(after).toContain('value="accept"');
    expect(after).not.toContain('value="decline"');
  });

  it('in the donor\u2019s language', async () => {
    const d = await donor('bn');
    const { tokenOf } = await alerted(await family());
    const html = (await page(await tokenOf(d))).body;
    expect(html).toContain('<html lang="bn">');
    expect(html).toContain('B+ রক্ত প্রয়োজন');
    expect(html).toContain('হ্যাঁ, আমি রক্ত দিতে পারব');
    expect(html).toContain('আপনি উত্তর দিচ্ছেন রহিমা আক্তার');
  });

  it('a link that names no alert, or not validly, is a 404 page; a blocked donor\u2019s too; nothing is answered', async () => {
    const d = await donor();
    const blocked = await donor();
    const { id, tokenOf } = await alerted(await family());
    for (const token of ['AAAAAAAA', 'short', 'a'.repeat(60), '%3Cscript%3E'] as const) {
      const res = await page(token);
      expect(res.statusCode, token).toBe(404);
      // Whose link it was is unknown, so in both languages.
      expect(res.body).toContain('This link does not work');
      expect(res.body).toContain('লিংকটি কাজ করছে না');
      expect((await post(token, 'answer=accept')).statusCode).toBe(404);
    }
    // A token written to an alert without the site's signature is no good either.
    const forged = 'Zz9Zz9Zz';
    await database.db.update(notifications).set({ linkToken: forged }).where(and(eq(notifications.userId, d.id), eq(notifications.requestId, id)));
    expect((await post(forged, 'answer=accept')).statusCode).toBe(404);

    const token = await tokenOf(blocked);
    await database.db.update(users).set({ status: 'blocked' }).where(eq(users.id, blocked.id));
    expect((await page(token)).statusCode).toBe(404);
    expect((await post(token, 'answer=accept')).statusCode).toBe(404);
    expect(await pledgesOf(id)).toEqual([]);
  });

  it('hostile posts get the one JSON error and change nothing', async () => {
    const d = await donor();
    const { id, tokenOf } = await alerted(await family());
    const token = await tokenOf(d);
    const bad = await post(token, 'answer=maybe');
    expect(bad.statusCode).toBe(400);
    expect(errorBody(bad)).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect((await post(token, 'nothing=here')).statusCode).toBe(400);
    expect((await post(token, JSON.stringify({ answer: 'accept' }), 'application/json')).statusCode).toBe(415);
    expect((await post(token, `answer=accept&x=${'a'.repeat(5000)}`)).statusCode).toBe(413);
    expect(await pledgesOf(id)).toEqual([]);
  });

  it('once the request stops looking for donors the link says so (410); a pledge the rules refuse is not counted', async () => {
    const requester = await family();
    const [first, second, late] = [await donor(), await donor(), await donor()];
    const { id, tokenOf } = await alerted(requester, { unitsNeeded: 1 });
    // No longer a match: the donor corrected their blood group after the alert.
    await database.db.update(users).set({ bloodGroup: 'A+' }).where(eq(users.id, late.id));
    const refused = await post(await tokenOf(late), 'answer=accept');
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(refused.body).toContain('We could not count your answer');

    expect((await post(await tokenOf(first), 'answer=accept')).statusCode).toBe(200);
    const closed = await page(await tokenOf(second));
    expect(closed.statusCode).toBe(410);
    expect(closed.body).toContain('This request is no longer looking for donors.');
    expect((await post(await tokenOf(second), 'answer=accept')).statusCode).toBe(410);
    // The donor who pledged still sees what they pledged to.
    expect((await page(await tokenOf(first))).statusCode).toBe(200);

    await database.db.update(donationRequests).set({ status: 'canceled' }).where(eq(donationRequests.id, id));
    expect((await page(await tokenOf(late))).statusCode).toBe(410);
    expect((await pledgesOf(id)).map((p) => p.donorId)).toEqual([first.id]);
  });
});
