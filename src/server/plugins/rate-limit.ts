import crypto from 'node:crypto';
import { isIPv6 } from 'node:net';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { postgresRateLimitStore } from './rate-limit-store';
import { API_MESSAGES } from '../../shared/api/texts';

/**
 * Limits on the endpoints worth guessing, flooding or scraping. Routes opt in with
 * `config: { rateLimit: limits.auth }`. Counted in PostgreSQL, so a limit holds for the whole site
 * however many instances serve it.
 *
 * Who is counted (docs/decisions/062-limits-for-shared-addresses.md): behind carrier NAT one
 * address carries many people, so a limit is per account (or per session) wherever the request
 * names one, and per address only where nothing else tells the callers apart.
 */
export async function registerRateLimit(app: FastifyInstance, pool: pg.Pool) {
  await app.register(rateLimit, {
    global: false,
    store: postgresRateLimitStore(pool),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: API_MESSAGES.tooManyRequests(Math.ceil(context.ttl / 1000)),
      code: 'RATE_LIMITED',
    }),
  });
}

export interface RateLimitSettings {
  /** Per address: sign-in, registration, the links of mails (nothing names an account yet). */
  authPerMinute: number;
  /** Per session: POST /api/jwt, the exchange of a valid session for an access token. */
  tokenPerMinute: number;
  uploadPerMinute: number;
  searchPerMinute: number;
}

/** Who an access token is for (the token service's check of signature and expiry), or null. */
export interface TokenVerifier {
  verify(token: string): Promise<{ userId: string } | null>;
}

/** The route options of each limit; `secret` is the one better-auth signs its session cookie with. */
export function rateLimits(settings: RateLimitSettings, tokens: TokenVerifier, secret: string) {
  const byAccountOrAddress = accountOrAddressKey(tokens);
  return {
    /** Per address: for routes that no account calls (sign-in, registration, reset and confirmation links). */
    auth: { max: settings.authPerMinute, timeWindow: 60_000, keyGenerator: addressKey },
    /** Per session (a forged or missing cookie counts on its address): signed-in page loads never share a count. */
    token: { max: settings.tokenPerMinute, timeWindow: 60_000, keyGenerator: sessionOrAddressKey(secret) },
    /** Signed-in routes worth limiting (checkout): per account, per address for a request without a valid token. */
    account: { max: settings.authPerMinute, timeWindow: 60_000, keyGenerator: byAccountOrAddress },
    upload: { max: settings.uploadPerMinute, timeWindow: 60_000, keyGenerator: byAccountOrAddress },
    /** The donor search: it shows donors' contact details, so one caller may not harvest them. */
    search: { max: settings.searchPerMinute, timeWindow: 60_000, keyGenerator: byAccountOrAddress },
  };
}

/** The caller's address; an IPv6 address counts with its /64 (one subscriber's prefix), as the plugin's own key did. */
export function addressKey(request: FastifyRequest): string {
  return `address:${normalizeAddress(request.ip)}`;
}

function normalizeAddress(ip: string): string {
  if (!isIPv6(ip)) return ip.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const [head = '', tail] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** `account:<id>` for a request with a validly signed access token, else its address. */
function accountOrAddressKey(tokens: TokenVerifier) {
  return async (request: FastifyRequest): Promise<string> => {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header.trim()) : null;
    const claims = match?.[1] ? await tokens.verify(match[1]) : null;
    return claims ? `account:${claims.userId}` : addressKey(request);
  };
}

/**
 * `session:<hash>` for a request whose better-auth session cookie carries a valid signature, else
 * its address: made-up cookies cannot each get a count of their own. The cookie is `token.signature`,
 * the signature an HMAC-SHA256 of the token with the auth secret in base64 (better-call's signed
 * cookies). Only a hash of the token is stored in `rate_limits`.
 */
export function sessionOrAddressKey(secret: string) {
  return (request: FastifyRequest): string => {
    const token = signedSessionToken(request.headers.cookie, secret);
    return token ? `session:${crypto.createHash('sha256').update(token).digest('base64url')}` : addressKey(request);
  };
}

const SESSION_COOKIE = /^(?:__Secure-)?better-auth\.session_token$/;

function signedSessionToken(cookieHeader: string | undefined, secret: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || !SESSION_COOKIE.test(part.slice(0, eq).trim())) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      continue;
    }
    const dot = value.lastIndexOf('.');
    if (dot < 1) continue;
    const token = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1));
    const expected = Buffer.from(crypto.createHmac('sha256', secret).update(token).digest('base64'));
    if (given.length === expected.length && crypto.timingSafeEqual(given, expected)) return token;
  }
  return null;
}
