import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, errorBody, type TestApp, type TestDatabase, testConfig } from '../../../test/helpers';
import { freePort } from '../../../test/server-process';
import { startSmppStandIn, type SmppStandIn } from '../../../test/smpp-stand-in';
import { startTwilioStandIn, type TwilioStandIn } from '../../../test/twilio-stand-in';
import { buildApp } from '../app';
import { smsMessages } from '../db/schema/sms';
import { type AppDeps, createDeps } from '../deps';
import type { SmsInbound } from './gateway';
import { startSmsWorkers } from '.';
import { queueSms } from './outbox';

// Twilio's callbacks (issue 32): the app sends through the real `twilio` library to the stand-in,
// its SMS worker running; the stand-in then posts, signed as Twilio signs, to the StatusCallback
// the text was sent with and to the inbound URL, over real HTTP to the listening app at PUBLIC_URL.

let stand: TwilioStandIn;
let database: TestDatabase;
let deps: AppDeps;
let app: FastifyInstance;
let publicUrl: string;
const inbound: SmsInbound[] = [];

beforeAll(async () => {
  [stand, database] = await Promise.all([startTwilioStandIn(), createTestDatabase()]);
  const port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  const config = testConfig({ SMS_URL: stand.url, PUBLIC_URL: publicUrl });
  deps = await createDeps({ config, db: database.db });
  app = await buildApp({ config, db: database.db, webDir: null }, deps);
  await app.listen({ host: '127.0.0.1', port });
  await startSmsWorkers(deps.jobs, deps.db, deps.sms, app.log, {
    locations: () => deps.locations.get(),
    publicUrl,
    secret: deps.secret,
    dailySegments: 5000,
    reportsToHide: 3,
    answer: async () => null,
    checkIn: async () => 0,
    withdraw: async () => 0,
  });
  deps.sms!.onInbound((message) => inbound.push(message));
}, 60_000);

afterAll(async () => {
  // The app's close stops the deps (the job queue with it); without an app, they stop here.
  await (app ? app.close() : deps?.close());
  await Promise.all([stand?.close(), database?.drop()]);
});

let n = 5_000_000;
const freshNumber = () => `+880171${String(++n).padStart(7, '0')}`;
const rowOf = async (id: string) => (await database.db.select().from(smsMessages).where(eq(smsMessages.id, id)))[0]!;

/** Queues a text as the app does; the worker sends it to the stand-in. Resolves with its row id and Twilio SID once it is 'sent'. */
async function sentText(): Promise<{ id: string; sid: string }> {
  const id = await database.db.transaction((tx) => queueSms(tx, deps.jobs, { userId: null, to: freshNumber(), kind: 'phone-code', body: '123456 is your Blood Donation code.' }));
  let row = await rowOf(id);
  const until = Date.now() + 10_000;
  while (row.state !== 'sent') {
    if (Date.now() > until) throw new Error(`the text was not sent: ${row.state}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    row = await rowOf(id);
  }
  expect(row.gatewayId).toMatch(/^SM[0-9a-f]{32}$/);
  return { id, sid: row.gatewayId! };
}

/** Resolves once the row is in `state`; the receipt is recorded after the answer left. */
async function stateBecomes(id: string, state: string): Promise<void> {
  const until = Date.now() + 5000;
  while ((await rowOf(id)).state !== state) {
    if (Date.now() > until) throw new Error(`the row stayed ${(await rowOf(id)).state}, not ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Gives a receipt that should have changed nothing its time to (not) land. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

const statusUrl = () => `${publicUrl}/api/sms/twilio/status`;
const inboundUrl = () => `${publicUrl}/api/sms/twilio/inbound`;
const errorOf = (answer: { status: number; headers: Headers; body: string }) => {
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  return errorBody({ json: () => JSON.parse(answer.body), headers: {} });
};

describe('POST /api/sms/twilio/status', () => {
  it("a signed 'delivered' marks the text delivered; 'undelivered' marks another failed", async () => {
    const delivered = await sentText();
    const message = stand.messages.find((m) => m.sid === delivered.sid)!;
    expect(message.statusCallback).toBe(statusUrl());
    const answer = await stand.postStatus(delivered.sid, 'delivered');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ received: true });
    await stateBecomes(delivered.id, 'delivered');

    const undelivered = await sentText();
    expect((await stand.postStatus(undelivered.sid, 'undelivered', { errorCode: 30003 })).status).toBe(200);
    await stateBecomes(undelivered.id, 'failed');
  });

  it("a status that is not final ('sent') changes nothing", async () => {
    const text = await sentText();
    expect((await stand.postStatus(text.sid, 'sent')).status).toBe(200);
    await settle();
    expect((await rowOf(text.id)).state).toBe('sent');
  });

  it('refuses an unsigned or wrongly signed callback with 403, and nothing changes', async () => {
    const text = await sentText();
    const refusals = [
      await stand.postStatus(text.sid, 'delivered', { signature: null }),
      await stand.postStatus(text.sid, 'delivered', { signature: 'bm90IGEgc2lnbmF0dXJl' }),
      await stand.postStatus(text.sid, 'delivered', { authToken: 'another-accounts-token' }),
      // Signed for another address than PUBLIC_URL's (the signature covers the URL).
      await stand.postStatus(text.sid, 'delivered', { signedUrl: `http://attacker.example/api/sms/twilio/status` }),
      // Fields changed after signing.
      await stand.post(statusUrl(), { MessageSid: text.sid, MessageStatus: 'delivered' }, { signature: stand.sign(statusUrl(), { MessageSid: text.sid, MessageStatus: 'failed' }) }),
    ];
    for (const answer of refusals) {
      expect(answer.status).toBe(403);
      expect(errorOf(answer).code).toBe('FORBIDDEN');
    }
    await settle();
    expect((await rowOf(text.id)).state).toBe('sent');
  });

  it('answers 400 in the error shape for signed fields that are not a status callback, never a 500', async () => {
    const missing = await stand.post(statusUrl(), { MessageStatus: 'delivered' });
    expect(missing.status).toBe(400);
    const body = errorOf(missing);
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.issues?.map((i) => i.path)).toEqual(['body.MessageSid']);

    const odd = await stand.post(statusUrl(), { MessageSid: "'; DROP TABLE sms_messages; --", MessageStatus: 'delivered' });
    expect(odd.status).toBe(400);
    expect(errorOf(odd).issues?.map((i) => i.path)).toEqual(['body.MessageSid']);
  });

  it('answers odd bodies in the error shape, never a 500', async () => {
    const sid = 'SM0123456789abcdef0123456789abcdef';
    const raw = (body: string, signature?: string) =>
      fetch(statusUrl(), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(signature ? { 'x-twilio-signature': signature } : {}) },
        body,
      });
    // A field sent twice is a list: signed as Twilio would, it is still not a status callback.
    const twice = await raw(`MessageSid=${sid}&MessageSid=${sid}&MessageStatus=delivered`, stand.sign(statusUrl(), { MessageSid: [sid, sid], MessageStatus: 'delivered' }));
    expect(twice.status).toBe(400);
    for (const body of ['%', 'a=%E0%A4%A', '&&&=', '__proto__[x]=1&constructor=2', '', 'x'.repeat(70 * 1024)]) {
      const res = await raw(body);
      expect(res.status, body.slice(0, 20)).toBeLessThan(500);
      expect(res.status, body.slice(0, 20)).toBeGreaterThanOrEqual(400);
      errorOf({ status: res.status, headers: res.headers, body: await res.text() });
    }
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('takes form posts only: JSON is 415 in the error shape', async () => {
    const res = await fetch(statusUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"MessageSid":"x"}' });
    expect(res.status).toBe(415);
    expect(errorOf({ status: res.status, headers: res.headers, body: await res.text() }).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('POST /api/sms/twilio/inbound', () => {
  it("hands a signed text to the gateway's inbound listeners and answers empty TwiML", async () => {
    const before = inbound.length;
    const answer = await stand.postInbound(inboundUrl(), { from: '+8801712345678', body: '১ K7Q2 হ্যাঁ' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/xml/);
    expect(answer.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    expect(inbound.slice(before)).toEqual([{ from: '+8801712345678', text: '১ K7Q2 হ্যাঁ' }]);
  });

  it('refuses an unsigned or wrongly signed text with 403 and hands nothing on', async () => {
    const before = inbound.length;
    for (const options of [{ signature: null }, { authToken: 'another-accounts-token' }, { signedUrl: statusUrl() }]) {
      const answer = await stand.postInbound(inboundUrl(), { from: '+8801712345678', body: '1 K7Q2' }, options);
      expect(answer.status).toBe(403);
      expect(errorOf(answer).code).toBe('FORBIDDEN');
    }
    expect(inbound.length).toBe(before);
  });

  it('answers 400 for a signed post without a sender', async () => {
    const answer = await stand.post(inboundUrl(), { MessageSid: 'SM0123456789abcdef0123456789abcdef', Body: '1 K7Q2' });
    expect(answer.status).toBe(400);
    expect(errorOf(answer).issues?.map((i) => i.path)).toEqual(['body.From']);
  });
});

describe('a site that does not send through Twilio', () => {
  let smsc: SmppStandIn;
  let t: TestApp;
  beforeAll(async () => {
    smsc = await startSmppStandIn({ systemId: 'blood', password: 'pw' });
    t = await createTestApp({ env: { SMS_URL: smsc.url } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await smsc?.close();
  });

  it('answers 404 on both routes, in the error shape, whatever is posted', async () => {
    for (const url of ['/api/sms/twilio/status', '/api/sms/twilio/inbound']) {
      const fields = { MessageSid: 'SM0123456789abcdef0123456789abcdef', MessageStatus: 'delivered', From: '+8801712345678', Body: '1' };
      const signed = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': stand.sign(`http://localhost:3000${url}`, fields) },
        payload: new URLSearchParams(fields).toString(),
      });
      expect(signed.statusCode, url).toBe(404);
      expect(errorBody(signed).code).toBe('NOT_FOUND');
      const json = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{' });
      expect(json.statusCode, url).toBe(404);
    }
  });
});
