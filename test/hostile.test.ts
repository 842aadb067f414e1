import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type TestUser, userWith } from './fixtures';
import { createTestApp, type TestApp } from './helpers';

/**
 * Property-based attack on every endpoint: random and hostile path params, query strings, bodies
 * and tokens. For every call: never a 5xx, an error always in the one JSON shape, and a refused
 * write changes nothing in the database.
 */

let t: TestApp;
let donor: TestUser;
let admin: TestUser;
const RUNS = Number(process.env.HOSTILE_RUNS ?? 40);

beforeAll(async () => {
  t = await createTestApp();
  donor = await registerUser(t.app);
  admin = await userWith(t.app, t.database.db, 'admin');
});
afterAll(() => t.close());

/** Percent-encodes the UTF-8 bytes (a lone surrogate becomes U+FFFD, as a browser would send it). */
const pct = (s: string) => [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

/** Answers for a feature that is not configured or an unreachable upstream: not bugs. */
const UPSTREAM_CODES = new Set(['FUNDING_DISABLED', 'PAYMENT_SERVICE_ERROR']);

/** A fingerprint of every table a request could change (sessions excepted: sign-ins make them). */
async function fingerprint(): Promise<string> {
  const { rows } = await t.database.pool.query<{ f: string }>(`
    SELECT concat_ws('|',
      (SELECT md5(coalesce(string_agg(u::text, ',' ORDER BY u.id), '')) FROM users u),
      (SELECT md5(coalesce(string_agg(a.id || a.password, ',' ORDER BY a.id), '')) FROM accounts a),
      (SELECT md5(coalesce(string_agg(d::text, ',' ORDER BY d.id), '')) FROM donation_requests d),
      (SELECT md5(coalesce(string_agg(b::text, ',' ORDER BY b.id), '')) FROM blogs b),
      (SELECT count(*)::text FROM images),
      (SELECT md5(coalesce(string_agg(f::text, ',' ORDER BY f.id), '')) FROM fundings f),
      (SELECT md5(coalesce(string_agg(r::text, ',' ORDER BY r.id), '')) FROM request_reports r),
      (SELECT count(*)::text FROM audit_log),
      (SELECT md5(coalesce(string_agg(s.name, ','), '')) FROM app_secrets s),
      (SELECT count(*)::text FROM divisions), (SELECT count(*)::text FROM upazilas)) AS f`);
  return rows[0]!.f;
}

const nasty = fc.constantFrom(
  "' OR 1=1--",
  '"; DROP TABLE users; --',
  '1; SELECT pg_sleep(5)',
  '__proto__',
  'constructor',
  'prototype',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '\uFFFF\uD800',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '{"$gt":""}',
  '1e309',
  '-1',
  '0',
  'NaN',
  'Infinity',
  '9'.repeat(400),
  'a'.repeat(20_000),
  ' ',
  '',
  '৳রক্ত🩸',
  '6f1c1d9e-5f57-4a5e-9d3c-2a1b0c9d8e7f',
  'admin@example.com',
);
const hostileString = fc.oneof(nasty, fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 20 }));
const hostileKey = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'role', 'status', 'email', 'id', '_id', 'toString'), fc.string({ maxLength: 12 }));
const hostileValue = fc.oneof(hostileString, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(hostileString, { maxLength: 3 }), fc.dictionary(hostileKey, hostileString, { maxKeys: 3 }));

/** Bodies: anything JSON can hold, objects with hostile keys, known fields with hostile values, broken JSON. */
const knownFields = ['name', 'email', 'password', 'confirm_password', 'avatar', 'blood_group', 'division', 'district', 'upazila', 'recipientName', 'bloodGroup', 'hospitalName', 'fullAddress', 'donationDate', 'donationTime', 'requestMessage', 'recipientDivision', 'recipientDistrict', 'recipientUpazila', 'donationStatus', 'blogTitle', 'content', 'thumbnail', 'amount'];
const body = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.dictionary(hostileKey, hostileValue, { maxKeys: 6 }).map((v) => JSON.stringify(v)),
  fc.record(Object.fromEntries(knownFields.map((f) => [f, hostileValue])), { requiredKeys: [] }).map((v) => JSON.stringify(v)),
  fc.constantFrom('{"__proto__":{"role":"admin"}}', '{"constructor":{"prototype":{"admin":true}}}', '{', 'null', '[]', '"x"', '{"a":1}'.repeat(3), ''),
);
// Query strings: hostile pairs joined by & or the spec's &&, and raw broken percent escapes.
const query = fc.oneof(
  fc.tuple(fc.dictionary(hostileKey, hostileString, { maxKeys: 5 }), fc.constantFrom('&', '&&')).map(([q, sep]) =>
    Object.entries(q)
      .map(([k, v]) => `${pct(k)}=${pct(v)}`)
      .join(sep),
  ),
  fc.constantFrom('%', '%zz', 'a=%E0%A4%A', '&&&', '=', 'a[b]=1&a[c]=2', 'page=1&page=2', 'limit=1e3', `bloodGroup=${'A'.repeat(5000)}`),
);
const auth = fc.constantFrom<'none' | 'donor' | 'admin' | 'garbage' | 'alg-none' | 'basic'>('none', 'donor', 'admin', 'garbage', 'alg-none', 'basic');

function headersFor(kind: string): Record<string, string> {
  switch (kind) {
    case 'donor':
      return donor.auth;
    case 'admin':
      return admin.auth;
    case 'garbage':
      return { authorization: 'Bearer eyJ.broken.token' };
    case 'alg-none':
      return { authorization: `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(`{"sub":"${admin.id}"}`).toString('base64url')}.` };
    case 'basic':
      return { authorization: 'Basic YWRtaW46YWRtaW4=' };
    default:
      return {};
  }
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
/** Every endpoint; `:p` is filled with a hostile path segment. */
const endpoints: [Method, string][] = [
  ['GET', '/api/health'],
  ['GET', '/api/division'],
  ['GET', '/api/districts'],
  ['GET', '/api/auth/providers'],
  ['GET', '/api/auth/get-session'],
  ['POST', '/api/auth/sign-in/email'],
  ['POST', '/api/auth/sign-in/social'],
  ['POST', '/api/auth/sign-out'],
  ['GET', '/api/auth/callback/:p'],
  ['POST', '/api/jwt'],
  ['POST', '/api/users'],
  ['GET', '/api/user/admin/:p'],
  ['GET', '/api/users/:p'],
  ['GET', '/api/users'],
  ['PATCH', '/api/users/:p'],
  ['PATCH', '/api/users'],
  ['GET', '/api/users/:p/export'],
  ['DELETE', '/api/users/:p'],
  ['GET', '/api/users/:p/donations'],
  ['GET', '/api/donations/:p/certificate.pdf'],
  ['GET', '/api/certificates/:p'],
  ['POST', '/api/donations/:p/dispute'],
  ['GET', '/api/donations/disputes'],
  ['POST', '/api/images'],
  ['GET', '/api/images/:p'],
  ['POST', '/api/donationRequest'],
  ['GET', '/api/donationRequest'],
  ['GET', '/api/donationRequest/pending'],
  ['PATCH', '/api/donationRequest/:p'],
  ['PATCH', '/api/donationRequest/:p/status'],
  ['DELETE', '/api/donationRequest'],
  ['PATCH', '/api/confirmDonation/:p'],
  ['GET', '/api/donationRequestAdmin/admin'],
  ['POST', '/api/donationRequest/:p/reports'],
  ['PATCH', '/api/donationRequest/:p/reports'],
  ['GET', '/api/reports'],
  ['GET', '/api/audit'],
  ['GET', '/api/blog'],
  ['POST', '/api/blog'],
  ['PATCH', '/api/blog'],
  ['DELETE', '/api/blog'],
  ['GET', '/api/search'],
  ['GET', '/api/admin-stats'],
  ['GET', '/api/admin-stats/sms'],
  ['GET', '/api/admin-stats/series'],
  ['GET', '/api/admin-stats/breakdown'],
  ['GET', '/api/users.csv'],
  ['GET', '/api/donationRequests.csv'],
  ['GET', '/api/funding/ledger.csv'],
  ['GET', '/api/funding'],
  ['GET', '/api/funding/summary'],
  ['POST', '/api/funding/checkout'],
  ['POST', '/api/funding/webhook'],
  ['POST', '/api/sms/twilio/status'],
  ['POST', '/api/sms/twilio/inbound'],
  ['GET', '/api/no/such/route'],
];

describe('hostile input', () => {
  it.each(endpoints)('%s %s: never a 5xx, always the error shape, refused writes change nothing', async (method, path) => {
    await fc.assert(
      fc.asyncProperty(hostileString, query, body, auth, fc.boolean(), async (param, q, payload, who, asJson) => {
        const url = `${path.replace(':p', pct(param) || 'x')}${q ? `?${q}` : ''}`;
        const opts: InjectOptions = { method, url, headers: { ...headersFor(who), ...(asJson ? { 'content-type': 'application/json' } : {}) } };
        if (method !== 'GET') opts.payload = payload;
        const before = method === 'GET' ? '' : await fingerprint();
        const res = await t.app.inject(opts);
        const parsed = res.statusCode >= 400 ? (JSON.parse(res.body) as { message?: unknown; code?: unknown; issues?: unknown }) : {};
        if (!UPSTREAM_CODES.has(String(parsed.code))) {
          expect(res.statusCode, `${method} ${url} -> ${res.body.slice(0, 300)}`).toBeLessThan(500);
        }
        if (res.statusCode >= 400) {
          expect(typeof parsed.message, res.body).toBe('string');
          expect(typeof parsed.code, res.body).toBe('string');
          if (parsed.issues !== undefined) expect(Array.isArray(parsed.issues)).toBe(true);
          if (method !== 'GET') expect(await fingerprint(), `${method} ${url} changed the database`).toBe(before);
        }
        expect(res.body).not.toMatch(/"password"|\$argon2|"token":"[^"]+\.[^"]+\./);
      }),
      { numRuns: RUNS },
    );
  });

  it('prototype pollution through a body never reaches objects', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/donationRequest',
      headers: { ...donor.auth, 'content-type': 'application/json' },
      payload: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}',
    });
    expect(res.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});
