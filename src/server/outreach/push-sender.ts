import crypto from 'node:crypto';
import dns from 'node:dns';
import https from 'node:https';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import webPush from 'web-push';
import type { PushPayload } from '../../shared/notifications/model';
import type { VapidKeys } from './vapid';

// Web push (issue 15) through the browser vendors' push services, with `web-push` (VAPID signing,
// aes128gcm encryption). A subscription the service no longer knows (404, 410: the user revoked
// permission or the browser dropped it) is reported as 'gone' so the caller deletes it; any other
// failure throws, and the job queue tries again.
//
// Issue 30 (decision 059): the endpoint is a URL a user gave, so the connection is guarded. The
// route accepts only browser push services' hosts, and here every address the host resolves to
// must be a public one: a name that resolves (or rebinds, between the route's check and the send)
// to loopback, a private, shared (CGNAT), link-local, unique-local, multicast, reserved or
// unspecified address is never connected to, and the send is reported 'refused' (recorded failed,
// not retried). The check is in the connection's own DNS lookup, so the address checked is the
// address connected to. web-push sends one https.request and follows no redirects (a 3xx is a
// WebPushError like any other status), so no later hop escapes the check.

export type PushResult = 'sent' | 'gone' | 'refused';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushSender {
  send(target: PushTarget, payload: PushPayload, ttlSeconds: number): Promise<PushResult>;
}

/**
 * Tests only (test/push-stand-in.ts): the local stand-in push service. Connections to exactly `host`
 * go to `address:port` (it listens on 127.0.0.1, on a free port) and trust `ca`; no other host
 * bypasses the address check. Nothing in the configuration sets it: only code that builds the
 * sender (createDeps' `pushTestService`) can.
 */
export interface PushTestService {
  host: string;
  address: string;
  port: number;
  /** The stand-in's self-signed certificate; without it, the system's roots (and the stand-in is refused). */
  ca?: string;
}

export interface PushSenderOptions {
  /** Resolves host names (default dns.lookup); tests map names to addresses with it. The guard checks whatever it answers. */
  lookup?: net.LookupFunction;
  testService?: PushTestService;
}

/** Longest wait for a push service's answer; a hung request fails and is retried. */
const TIMEOUT_MS = 30_000;

/** The error a refused address fails the connection with. */
export class PushAddressRefused extends Error {
  readonly code = 'PUSH_ADDRESS_REFUSED';
  constructor(host: string, address: string) {
    super(`push endpoint host ${host} resolves to ${address}, which is not a public address: not connected`);
    this.name = 'PushAddressRefused';
  }
}

// IPv4 ranges that are not public (RFC 6890 special-purpose registry): this network, private,
// shared CGNAT, loopback, link-local, IETF protocol, documentation, 6to4 relay, benchmarking,
// multicast, reserved and broadcast.
const V4_BLOCKED: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

const blocked = new net.BlockList();
for (const [address, prefix] of V4_BLOCKED) {
  blocked.addSubnet(address, prefix, 'ipv4');
  // The same IPv4 addresses written as IPv6: IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d).
  blocked.addSubnet(`::ffff:${address}`, 96 + prefix, 'ipv6');
  blocked.addSubnet(`64:ff9b::${address}`, 96 + prefix, 'ipv6');
}
// IPv6 that is not global unicast: within 2000::/3, the special ranges (IETF protocol assignments
// including Teredo, documentation, 6to4, the new documentation range).
for (const [address, prefix] of [['2001::', 23], ['2001:db8::', 32], ['2002::', 16], ['3fff::', 20]] as const) blocked.addSubnet(address, prefix, 'ipv6');

const globalV6 = new net.BlockList();
globalV6.addSubnet('2000::', 3, 'ipv6');
const embeddedV4 = new net.BlockList();
embeddedV4.addSubnet('::ffff:0.0.0.0', 96, 'ipv6');
embeddedV4.addSubnet('64:ff9b::', 96, 'ipv6');

/**
 * Whether a push may connect to `address`: a public IPv4 address, a global unicast IPv6 address, or
 * a public IPv4 address inside IPv4-mapped or NAT64 IPv6. Everything else (loopback, private
 * 10/8, 172.16/12, 192.168/16, CGNAT 100.64/10, link-local 169.254/16 and fe80::/10, unique-local
 * fc00::/7, multicast, unspecified, reserved) is refused.
 */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family === 6) return (globalV6.check(address, 'ipv6') || embeddedV4.check(address, 'ipv6')) && !blocked.check(address, 'ipv6');
  return false;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** A lookup that resolves all the host's addresses and fails unless every one is public. */
function guardedLookup(resolve: net.LookupFunction): net.LookupFunction {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    resolve(hostname, { ...options, all: true }, (err, result) => {
      if (err) return callback(err, '');
      const addresses = typeof result === 'string' ? [{ address: result, family: net.isIP(result) }] : result;
      const refused = addresses.find((a) => !isPublicAddress(a.address));
      if (refused || addresses.length === 0) return callback(new PushAddressRefused(hostname, refused?.address ?? 'nothing'), '');
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}

/** The agent every push goes through: each new connection's addresses are checked (keep-alive reuses only checked ones). */
class GuardedAgent extends https.Agent {
  constructor(
    private readonly lookupGuarded: net.LookupFunction,
    private readonly testService: PushTestService | undefined,
  ) {
    super({ keepAlive: true });
  }

  override createConnection(options: https.RequestOptions, callback?: (err: Error | null, stream: Duplex) => void): Duplex | null | undefined {
    const host = (options.host ?? '').replace(/^\[(.*)\]$/, '$1');
    const test = this.testService;
    if (test && host === test.host) {
      return super.createConnection({ ...options, host: test.address, port: test.port, servername: test.host, ...(test.ca ? { ca: test.ca } : {}) }, callback);
    }
    // An address written in the URL is connected to without a lookup: checked here.
    if (net.isIP(host) && !isPublicAddress(host)) {
      const err = new PushAddressRefused(host, host);
      process.nextTick(() => callback?.(err, undefined as unknown as Duplex));
      return undefined;
    }
    return super.createConnection({ ...options, lookup: this.lookupGuarded }, callback);
  }
}

/**
 * The Topic header (at most 32 base64url characters) from the notification's tag: a service holding
 * an undelivered message (the phone is off) replaces it with a newer one of the same topic, as the
 * service worker replaces a shown notification of the same tag.
 */
const topicOf = (tag: string) => crypto.createHash('sha256').update(tag).digest('base64url').slice(0, 32);

const isRefusal = (err: unknown): boolean => {
  for (let e = err; e instanceof Error; e = e.cause) if (e instanceof PushAddressRefused || (e as NodeJS.ErrnoException).code === 'PUSH_ADDRESS_REFUSED') return true;
  return false;
};

export function createPushSender(vapid: VapidKeys, options: PushSenderOptions = {}): PushSender {
  const vapidDetails = { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey };
  const agent = new GuardedAgent(guardedLookup(options.lookup ?? (dns.lookup as net.LookupFunction)), options.testService);
  return {
    async send(target, payload, ttlSeconds) {
      try {
        await webPush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(payload), {
          vapidDetails,
          TTL: Math.max(0, Math.floor(ttlSeconds)),
          // Alerts are about blood needed within hours: deliver at once, even to a phone saving battery.
          urgency: 'high',
          topic: topicOf(payload.tag),
          timeout: TIMEOUT_MS,
          agent,
        });
        return 'sent';
      } catch (err) {
        if (isRefusal(err)) return 'refused';
        if (err instanceof webPush.WebPushError) {
          if (err.statusCode === 404 || err.statusCode === 410) return 'gone';
          // The endpoint is a capability URL: only its origin goes into the message (and the logs).
          throw new Error(`push service ${new URL(target.endpoint).origin} answered ${err.statusCode}: ${String(err.body).slice(0, 200)}`, { cause: err });
        }
        throw err;
      }
    },
  };
}
