import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushPayload } from '../../shared/notifications/model';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers';
import { type FakeSubscription, type PushStandIn, startPushStandIn } from '../../../test/push-stand-in';
import { createPushSender, isPublicAddress, type PushTarget } from './push-sender';
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
    const sender = createPushSender(vapid, { testService: push.service });
    const sub = push.subscription({ applicationServerKey: vapid.publicKey });
    expect(await sender.send(target(sub), payload, 3600)).toBe('sent');
    expect(push.refused).toEqual([]);
    const got = push.received.at(-1)!;
    expect(got).toMatchObject({ subscriptionId: sub.id, payload, ttl: 3600, urgency: 'high', vapidSubject: 'mailto:no-reply@blood.test', vapidPublicKey: vapid.publicKey });
    expect(got.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
  });

  it('a subscription made for another key refuses the push (it throws)', async () => {
    const sender = createPushSender(vapid, { testService: push.service });
    const sub = push.subscription({ applicationServerKey: webPush.generateVAPIDKeys().publicKey });
    await expect(sender.send(target(sub), payload, 60)).rejects.toThrow(/answered 403/);
  });

  it("reports an expired (410) or unknown (404) subscription as 'gone'", async () => {
    const sender = createPushSender(vapid, { testService: push.service });
    const sub = push.subscription();
    push.gone(sub.id);
    expect(await sender.send(target(sub), payload, 60)).toBe('gone');
    const unknown = push.subscription();
    expect(await sender.send({ ...target(unknown), endpoint: `${push.origin}/push/nobody` }, payload, 60)).toBe('gone');
  });

  it('throws on a server error, without the endpoint in the message, and delivers on the retry', async () => {
    const sender = createPushSender(vapid, { testService: push.service });
    const sub = push.subscription();
    push.failNext(1);
    const err: unknown = await sender.send(target(sub), payload, 60).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/answered 500/);
    expect((err as Error).message).not.toContain(sub.id);
    expect(await sender.send(target(sub), payload, 60)).toBe('sent');
  });

  it('throws when the push service is not trusted (a real certificate is required)', async () => {
    const sub = push.subscription();
    await expect(createPushSender(vapid, { testService: { ...push.service, ca: undefined } }).send(target(sub), payload, 60)).rejects.toThrow(/certificate/);
    expect(push.received.filter((p) => p.subscriptionId === sub.id)).toEqual([]);
  });

  it("reaches the stand-in's host only through the test hook: without it, the name resolves to 127.0.0.1 and is refused", async () => {
    const sub = push.subscription();
    const toLoopback = (_host: string, _options: object, callback: (err: null, addresses: { address: string; family: number }[]) => void) =>
      callback(null, [{ address: '127.0.0.1', family: 4 }]);
    expect(await createPushSender(vapid, { lookup: toLoopback }).send(target(sub), payload, 60)).toBe('refused');
    expect(push.received.filter((p) => p.subscriptionId === sub.id)).toEqual([]);
  });
});

describe('the address guard (issue 30)', () => {
  it.each([
    '127.0.0.1', '127.8.9.10', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '100.64.0.1', '100.127.255.254', '169.254.169.254',
    '0.0.0.0', '224.0.0.1', '239.255.255.250', '255.255.255.255', '240.0.0.1', '198.18.0.1', '192.0.2.1',
    '::', '::1', 'fe80::1', 'febf::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', 'ff0e::1', '2001:db8::1', '2002:a00:1::1', '2001::1',
    '::ffff:127.0.0.1', '::ffff:a9fe:a9fe', '::ffff:10.0.0.1', '64:ff9b::10.0.0.1', '64:ff9b::7f00:1', 'not an address', '',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '142.250.185.10', '172.15.255.255', '172.32.0.1', '100.63.255.255', '100.128.0.1', '169.253.1.1', '2a00:1450:4001:82a::200a', '2606:4700::1111', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8'])(
    'lets %s through',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
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
      expect(await createPushSender(keys, { testService: push.service }).send(target(sub), payload, 60)).toBe('sent');
      expect(push.received[0]?.payload).toEqual(payload);
    } finally {
      await push.close();
    }
  });
});
