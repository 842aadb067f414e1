import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { importJWK, jwtVerify } from 'jose';
import type { PushTestService } from '../src/server/outreach/push-sender';

/**
 * A local stand-in for a browser vendor's push service (FCM, Mozilla autopush, Apple), so the
 * tests run the real `web-push` library without the network. It speaks HTTPS only, as they do
 * (web-push refuses anything else), with a self-signed certificate made at start.
 *
 * Its endpoints look like a real service's: `https://push.stand-in.test/push/<id>`, on the
 * standard port, so the app accepts them when PUSH_SERVICE_HOSTS names `PUSH_STAND_IN_HOST`
 * (decision 059). It listens on 127.0.0.1 on a free port: pass `service` to the sender
 * (createPushSender's `testService`, createDeps' `pushTestService`), which connects that one host
 * name there and trusts the certificate; every other host still goes through the address guard.
 *
 * Like a real service it checks VAPID (RFC 8292): `Authorization: vapid t=<ES256 JWT>, k=<key>`,
 * the JWT signed by that key, `aud` this origin, `exp` in the future and within 24 hours, and,
 * for a subscription made with an applicationServerKey, that same key. Like a browser it decrypts
 * the aes128gcm body (RFC 8291, RFC 8188) with the subscription's private key, implemented here
 * with node:crypto rather than web-push's own http_ece, so the two sides are independent.
 */

export interface FakeSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  subscriptionId: string;
  /** The decrypted body, parsed as JSON. */
  payload: unknown;
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
  /** The JWT's `sub` (mailto: or https:). */
  vapidSubject: string;
  vapidPublicKey: string;
}

export interface RefusedPush {
  subscriptionId: string;
  status: number;
  reason: string;
}

/** The host name of the stand-in's endpoints (put it in PUSH_SERVICE_HOSTS). */
export const PUSH_STAND_IN_HOST = 'push.stand-in.test';

export interface PushStandIn {
  /** `https://push.stand-in.test`, the origin of its endpoints (and the VAPID audience it checks). */
  origin: string;
  /** Where and how the sender reaches it (the tests-only hook of outreach/push-sender.ts). */
  service: PushTestService;
  received: ReceivedPush[];
  /** Pushes answered with an error, and why (to read when a test fails). */
  refused: RefusedPush[];
  /** A browser's new subscription; with applicationServerKey, pushes signed by another key are refused (403). */
  subscription(options?: { applicationServerKey?: string }): FakeSubscription;
  /** The subscription expired (the user revoked permission, cleared the browser): 410 Gone from now on. */
  gone(id: string): void;
  /** Answer the next `n` pushes 500. */
  failNext(n: number): void;
  close(): Promise<void>;
}

interface SubscriptionState {
  ecdh: crypto.ECDH;
  publicKey: Buffer;
  auth: Buffer;
  applicationServerKey: string | undefined;
  gone: boolean;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A certificate for the stand-in's host name, valid for a day, made with the openssl command. */
function selfSignedCertificate(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-stand-in-'));
  try {
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', `/CN=${PUSH_STAND_IN_HOST}`,
        '-addext', `subjectAltName=DNS:${PUSH_STAND_IN_HOST}`, '-keyout', keyFile, '-out', certFile],
      { stdio: 'pipe' },
    );
    return { key: fs.readFileSync(keyFile, 'utf8'), cert: fs.readFileSync(certFile, 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) => Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, length));

/** RFC 8291 section 3.4 and RFC 8188: the plaintext of an aes128gcm body sent to this subscription. */
function decrypt(body: Buffer, sub: SubscriptionState): Buffer {
  if (body.length < 21) throw new Refusal(400, 'body shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  const senderPublicKey = body.subarray(21, 21 + idLength);
  if (idLength !== 65 || senderPublicKey[0] !== 0x04) throw new Refusal(400, 'keyid is not an uncompressed P-256 key');
  const content = body.subarray(21 + idLength);

  const ecdhSecret = sub.ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), sub.publicKey, senderPublicKey]);
  const ikm = hkdf(sub.auth, ecdhSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);

  const records: Buffer[] = [];
  for (let offset = 0, seq = 0; offset < content.length; offset += recordSize, seq++) {
    const record = content.subarray(offset, offset + recordSize);
    const iv = Buffer.from(nonce);
    // The record's sequence number XORed into the nonce's low bytes (JS `^` is 32-bit, as is seq here).
    iv.writeUInt32BE((iv.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = crypto.createDecipheriv('aes-128-gcm', cek, iv);
    decipher.setAuthTag(record.subarray(record.length - 16));
    let plain: Buffer;
    try {
      plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    } catch {
      throw new Refusal(400, `record ${seq} does not decrypt`);
    }
    // Padding: a delimiter (2 in the last record, 1 before) followed by zeros.
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end--;
    const last = offset + recordSize >= content.length;
    if (plain[end] !== (last ? 2 : 1)) throw new Refusal(400, `record ${seq} has a bad padding delimiter`);
    records.push(plain.subarray(0, end));
  }
  return Buffer.concat(records);
}

/** RFC 8292: the VAPID header's JWT and key; returns the JWT's subject and the key. */
async function checkVapid(authorization: string | undefined, origin: string, sub: SubscriptionState) {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(authorization ?? '');
  if (!m) throw new Refusal(401, `no vapid Authorization header: ${authorization ?? '(none)'}`);
  const [, token = '', k = ''] = m;
  const raw = Buffer.from(k, 'base64url');
  if (raw.length !== 65 || raw[0] !== 0x04) throw new Refusal(401, 'k is not an uncompressed P-256 key');
  if (sub.applicationServerKey !== undefined && sub.applicationServerKey !== k) {
    throw new Refusal(403, 'signed by another key than the subscription was made with');
  }
  const key = await importJWK(
    { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') },
    'ES256',
  );
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['ES256'], audience: origin, requiredClaims: ['exp', 'sub'] });
    if ((payload.exp ?? 0) > Date.now() / 1000 + 24 * 3600) throw new Error('exp more than 24 hours ahead');
    if (!/^(mailto:|https:)/.test(payload.sub ?? '')) throw new Error(`sub is not mailto: or https: (${payload.sub})`);
    return { subject: payload.sub ?? '', publicKey: k };
  } catch (err) {
    throw new Refusal(403, `VAPID JWT refused: ${(err as Error).message}`);
  }
}

export async function startPushStandIn(): Promise<PushStandIn> {
  const { key, cert } = selfSignedCertificate();
  const subscriptions = new Map<string, SubscriptionState>();
  const received: ReceivedPush[] = [];
  const refused: RefusedPush[] = [];
  let failures = 0;
  const origin = `https://${PUSH_STAND_IN_HOST}`;

  async function handle(req: http.IncomingMessage, body: Buffer): Promise<{ status: number; id: string }> {
    const m = /^\/push\/([\w-]+)$/.exec(req.url ?? '');
    const id = m?.[1] ?? '';
    if (req.method !== 'POST' || !m) throw new Refusal(404, `${req.method} ${req.url}`);
    const sub = subscriptions.get(id);
    if (!sub) throw new Refusal(404, 'no such subscription');
    if (sub.gone) throw new Refusal(410, 'subscription expired');
    if (failures > 0) {
      failures--;
      throw new Refusal(500, 'failing as asked');
    }
    const vapid = await checkVapid(req.headers.authorization, origin, sub);
    const ttl = Number(req.headers.ttl);
    if (req.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0) throw new Refusal(400, 'TTL header missing or invalid');
    if (req.headers['content-encoding'] !== 'aes128gcm') throw new Refusal(415, `content-encoding ${req.headers['content-encoding']}`);
    const plaintext = decrypt(body, sub).toString('utf8');
    let payload: unknown;
    try {
      payload = JSON.parse(plaintext);
    } catch {
      throw new Refusal(400, `payload is not JSON: ${plaintext.slice(0, 100)}`);
    }
    const header = (name: string) => {
      const v = req.headers[name];
      return typeof v === 'string' ? v : undefined;
    };
    received.push({
      subscriptionId: id,
      payload,
      ttl,
      urgency: header('urgency'),
      topic: header('topic'),
      vapidSubject: vapid.subject,
      vapidPublicKey: vapid.publicKey,
    });
    return { status: 201, id };
  }

  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      handle(req, Buffer.concat(chunks))
        .then(({ status, id }) => {
          res.writeHead(status, { location: `${origin}/message/${id}/${received.length}` }).end();
        })
        .catch((err: unknown) => {
          const status = err instanceof Refusal ? err.status : 500;
          const reason = err instanceof Error ? err.message : String(err);
          refused.push({ subscriptionId: /^\/push\/([\w-]+)/.exec(req.url ?? '')?.[1] ?? '', status, reason });
          res.writeHead(status, { 'content-type': 'text/plain' }).end(reason);
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const service: PushTestService = { host: PUSH_STAND_IN_HOST, address: '127.0.0.1', port: (server.address() as AddressInfo).port, ca: cert };

  return {
    origin,
    service,
    received,
    refused,
    subscription(options = {}) {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const id = crypto.randomBytes(12).toString('base64url');
      const state: SubscriptionState = {
        ecdh,
        publicKey: ecdh.getPublicKey(),
        auth: crypto.randomBytes(16),
        applicationServerKey: options.applicationServerKey,
        gone: false,
      };
      subscriptions.set(id, state);
      return {
        id,
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: state.publicKey.toString('base64url'), auth: state.auth.toString('base64url') },
      };
    },
    gone(id) {
      const sub = subscriptions.get(id);
      if (!sub) throw new Error(`no subscription ${id}`);
      sub.gone = true;
    },
    failNext(n) {
      failures = n;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
