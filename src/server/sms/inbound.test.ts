import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { donationRequestBody, registerUser, type TestUser } from '../../../test/fixtures';
import { createTestDatabase, type TestDatabase, testConfig } from '../../../test/helpers';
import { startSmppStandIn, type SmppStandIn } from '../../../test/smpp-stand-in';
import { buildApp } from '../app';
import { type AppDeps, createDeps } from '../deps';
import { users } from '../db/schema/accounts';
import { notifications, outreachAnswers } from '../db/schema/outreach';
import { donationPledges } from '../db/schema/requests';
import { QUEUES } from '../jobs';
import { startOutreach } from '../outreach';
import { SMS_TEXTS } from './sms-texts';

// Answers by SMS reply (issue 32), through the whole chain: a request's wave sends the alert SMS
// over SMPP to the stand-in SMSC, the donor's phone replies through it (a mobile-originated
// deliver_sm), the reply's job takes the answer with the app's own rules, and the confirmation
// goes back by SMS. Real PostgreSQL, the real job queue and its workers, the real SMPP client.

let database: TestDatabase;
let smsc: SmppStandIn;
let app: FastifyInstance;
let deps: AppDeps;

const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, user: TestUser | null, payload?: object) =>
  app.inject({ method, url, headers: user ? user.auth : {}, ...(payload && { payload }) });

let n = 5_000_000;
const freshNumber = () => `+880181${String(++n).padStart(7, '0')}`;
/** The texts the stand-in took for a number (+880...). */
const textsTo = (phone: string) => smsc.submitted.filter((m) => `+${m.to}` === phone).map((m) => m.text);

async function donor(lang: 'en' | 'bn' = 'en'): Promise<TestUser & { phone: string }> {
  const user = await registerUser(app, { blood_group: 'B+' });
  const phone = freshNumber();
  // Never in quiet hours (start = end), whenever the suite runs.
  await database.db
    .update(users)
    .set({ emailVerified: true, createdAt: sql`now() - interval '2 days'`, locale: lang, phone, phoneNumber: phone, phoneNumberVerified: true, quietHoursStart: 0, quietHoursEnd: 0 })
    .where(eq(users.id, user.id));
  return { ...user, phone };
}

async function family(): Promise<TestUser> {
  const user = await registerUser(app, { blood_group: 'A+' });
  await database.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  return user;
}

async function request(owner: TestUser, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await inject('POST', '/api/donationRequest', owner, donationRequestBody({ urgency: 'urgent', contactPhone: '+8801911111111', ...overrides }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ insertedId: string }>().insertedId;
}

/** Waits for the alert SMS of a request to reach a donor's phone; returns its reply code. */
async function alertCode(d: { id: string; phone: string }, requestId: string): Promise<string> {
  const codeOf = async () =>
    (await database.db.select({ code: notifications.replyCode }).from(notifications).where(and(eq(notifications.userId, d.id), eq(notifications.requestId, requestId))))[0]?.code ?? null;
  await expect.poll(codeOf, { timeout: 20_000 }).toBeTruthy();
  const code = (await codeOf())!;
  await smsc.waitFor(`the alert SMS with ${code} to ${d.phone}`, () => textsTo(d.phone).some((t) => t.includes(` ${code} `)), 20_000);
  return code;
}

/** Sends a reply from a phone and waits until its job was handled (whatever it answered). */
async function reply(phone: string, text: string, options: { unicode?: boolean } = {}) {
  const before = await handledReplies();
  await smsc.sendInbound(phone.slice(1), text, options);
  const deadline = Date.now() + 20_000;
  while ((await handledReplies()) <= before) {
    if (Date.now() > deadline) throw new Error(`the reply "${text}" from ${phone} was not handled`);
    await new Promise((r) => setTimeout(r, 50));
  }
  // Its answer SMS (if any) was queued in the same job: the SMS worker sends it.
  await waitForOutbox();
}
const handledReplies = async () =>
  (await database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state IN ('completed', 'failed')`, [QUEUES.smsInbound])).rows[0]!.n;
async function waitForOutbox() {
  const deadline = Date.now() + 20_000;
  while ((await database.pool.query(`SELECT 1 FROM sms_messages WHERE state IN ('pending', 'sending')`)).rows.length > 0) {
    if (Date.now() > deadline) throw new Error('SMS still waiting to be sent');
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  [smsc, database] = await Promise.all([startSmppStandIn({ systemId: 'blood', password: 'pw' }), createTestDatabase()]);
  const config = testConfig({ SMS_URL: smsc.url, SMTP_URL: 'smtp://127.0.0.1:9', OUTREACH_WAVE_SIZE: '10', NEW_ACCOUNT_HOURS: '0', PUBLIC_URL: 'https://blood.example.org' });
  deps = await createDeps({ config, db: database.db });
  app = await buildApp({ config, db: database.db, webDir: null }, deps);
  await app.ready();
  await startOutreach(deps, app.log);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await Promise.all([smsc?.close(), database?.drop()]);
});

beforeEach(async () => {
  await database.db.update(users).set({ available: false });
});

describe('a donor answers an alert by SMS', () => {
  it('"1 CODE" pledges: the family sees the pledge, the donor gets the family\'s phone once; the same reply again changes nothing', async () => {
    const requester = await family();
    const d = await donor();
    const id = await request(requester);
    const code = await alertCode(d, id);

    await reply(d.phone, `1 ${code}`);
    const pledges = await database.db.select().from(donationPledges).where(eq(donationPledges.requestId, id));
    expect(pledges.map((p) => p.donorId)).toEqual([d.id]);
    const confirmations = textsTo(d.phone).filter((t) => t.includes('01911111111'));
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]).toMatch(/^Thank you! Please call the family now on 01911111111\./);
    const progress = (await inject('GET', `/api/donationRequest/${id}/outreach`, requester)).json<{ pledged: number; bySms: number }>();
    expect(progress).toMatchObject({ pledged: 1, bySms: 1 });

    const sent = textsTo(d.phone).length;
    await reply(d.phone, `1 ${code}`);
    expect(textsTo(d.phone)).toHaveLength(sent);
    expect(await database.db.select().from(donationPledges).where(eq(donationPledges.requestId, id))).toHaveLength(1);
  });

  it('a bare "2" declines the latest open alert; a Bangla reply in Bangla digits pledges, confirmed in Bangla', async () => {
    const requester = await family();
    const d = await donor('bn');
    const id = await request(requester);
    await alertCode(d, id);
    await reply(d.phone, '2');
    const [answer] = await database.db.select().from(outreachAnswers).where(and(eq(outreachAnswers.requestId, id), eq(outreachAnswers.userId, d.id)));
    expect(answer?.answer).toBe('decline');
    expect(textsTo(d.phone).at(-1)).toBe(SMS_TEXTS.bn.declineConfirmed());

    const other = await request(requester);
    const code = await alertCode(d, other);
    await reply(d.phone, `১ ${code}`, { unicode: true });
    expect(await database.db.select().from(donationPledges).where(and(eq(donationPledges.requestId, other), eq(donationPledges.donorId, d.id)))).toHaveLength(1);
    expect(textsTo(d.phone).at(-1)).toMatch(/^ধন্যবাদ! এখনই রোগীর পরিবারকে ফোন করুন: 01911111111।/);
  });

  it('a pledge the rules refuse is not counted, and the donor is told so (the request has its donors)', async () => {
    const requester = await family();
    const [first, second] = [await donor(), await donor()];
    const id = await request(requester, { unitsNeeded: 1 });
    const [a, b] = [await alertCode(first, id), await alertCode(second, id)];
    await reply(first.phone, `1 ${a}`);
    await reply(second.phone, `1 ${b}`);
    expect((await database.db.select().from(donationPledges).where(eq(donationPledges.requestId, id))).map((p) => p.donorId)).toEqual([first.id]);
    expect(textsTo(second.phone).at(-1)).toBe(SMS_TEXTS.en.notCounted());
  });

  it('STOP turns SMS alerts off (said once), START back on; no alert SMS while off', async () => {
    const requester = await family();
    const d = await donor();
    await reply(d.phone, 'stop');
    expect((await database.db.select({ on: users.notifySms }).from(users).where(eq(users.id, d.id)))[0]!.on).toBe(false);
    expect(textsTo(d.phone)).toEqual([SMS_TEXTS.en.stopped()]);
    await reply(d.phone, 'STOP');
    expect(textsTo(d.phone)).toHaveLength(1);

    const id = await request(requester);
    await expect.poll(async () => (await database.db.select().from(notifications).where(and(eq(notifications.userId, d.id), eq(notifications.requestId, id)))).length, { timeout: 20_000 }).toBe(1);
    const [alert] = await database.db.select().from(notifications).where(and(eq(notifications.userId, d.id), eq(notifications.requestId, id)));
    expect(alert!.smsState).toBe('none');

    await reply(d.phone, 'START');
    expect((await database.db.select({ on: users.notifySms }).from(users).where(eq(users.id, d.id)))[0]!.on).toBe(true);
    expect(textsTo(d.phone)).toEqual([SMS_TEXTS.en.stopped(), SMS_TEXTS.en.started()]);
  });

  it('an unreadable reply, an unknown code or an unknown number gets the help text, once a day', async () => {
    const d = await donor();
    await reply(d.phone, 'who is this?');
    await reply(d.phone, '1 ZZZZ');
    expect(textsTo(d.phone)).toEqual([SMS_TEXTS.en.help()]);

    const stranger = freshNumber();
    await reply(stranger, '1');
    await reply(stranger, 'hello');
    expect(textsTo(stranger)).toEqual([SMS_TEXTS.bn.help()]);
  });
});

describe('a pledged donor checks in by SMS (issue 33)', () => {
  const stateOf = async (requestId: string, d: { id: string }) =>
    (await database.db.select({ state: donationPledges.state }).from(donationPledges).where(and(eq(donationPledges.requestId, requestId), eq(donationPledges.donorId, d.id))))[0]?.state;

  it('"3 CODE" is on the way and a bare "4" arrived: the family sees each, one SMS each; the same again sends nothing, backwards is not counted', async () => {
    const requester = await family();
    const d = await donor();
    const id = await request(requester);
    const code = await alertCode(d, id);
    await reply(d.phone, `1 ${code}`);
    // The pledge's confirmation says how.
    expect(textsTo(d.phone).at(-1)).toContain('Reply 3 on your way, 4 when there.');

    await reply(d.phone, `3 ${code}`);
    expect(await stateOf(id, d)).toBe('on_the_way');
    expect(textsTo(d.phone).at(-1)).toBe(SMS_TEXTS.en.onTheWay());
    const sent = textsTo(d.phone).length;
    await reply(d.phone, `3 ${code}`);
    expect(textsTo(d.phone)).toHaveLength(sent);

    await reply(d.phone, '4');
    expect(await stateOf(id, d)).toBe('arrived');
    expect(textsTo(d.phone).at(-1)).toBe(SMS_TEXTS.en.arrived());
    const seen = (await inject('GET', `/api/donationRequest?id=${id}`, requester)).json<{ pledges: { state: string }[] }>();
    expect(seen.pledges.map((p) => p.state)).toEqual(['arrived']);

    await reply(d.phone, `3 ${code}`);
    expect(await stateOf(id, d)).toBe('arrived');
    expect(textsTo(d.phone).at(-1)).toBe(SMS_TEXTS.en.checkinNotCounted());
  });

  it('without a pledge, "3 CODE" changes nothing and is not counted; a bare "৩" with no pledge gets the help text', async () => {
    const requester = await family();
    const d = await donor('bn');
    const id = await request(requester);
    const code = await alertCode(d, id);
    await reply(d.phone, `3 ${code}`);
    expect(await stateOf(id, d)).toBeUndefined();
    expect(textsTo(d.phone).at(-1)).toBe(SMS_TEXTS.bn.checkinNotCounted());
    await reply(d.phone, '৩');
    expect(textsTo(d.phone).at(-1)).toBe(SMS_TEXTS.bn.help());
    expect(await stateOf(id, d)).toBeUndefined();
  });
});
