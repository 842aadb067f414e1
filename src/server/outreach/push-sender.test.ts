import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushPayload } from '../../shared/outreach-rules';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers';
import { type FakeSubscription, type PushStandIn, startPushStandIn } from '../../../test/push-stand-in';
import { createPushSender, type PushTarget } from './push-sender';
import { getOrCreateVapidKeys, type VapidKeys } from './vapid';

const target = (s: FakeSubscription): PushTarget => ({ endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth });

const payload: PushPayload = {
  title: 'Urgent: B+ blood needed at DMCH',
  body: '2 units, Thu 5 Mar 14:30, Dhaka. ৳ never: blood must never be paid for.',
  requestId: '0b6c1c38-5b1e-4c4c-9d1e-7f0d4a3e2b11',
  url: '/respond/0b6c1c38-5b1e-4c4c-9d1e-7f0d4a3e2b11',
  tag: 'request-0b6c1c38-5b1e-4c4c-9d1e-7f0d4a3e2b11',
};

describe('push sender', () => {
  let push: PushStandIn;
  let vapid: VapidKeys;

  beforeAll(async () => {
    push = await startPushStandIn();
    vapid = { ...webPush.generateVAPIDKeys(), subject: 'mailto:no-reply@blood.test' };
  });
  afterAll(() => push?.close());

  it('delivers the payload encrypted and VAPID-signed, with its TTL, high urgency and a topic', async () => {
    const sender = createPushSender(vapid, { agent: push.agent });
    const sub = push.subscription({ applicationServerKey: vapid.publicKey });
    expect(await sender.send(target(sub), payload, 3600)).toBe('sent');
    expect(push.refused).toEqual([]);
    const got = push.received.at(-1)!;
    expect(got).toMatchObject({ subscriptionId: sub.id, payload, ttl: 3600, urgency: 'high', vapidSubject: 'mailto:no-reply@blood.test', vapidPublicKey: vapid.publicKey });
    expect(got.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
  });

  it('a subscription made for another key refuses the push (it throws)', async () => {
    const sender = createPushSender(vapid, { agent: push.agent });
    const sub = push.subscription({ applicationServerKey: webPush.generateVAPIDKeys().publicKey });
    await expect(sender.send(target(sub), payload, 60)).rejects.toThrow(/answered 403/);
  });

  it("reports an expired (410) or unknown (404) subscription as 'gone'", async () => {
    const sender = createPushSender(vapid, { agent: push.agent });
    const sub = push.subscription();
    push.gone(sub.id);
    expect(await sender.send(target(sub), payload, 60)).toBe('gone');
    const unknown = push.subscription();
    expect(await sender.send({ ...target(unknown), endpoint: `${push.origin}/push/nobody` }, payload, 60)).toBe('gone');
  });

  it('throws on a server error, without the endpoint in the message, and delivers on the retry', async () => {
    const sender = createPushSender(vapid, { agent: push.agent });
    const sub = push.subscription();
    push.failNext(1);
    const err: unknown = await sender.send(target(sub), payload, 60).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/answered 500/);
    expect((err as Error).message).not.toContain(sub.id);
    expect(await sender.send(target(sub), payload, 60)).toBe('sent');
  });

  it('throws when the push service is not trusted (no agent: a real certificate is required)', async () => {
    const sub = push.subscription();
    await expect(createPushSender(vapid).send(target(sub), payload, 60)).rejects.toThrow();
  });
});

describe('VAPID keys', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());

  it('are generated once and kept, the same for concurrent callers', async () => {
    const [a, b] = await Promise.all([getOrCreateVapidKeys(database.db, {}, 'mailto:x@blood.test'), getOrCreateVapidKeys(database.db, {}, 'mailto:x@blood.test')]);
    expect(a).toEqual(b);
    const again = await getOrCreateVapidKeys(database.db, {}, 'mailto:x@blood.test');
    expect(again).toEqual(a);
    expect(Buffer.from(a!.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(a!.privateKey, 'base64url')).toHaveLength(32);
  });

  it('take the subject from VAPID_SUBJECT, else the fallback (an address out of a From header)', async () => {
    expect((await getOrCreateVapidKeys(database.db, { VAPID_SUBJECT: 'https://blood.test' }, 'mailto:x@blood.test')).subject).toBe('https://blood.test');
    expect((await getOrCreateVapidKeys(database.db, {}, 'mailto:Blood Donation <no-reply@blood.test>')).subject).toBe('mailto:no-reply@blood.test');
    await expect(getOrCreateVapidKeys(database.db, {}, 'http://localhost:3000')).rejects.toThrow(/VAPID subject/);
  });

  it('from the environment win over the stored pair; one without the other is refused', async () => {
    const stored = await getOrCreateVapidKeys(database.db, {}, 'mailto:x@blood.test');
    const env = webPush.generateVAPIDKeys();
    const keys = await getOrCreateVapidKeys(database.db, { VAPID_PUBLIC_KEY: env.publicKey, VAPID_PRIVATE_KEY: env.privateKey }, 'mailto:x@blood.test');
    expect(keys).toEqual({ ...env, subject: 'mailto:x@blood.test' });
    expect(keys.publicKey).not.toBe(stored.publicKey);
    await expect(getOrCreateVapidKeys(database.db, { VAPID_PUBLIC_KEY: env.publicKey }, 'mailto:x@blood.test')).rejects.toThrow(/together/);
    await expect(getOrCreateVapidKeys(database.db, { VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: env.privateKey }, 'mailto:x@blood.test')).rejects.toThrow(/public key/);
  });

  it('sign pushes that a subscription made with the stored key accepts', async () => {
    const push = await startPushStandIn();
    try {
      const keys = await getOrCreateVapidKeys(database.db, {}, 'mailto:x@blood.test');
      const sub = push.subscription({ applicationServerKey: keys.publicKey });
      expect(await createPushSender(keys, { agent: push.agent }).send(target(sub), payload, 60)).toBe('sent');
      expect(push.received[0]?.payload).toEqual(payload);
    } finally {
      await push.close();
    }
  });
});
