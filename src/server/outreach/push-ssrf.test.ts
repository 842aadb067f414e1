import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import dns from 'node:dns';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type TestUser, userWith } from '../../../test/fixtures';
import { createTestDatabase, errorBody, type TestDatabase, testConfig } from '../../../test/helpers';
import { MAX_PUSH_SUBSCRIPTIONS, pushEndpointProblem } from '../../shared/notifications/model';
import { PUSH_SERVICE_MESSAGES } from '../../shared/notifications/texts';
import { buildApp } from '../app';
import { type AppDeps, createDeps } from '../deps';
import { notifications, pushSubscriptions } from '../db/schema/outreach';
import { donationRequests } from '../db/schema/requests';
import { deliverPushes } from './deliveries';
import { createPushSender } from './push-sender';

// Issue 30, point 2 (decision 059): push subscriptions were a server-side request forgery. The
// route accepts only browser push services' https endpoints on the standard port (plus
// PUSH_SERVICE_HOSTS), and the sender never connects to a non-public address, whatever the
// endpoint's name resolves to. The attack is made for real: a TLS listener on 127.0.0.1 counts
// every connection it gets.

const SELF_HOSTED = 'push.self-hosted.test';
const browserKey = crypto.createECDH('prime256v1');
browserKey.generateKeys();
/** A browser's keys, real ones: web-push encrypts to them before it connects. */
const KEYS = { p256dh: browserKey.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') };

let database: TestDatabase;
let deps: AppDeps;
let app: FastifyInstance;
let user: TestUser;
let other: TestUser;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig({ PUSH_SERVICE_HOSTS: ` ${SELF_HOSTED} , *.push.example-corp.test ` });
  deps = await createDeps({ config, db: database.db });
  app = await buildApp({ config, db: database.db, webDir: null }, deps);
  await app.ready();
  [user, other] = await Promise.all([registerUser(app), registerUser(app)]);
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const subscribe = (who: TestUser | null, endpoint: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: { ...headers, ...(who ? who.auth : {}) }, payload: { endpoint, keys: KEYS } });
const endpointsOf = async (who: TestUser) =>
  (await database.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, who.id))).map((r) => r.endpoint);

describe('POST /api/push/subscriptions refuses endpoints that are not a push service', () => {
  it.each([
    ['https://127.0.0.1:8443/x', PUSH_SERVICE_MESSAGES.port],
    ['https://127.0.0.1/x', PUSH_SERVICE_MESSAGES.notPushService],
    ['https://localhost/x', PUSH_SERVICE_MESSAGES.notPushService],
    ['https://[::1]/x', PUSH_SERVICE_MESSAGES.notPushService],
    ['http://fcm.googleapis.com/fcm/send/abc', PUSH_SERVICE_MESSAGES.notHttps],
    ['https://10.0.0.5/push/abc', PUSH_SERVICE_MESSAGES.notPushService],
    ['https://192.168.1.1/push/abc', PUSH_SERVICE_MESSAGES.notPushService],
    ['https://169.254.169.254/latest/meta-data/', PUSH_SERVICE_MESSAGES.notPushService],
    ['https://fcm.googleapis.com:8443/fcm/send/abc', PUSH_SERVICE_MESSAGES.port],
    ['https://web.push.apple.com:80/abc', PUSH_SERVICE_MESSAGES.port],
    ['https://evil.example.com/fcm/send/abc', PUSH_SERVICE_MESSAGES.notPushService],
    ['https://fcm.googleapis.com.evil.example/fcm/send/abc', PUSH_SERVICE_MESSAGES.notPushService],
    ['https://evilfcm.googleapis.com/fcm/send/abc', PUSH_SERVICE_MESSAGES.notPushService],
    ['https://push.services.mozilla.com/wpush/v2/abc', PUSH_SERVICE_MESSAGES.notPushService],
    ['https://notify.windows.com/w/?token=abc', PUSH_SERVICE_MESSAGES.notPushService],
    ['https://fcm.googleapis.com./fcm/send/abc', PUSH_SERVICE_MESSAGES.notPushService],
    ['https://fcm.googleapis.com@127.0.0.1/fcm/send/abc', PUSH_SERVICE_MESSAGES.malformed],
    ['https://fcm.googleapis.com\\@127.0.0.1/x', PUSH_SERVICE_MESSAGES.malformed],
    ['https://FCM.googleapis%2Ecom/fcm/send/abc', PUSH_SERVICE_MESSAGES.malformed],
    ['https://x.' + SELF_HOSTED + '/p', PUSH_SERVICE_MESSAGES.notPushService],
  ])('%s: 400 PUSH_ENDPOINT_REFUSED, nothing stored', async (endpoint, message) => {
    const res = await subscribe(user, endpoint);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorBody(res)).toEqual({ message, code: 'PUSH_ENDPOINT_REFUSED' });
    expect(await database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toEqual([]);
    expect(await endpointsOf(user)).toEqual([]);
  });

  it('says so in Bangla to a Bangla caller', async () => {
    const res = await subscribe(user, 'https://127.0.0.1/x', { 'accept-language': 'bn' });
    expect(res.statusCode).toBe(400);
    expect(errorBody(res)).toMatchObject({ code: 'PUSH_ENDPOINT_REFUSED', message: expect.stringMatching(/[\u0980-\u09FF]/) as unknown });
  });

  it('refuses a missing token (401) and a blocked account (403), storing nothing', async () => {
    const endpoint = 'https://fcm.googleapis.com/fcm/send/no-token';
    expect((await subscribe(null, endpoint)).statusCode).toBe(401);
    const blocked = await userWith(app, database.db, 'volunteer', 'blocked');
    expect((await subscribe(blocked, endpoint)).statusCode).toBe(403);
    expect(await database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toEqual([]);
  });
});

describe('POST /api/push/subscriptions accepts the browsers push services and PUSH_SERVICE_HOSTS', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/fv3jabydF5c:APA91bEc8gXeukGXEvq',
    'https://fcm.googleapis.com:443/fcm/send/explicit-port',
    'https://android.googleapis.com/gcm/send/old-chrome',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD%2bXyz',
    'https://web.push.apple.com/QGuQyavXutnMp',
    `https://${SELF_HOSTED}/push/1`,
    'https://eu.push.example-corp.test/push/1',
  ])('%s: 201, stored for the user', async (endpoint) => {
    const who = await registerUser(app);
    const res = await subscribe(who, endpoint);
    expect(res.statusCode, res.body).toBe(201);
    expect(await endpointsOf(who)).toEqual([endpoint]);
  });

  it('the extra hosts come only from PUSH_SERVICE_HOSTS (the shared check, without them)', () => {
    expect(pushEndpointProblem(`https://${SELF_HOSTED}/push/1`)).toBe(PUSH_SERVICE_MESSAGES.notPushService);
    expect(pushEndpointProblem(`https://${SELF_HOSTED}/push/1`, [SELF_HOSTED])).toBeNull();
    expect(pushEndpointProblem('https://a.b.push.example-corp.test/p', ['*.push.example-corp.test'])).toBeNull();
    expect(pushEndpointProblem('https://push.example-corp.test/p', ['*.push.example-corp.test'])).toBe(PUSH_SERVICE_MESSAGES.notPushService);
    expect(pushEndpointProblem('not a url')).toBe(PUSH_SERVICE_MESSAGES.malformed);
  });
});

describe('at most 10 browsers per account', () => {
  it('an 11th subscription replaces the oldest; the same browser again is no new one; others are untouched', async () => {
    const who = await registerUser(app);
    const otherEndpoint = 'https://fcm.googleapis.com/fcm/send/the-other-users';
    expect((await subscribe(other, otherEndpoint)).statusCode).toBe(201);
    const endpoint = (i: number) => `https://fcm.googleapis.com/fcm/send/cap-${i}`;
    for (let i = 1; i <= MAX_PUSH_SUBSCRIPTIONS; i++) expect((await subscribe(who, endpoint(i))).statusCode).toBe(201);
    expect((await endpointsOf(who)).sort()).toEqual(Array.from({ length: 10 }, (_, i) => endpoint(i + 1)).sort());
    // Re-subscribing browser 1 makes it the newest, so the 11th replaces browser 2.
    expect((await subscribe(who, endpoint(1))).statusCode).toBe(201);
    expect(await endpointsOf(who)).toHaveLength(10);
    expect((await subscribe(who, endpoint(11))).statusCode).toBe(201);
    const kept = await endpointsOf(who);
    expect(kept).toHaveLength(10);
    expect(kept).toContain(endpoint(1));
    expect(kept).toContain(endpoint(11));
    expect(kept).not.toContain(endpoint(2));
    expect(await endpointsOf(other)).toEqual([otherEndpoint]);
  });

  it('holds when many subscribe at once', async () => {
    const who = await registerUser(app);
    const endpoint = (i: number) => `https://updates.push.services.mozilla.com/wpush/v2/burst-${i}`;
    const results = await Promise.all(Array.from({ length: 15 }, (_, i) => subscribe(who, endpoint(i))));
    expect(results.map((r) => r.statusCode)).toEqual(Array(15).fill(201));
    expect(await endpointsOf(who)).toHaveLength(10);
  });
});

/** A certificate for 127.0.0.1, made with the openssl command (as test/push-stand-in.ts does). */
function selfSignedCertificate(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-ssrf-'));
  try {
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-keyout', keyFile, '-out', certFile],
      { stdio: 'pipe' },
    );
    return { key: fs.readFileSync(keyFile, 'utf8'), cert: fs.readFileSync(certFile, 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('the sender never connects to a non-public address (a TLS listener on 127.0.0.1 as the target)', () => {
  let listener: tls.Server;
  let port: number;
  let connections = 0;
  const vapid = { ...webPush.generateVAPIDKeys(), subject: 'mailto:no-reply@blood.test' };
  const payload = { title: 'B+ blood needed', body: 'DMCH', requestId: crypto.randomUUID(), url: '/respond/x', tag: 'request-x' };
  /** A resolver as a rebinding DNS server answers: the attacker's names are loopback, or loopback among public addresses. */
  const attackerDns = (hostname: string, options: dns.LookupOptions, callback: (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void) => {
    if (hostname === 'rebind.push.test') return callback(null, [{ address: '127.0.0.1', family: 4 }]);
    if (hostname === 'mixed.push.test') return callback(null, [{ address: '93.184.216.34', family: 4 }, { address: '127.0.0.1', family: 4 }]);
    if (hostname === 'mapped.push.test') return callback(null, [{ address: '::ffff:127.0.0.1', family: 6 }]);
    dns.lookup(hostname, options, callback);
  };

  beforeAll(async () => {
    const { key, cert } = selfSignedCertificate();
    listener = tls.createServer({ key, cert }, (socket) => socket.end());
    listener.on('connection', () => connections++);
    listener.on('tlsClientError', () => {});
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve())));

  it('refuses names that resolve to loopback (all or some of their addresses) and loopback written in the URL', async () => {
    const sender = createPushSender(vapid, { lookup: attackerDns as net.LookupFunction });
    for (const host of ['rebind.push.test', 'mixed.push.test', 'mapped.push.test', '127.0.0.1', '[::ffff:127.0.0.1]', '[::1]']) {
      expect(await sender.send({ endpoint: `https://${host}:${port}/push/x`, ...KEYS }, payload, 60), host).toBe('refused');
    }
    expect(connections).toBe(0);
  });

  it('the listener does count connections: the tests-only hook for exactly that host reaches it', async () => {
    const sender = createPushSender(vapid, { testService: { host: 'rebind.push.test', address: '127.0.0.1', port } });
    // Its certificate is not trusted: the send fails, but only after connecting.
    await expect(sender.send({ endpoint: `https://rebind.push.test/push/x`, ...KEYS }, payload, 60)).rejects.toThrow();
    expect(connections).toBeGreaterThan(0);
    connections = 0;
    // Another host on the same sender still goes through the guard.
    expect(await sender.send({ endpoint: `https://127.0.0.1:${port}/push/x`, ...KEYS }, payload, 60)).toBe('refused');
    expect(connections).toBe(0);
  });

  it('a stored subscription that rebinds to 127.0.0.1: no connection, the delivery is recorded failed, not retried', async () => {
    const donor = await registerUser(app);
    // Stored directly, as a row from before this check (or a name that resolved elsewhere when subscribed).
    await database.db.insert(pushSubscriptions).values({ userId: donor.id, endpoint: `https://rebind.push.test:${port}/push/x`, ...KEYS });
    const [request] = await database.db
      .insert(donationRequests)
      .values({
        requesterId: other.id,
        requesterName: 'Requester',
        requesterEmail: other.email,
        recipientName: 'Patient',
        bloodGroup: 'B+',
        hospitalName: 'SSRF hospital',
        fullAddress: 'Address',
        divisionId: 1,
        districtId: 1,
        upazilaId: 1,
        donationDate: '2030-01-01',
        donationTime: '10:00',
        requestMessage: 'Please',
        neededBy: new Date('2030-01-01T04:00:00Z'),
      })
      .returning({ id: donationRequests.id });
    const [alert] = await database.db
      .insert(notifications)
      .values({ userId: donor.id, requestId: request!.id, kind: 'alert', wave: 1, emailState: 'none', pushState: 'pending' })
      .returning({ id: notifications.id });
    const job = { id: crypto.randomUUID(), name: 'outreach-push', data: { notificationId: alert!.id, channel: 'push' as const }, expireInSeconds: 60 };
    const result = await deliverPushes(
      {
        db: database.db,
        jobs: deps.jobs,
        locations: () => deps.locations.get(),
        publicUrl: 'http://blood.test',
        secret: deps.secret,
        siteName: 'Blood Donation',
        mailer: null,
        push: createPushSender(vapid, { lookup: attackerDns as net.LookupFunction }),
      },
      [job as never],
    );
    expect(result.failed).toEqual([]);
    const [row] = await database.db.select({ pushState: notifications.pushState }).from(notifications).where(eq(notifications.id, alert!.id));
    expect(row!.pushState).toBe('failed');
    expect(connections).toBe(0);
  });
});
