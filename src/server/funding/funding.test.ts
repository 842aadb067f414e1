import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fund, FundingSummary } from '../../shared/funding/schemas';
import { fundings } from '../db/schema/funding';
import { registerUser, type TestUser, userWith } from '../../../test/fixtures';
import { createTestApp, errorBody, type TestApp } from '../../../test/helpers';
import { type CheckoutSession, DEFAULT_WEBHOOK_SECRET, type SignedEvent, startStripeStandIn, type StripeStandIn } from '../../../test/stripe-stand-in';

/**
 * Funding through Stripe Checkout, with the real `stripe` library inside the app talking to a
 * local stand-in of Stripe's API (test/stripe-stand-in.ts), and webhooks signed by the library.
 */

const PUBLIC_URL = 'https://blood.example.org';

let stripe: StripeStandIn;
/** Stripe fully configured (key, webhook secret, API pointed at the stand-in). */
let t: TestApp;
/** Its own database: totals and the ledger start from zero. */
let ledger: TestApp;
/** No Stripe at all. */
let off: TestApp;
/** A secret key but no webhook secret. */
let noHook: TestApp;
/** A secret key that Stripe refuses. */
let wrongKey: TestApp;

let donor: TestUser;
let admin: TestUser;
let volunteer: TestUser;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  [t, ledger, off, noHook, wrongKey] = await Promise.all([
    createTestApp({ env: { ...stripe.env(), PUBLIC_URL } }),
    createTestApp({ env: { ...stripe.env(), PUBLIC_URL } }),
    createTestApp({ env: { PUBLIC_URL } }),
    createTestApp({ env: { PUBLIC_URL, STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_API_URL: stripe.url } }),
    createTestApp({ env: { ...stripe.env({ secretKey: 'sk_test_51WrongKeyWrongKeyWrongKey0000000wxyz' }), PUBLIC_URL } }),
  ]);
  donor = await registerUser(t.app, { name: 'Nusrat Jahan' });
  admin = await userWith(t.app, t.database.db, 'admin');
  volunteer = await userWith(t.app, t.database.db, 'volunteer');
});
afterAll(async () => {
  await Promise.all([t, ledger, off, noHook, wrongKey].filter(Boolean).map((a) => a.close()));
  await stripe?.close();
});

const checkout = (app: FastifyInstance, user: TestUser | null, payload: InjectOptions['payload'], headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/funding/checkout', headers: { ...(user ? user.auth : {}), ...headers }, payload });

/** The session id at the end of the checkout URL the app answered. */
function sessionIdOf(res: { json(): unknown }): string {
  const { url } = res.json() as { url: string };
  return new URL(url).pathname.split('/').pop()!;
}

/** Starts a checkout through the app and returns the session the stand-in created. */
async function startCheckout(app: FastifyInstance, user: TestUser, amount: number, extra: { showName?: boolean } = {}): Promise<string> {
  const res = await checkout(app, user, { amount, ...extra });
  if (res.statusCode !== 200) throw new Error(`checkout failed: ${res.statusCode} ${res.body}`);
  return sessionIdOf(res);
}

const deliver = (app: FastifyInstance, signed: SignedEvent, headers: Record<string, string | undefined> = {}) => {
  const all: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signed.header, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' };
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined) delete all[k];
    else all[k] = v;
  }
  return app.inject({ method: 'POST', url: '/api/funding/webhook', headers: all, payload: signed.payload });
};

/** Checkout through the app, the customer pays at the stand-in, Stripe's webhook arrives. */
async function give(app: FastifyInstance, user: TestUser, amount: number, extra: { showName?: boolean } = {}): Promise<string> {
  const id = await startCheckout(app, user, amount, extra);
  const res = await deliver(app, stripe.sign(stripe.complete(id)));
  if (res.statusCode !== 200) throw new Error(`webhook failed: ${res.statusCode} ${res.body}`);
  return id;
}

const rowsFor = async (app: TestApp, sessionId: string) => app.database.db.select().from(fundings).where(eq(fundings.stripeSessionId, sessionId));
const rowCount = async (app: TestApp) => (await app.database.db.select({ id: fundings.id }).from(fundings)).length;
const summary = async (app: FastifyInstance, user: TestUser) => {
  const res = await app.inject({ url: '/api/funding/summary', headers: user.auth });
  expect(res.statusCode).toBe(200);
  return res.json() as FundingSummary;
};
const revenue = async (app: FastifyInstance, staff: TestUser) => {
  const res = await app.inject({ url: '/api/admin-stats', headers: staff.auth });
  expect(res.statusCode).toBe(200);
  return (res.json() as { revenue: number }).revenue;
};
const list = (app: FastifyInstance, user: TestUser | null, query = '') => app.inject({ url: `/api/funding${query}`, headers: user ? user.auth : {} });

describe('POST /api/funding/checkout', () => {
  it('creates a Checkout Session at Stripe with the amount in poisha and answers its URL', async () => {
    const before = stripe.requests.length;
    const res = await checkout(t.app, donor, { amount: 500 });
    expect(res.statusCode).toBe(200);
    const { url } = res.json() as { url: string };
    expect(url).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_[A-Za-z0-9]{58}$`));

    const calls = stripe.requests.slice(before);
    expect(calls).toHaveLength(1);
    const call = calls[0]!;
    expect(call).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions', status: 200 });
    // What the real library sends: the key as a bearer token, form encoding, a pinned API version, an idempotency key.
    expect(call.headers.authorization).toBe(`Bearer ${stripe.secretKey}`);
    expect(call.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(call.headers['stripe-version']).toBe(Stripe.API_VERSION);
    expect(call.headers['idempotency-key']).toMatch(/^stripe-node-retry-/);
    expect(call.form['line_items[0][price_data][unit_amount]']).toBe('50000');
    expect(call.body).toEqual({
      mode: 'payment',
      line_items: [{ quantity: '1', price_data: { currency: 'bdt', unit_amount: '50000', product_data: { name: expect.any(String) } } }],
      customer_email: donor.email,
      client_reference_id: donor.id,
      // The body had no showName (an older client): the gift stays anonymous.
      metadata: { userId: donor.id, purpose: 'blood-donation-funding', showName: 'false' },
      success_url: `${PUBLIC_URL}/c?funding=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${PUBLIC_URL}/c?funding=canceled`,
    });

    const session = stripe.sessions.get(sessionIdOf(res))!;
    expect(session).toMatchObject({ url, amount_total: 50000, currency: 'bdt', mode: 'payment', status: 'open', payment_status: 'unpaid', client_reference_id: donor.id });
    // Starting a checkout is not money received.
    expect(await rowsFor(t, session.id)).toEqual([]);
    // The URL is a page of the stand-in.
    expect((await fetch(url)).status).toBe(200);
  });

  it.each([
    [100, 10000], // the minimum is allowed
    [147.2, 14720], // 147.2 * 100 = 14719.999999999998 in floating point
    [1111.11, 111111], // 1111.11 * 100 = 111110.99999999999
    [1250.5, 125050],
    [99_999.99, 9_999_999],
    [100_000, 10_000_000], // the maximum is allowed
  ])('sends %s taka as %s poisha', async (amount, poisha) => {
    const id = await startCheckout(t.app, donor, amount);
    const call = stripe.requestsTo('/v1/checkout/sessions', 'POST').at(-1)!;
    expect(call.form['line_items[0][price_data][unit_amount]']).toBe(String(poisha));
    expect(stripe.sessions.get(id)!.amount_total).toBe(poisha);
  });

  it('needs a signed-in user, and nothing reaches Stripe without one', async () => {
    const before = stripe.requests.length;
    const attempts: Record<string, string>[] = [{}, { authorization: 'Bearer not-a-token' }, { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }];
    for (const headers of attempts) {
      const res = await checkout(t.app, null, { amount: 500 }, headers);
      expect(res.statusCode).toBe(401);
      expect(errorBody(res).code).toBe('UNAUTHORIZED');
    }
    expect(stripe.requests.length).toBe(before);
  });

  const RANGE = 'The amount must be between 100 and 100000';
  it.each<[string, string, string | undefined]>([
    ['negative', '{"amount":-500}', undefined],
    ['zero', '{"amount":0}', undefined],
    ['below the minimum', '{"amount":99.99}', RANGE],
    ['above the maximum', '{"amount":100000.01}', RANGE],
    ['huge', '{"amount":1e21}', RANGE],
    ['the largest double', '{"amount":1.7976931348623157e308}', undefined],
    ['Infinity (1e309 parses to Infinity)', '{"amount":1e309}', undefined],
    ['-Infinity', '{"amount":-1e309}', undefined],
    ['three decimals (fractional poisha)', '{"amount":100.001}', undefined],
    ['half a poisha', '{"amount":500.125}', undefined],
    ['a string', '{"amount":"500"}', undefined],
    ['the string "NaN"', '{"amount":"NaN"}', undefined],
    ['the string "Infinity"', '{"amount":"Infinity"}', undefined],
    ['null (what JSON.stringify makes of NaN)', JSON.stringify({ amount: Number.NaN }), undefined],
    ['a boolean', '{"amount":true}', undefined],
    ['an array', '{"amount":[500]}', undefined],
    ['an object', '{"amount":{"value":500}}', undefined],
    ['missing', '{}', undefined],
    ['missing, other fields only', '{"value":500,"currency":"usd"}', undefined],
  ])('refuses an amount that is %s with 400 before calling Stripe', async (_name, raw, message) => {
    const before = stripe.requests.length;
    const res = await checkout(t.app, donor, raw, { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    const body = errorBody(res);
    expect(body.issues?.map((i) => i.path)).toContain('body.amount');
    if (message) expect(body.issues).toContainEqual({ path: 'body.amount', message });
    expect(stripe.requests.length).toBe(before);
  });

  it.each([
    ['a bare NaN (not JSON)', '{"amount":NaN}', 'application/json'],
    ['a bare Infinity (not JSON)', '{"amount":Infinity}', 'application/json'],
    ['no body at all', undefined, undefined],
    ['a form body', 'amount=500', 'application/x-www-form-urlencoded'],
  ])('refuses %s with a 4xx in the error shape before calling Stripe', async (_name, raw, type) => {
    const before = stripe.requests.length;
    const res = await checkout(t.app, donor, raw, type ? { 'content-type': type } : {});
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    errorBody(res);
    expect(stripe.requests.length).toBe(before);
  });

  it('carries the choice to be named to Stripe in the session metadata ("true" or "false")', async () => {
    for (const [showName, value] of [
      [true, 'true'],
      [false, 'false'],
    ] as const) {
      const id = await startCheckout(t.app, donor, 500, { showName });
      const call = stripe.requestsTo('/v1/checkout/sessions', 'POST').at(-1)!;
      expect(call.form['metadata[showName]']).toBe(value);
      expect(stripe.sessions.get(id)!.metadata).toEqual({ userId: donor.id, purpose: 'blood-donation-funding', showName: value });
    }
  });

  it.each([
    ['a string', '{"amount":500,"showName":"true"}'],
    ['a number', '{"amount":500,"showName":1}'],
    ['null', '{"amount":500,"showName":null}'],
    ['an object', '{"amount":500,"showName":{}}'],
  ])('refuses a showName that is %s with 400 before calling Stripe', async (_name, raw) => {
    const before = stripe.requests.length;
    const res = await checkout(t.app, donor, raw, { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(errorBody(res).issues?.map((i) => i.path)).toContain('body.showName');
    expect(stripe.requests.length).toBe(before);
  });

  it('answers 503 FUNDING_DISABLED when Stripe is not configured, and the summary says offline', async () => {
    const user = await registerUser(off.app);
    const res = await checkout(off.app, user, { amount: 500 });
    expect(res.statusCode).toBe(503);
    expect(errorBody(res).code).toBe('FUNDING_DISABLED');
    expect(await summary(off.app, user)).toEqual({ total: 0, count: 0, currency: 'bdt', online: false, minAmount: 100, maxAmount: 100000 });
    // A configured site says online.
    expect((await summary(t.app, donor)).online).toBe(true);
  });
});

describe('Stripe refusing or failing the checkout call', () => {
  /** Facts that hold today and after the fix: never a 200, the error shape, no secret echoed. */
  it('a wrong secret key: Stripe answers 401 once; the app answers an error in its shape and records nothing', async () => {
    const user = await registerUser(wrongKey.app);
    const before = stripe.requests.length;
    const res = await checkout(wrongKey.app, user, { amount: 500 });
    const calls = stripe.requests.slice(before);
    expect(calls).toHaveLength(1); // a 401 is not retried
    expect(calls[0]).toMatchObject({ path: '/v1/checkout/sessions', status: 401, response: { error: { type: 'invalid_request_error' } } });
    expect(calls[0]!.headers.authorization).toBe('Bearer sk_test_51WrongKeyWrongKeyWrongKey0000000wxyz');
    expect(res.statusCode).not.toBe(200);
    errorBody(res);
    expect(res.body).not.toContain('sk_test_51WrongKeyWrongKeyWrongKey0000000wxyz');
    expect(await rowCount(wrongKey)).toBe(0);
  });

  /**
   * A StripeError carries Stripe's `statusCode`; passed through, a wrong key would become a 401,
   * which the web client treats as "signed out". Stripe's failure is a bad gateway for us: 502.
   */
  it('a wrong secret key answers 502 PAYMENT_SERVICE_ERROR, not 401 with Stripe\'s message', async () => {
    const user = await registerUser(wrongKey.app);
    const res = await checkout(wrongKey.app, user, { amount: 500 });
    expect(res.statusCode).toBe(502);
    const body = errorBody(res);
    expect(body.code).toBe('PAYMENT_SERVICE_ERROR');
    expect(body.message).not.toMatch(/API Key|sk_test/);
  });

  const CASES: [string, number, { type: 'api_error' | 'invalid_request_error'; message: string; code?: string }, number][] = [
    [
      'a refusal of the request (400)',
      400,
      { type: 'invalid_request_error', code: 'amount_too_small', message: "The Checkout Session's total amount due must add up to at least $0.50 usd" },
      1,
    ],
    ['a restricted key without the permission (403)', 403, { type: 'invalid_request_error', message: "The provided key 'rk_test_***abcd' does not have the required permissions for this endpoint" }, 1],
    ['rate limiting (429)', 429, { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests hit the API too quickly.' }, 1],
    ['an outage (500, then the library retries twice)', 500, { type: 'api_error', message: 'Something went wrong on our end (internal stand-in outage).' }, 3],
  ];

  it.each(CASES)('%s: every attempt carries one idempotency key; the app answers an error and records nothing', async (_name, status, error, attempts) => {
    const before = stripe.requests.length;
    const rows = await rowCount(t);
    stripe.failNext(status, error, attempts);
    const res = await checkout(t.app, donor, { amount: 500 });
    const calls = stripe.requests.slice(before);
    expect(calls.map((c) => c.status)).toEqual(Array(attempts).fill(status));
    expect(new Set(calls.map((c) => c.headers['idempotency-key'])).size).toBe(1);
    expect(res.statusCode).not.toBe(200);
    errorBody(res);
    expect(await rowCount(t)).toBe(rows);
  });

  it.each(CASES)('%s answers 502 PAYMENT_SERVICE_ERROR without Stripe\'s message', async (_name, status, error, attempts) => {
    stripe.failNext(status, error, attempts);
    const res = await checkout(t.app, donor, { amount: 500 });
    expect(res.statusCode).toBe(502);
    const body = errorBody(res);
    expect(body.code).toBe('PAYMENT_SERVICE_ERROR');
    expect(body.message).not.toContain(error.message);
  });

  /** Without a webhook secret a payment could never be recorded: the checkout is refused. */
  it('without a webhook secret, the checkout is refused with 503 FUNDING_DISABLED', async () => {
    const user = await registerUser(noHook.app);
    expect((await summary(noHook.app, user)).online).toBe(false);
    const res = await checkout(noHook.app, user, { amount: 500 });
    expect(res.statusCode).toBe(503);
    expect(errorBody(res).code).toBe('FUNDING_DISABLED');
  });
});

describe('POST /api/funding/webhook', () => {
  it('ignores a paid session this app did not start (a shared Stripe account)', async () => {
    const id = await startCheckout(t.app, donor, 300);
    const paid = stripe.complete(id);
    const session = paid.data.object as Parameters<typeof stripe.event>[1];
    const foreign = stripe.event('checkout.session.completed', { ...session, id: `${session.id}x`, metadata: {} });
    const before = await rowCount(t);
    expect((await deliver(t.app, stripe.sign(foreign))).statusCode).toBe(200);
    expect(await rowCount(t)).toBe(before);
  });

  it('records a completed, paid session once: in the ledger, the summary and the admin revenue', async () => {
    const [total0, rev0, count0] = [(await summary(t.app, donor)).total, await revenue(t.app, admin), (await summary(t.app, donor)).count];
    const id = await startCheckout(t.app, donor, 750.25);
    const event = stripe.complete(id, { name: 'CARD HOLDER NAME' });
    const res = await deliver(t.app, stripe.sign(event));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });

    const [row] = await rowsFor(t, id);
    expect(row).toMatchObject({ stripeSessionId: id, stripeEventId: event.id, userId: donor.id, donorName: 'Nusrat Jahan', showName: false, amountMinor: 75025, currency: 'bdt' });

    // The giver did not choose to be named: users see "Anonymous", the admin sees the name.
    const ledgerRes = await list(t.app, donor);
    expect(ledgerRes.statusCode).toBe(200);
    const [newest] = ledgerRes.json() as Fund[];
    expect(newest).toEqual({ _id: row!.id, name: 'Anonymous', amount: 750.25, currency: 'bdt', createdAt: row!.createdAt.toISOString() });
    expect((await list(t.app, admin)).json()).toContainEqual({ ...newest, name: 'Nusrat Jahan' });

    const s = await summary(t.app, donor);
    expect(s.total).toBeCloseTo(total0 + 750.25, 2);
    expect(s.count).toBe(count0 + 1);
    expect(await revenue(t.app, admin)).toBeCloseTo(rev0 + 750.25, 2);
    expect(await revenue(t.app, volunteer)).toBeCloseTo(rev0 + 750.25, 2);
  });

  it.each<[string, (s: SignedEvent) => [SignedEvent, Record<string, string | undefined>]]>([
    ['signed with another secret', (s) => [stripe.sign(s.payload, 'whsec_someoneElsesSecret000000000000000'), {}]],
    ['without a Stripe-Signature header', (s) => [s, { 'stripe-signature': undefined }]],
    ['with an empty Stripe-Signature header', (s) => [s, { 'stripe-signature': '' }]],
    ['with a garbage Stripe-Signature header', (s) => [s, { 'stripe-signature': 'garbage' }]],
    ['with a v0 signature only', (s) => [s, { 'stripe-signature': s.header.replace('v1=', 'v0=') }]],
    ['with a tampered amount', (s) => [{ payload: s.payload.replace(/"amount_total": \d+/, '"amount_total": 99999999'), header: s.header }, {}]],
    ['with a tampered donor (client_reference_id)', (s) => [{ payload: s.payload.replace(/"client_reference_id": "/, '"client_reference_id": "x'), header: s.header }, {}]],
    ['signed more than 5 minutes ago (a replay)', (s) => [stripe.sign(s.payload, DEFAULT_WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 600), {}]],
    ['with an empty body', (s) => [{ payload: '', header: s.header }, {}]],
  ])('refuses an event %s with 400 and records nothing; the genuine one then records', async (_name, spoil) => {
    const id = await startCheckout(t.app, donor, 300);
    const genuine = stripe.sign(stripe.complete(id));
    const [bad, headers] = spoil(genuine);
    const res = await deliver(t.app, bad, headers);
    expect(res.statusCode).toBe(400);
    expect(errorBody(res).code).toBe('BAD_REQUEST');
    expect(await rowsFor(t, id)).toEqual([]);
    // The refusal was about the signature: the untouched delivery is accepted.
    expect((await deliver(t.app, genuine)).statusCode).toBe(200);
    expect(await rowsFor(t, id)).toHaveLength(1);
  });

  it('records a session once: the same event replayed, re-signed, and another event for the same session', async () => {
    const id = await startCheckout(t.app, donor, 400);
    const completed = stripe.complete(id);
    const signed = stripe.sign(completed);
    for (let i = 0; i < 3; i++) expect((await deliver(t.app, signed)).statusCode).toBe(200);
    expect((await deliver(t.app, stripe.sign(completed))).statusCode).toBe(200);
    // Another event (new id) for the same session, even claiming another amount.
    const again = stripe.event('checkout.session.async_payment_succeeded', { ...stripe.sessions.get(id)!, amount_total: 80000 });
    expect((await deliver(t.app, stripe.sign(again))).statusCode).toBe(200);
    // Concurrent deliveries of the same event.
    const codes = await Promise.all([1, 2, 3, 4].map(() => deliver(t.app, signed).then((r) => r.statusCode)));
    expect(codes).toEqual([200, 200, 200, 200]);
    const rows = await rowsFor(t, id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountMinor: 40000, stripeEventId: completed.id });
  });

  it('acknowledges an unpaid completed session without recording it; its later async payment records it', async () => {
    const id = await startCheckout(t.app, donor, 600);
    const unpaid = stripe.complete(id, { paid: false });
    expect(unpaid.data.object.payment_status).toBe('unpaid');
    const res = await deliver(t.app, stripe.sign(unpaid));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await rowsFor(t, id)).toEqual([]);
    // The delayed payment method succeeds later (e.g. a bank debit).
    const paid = stripe.complete(id, { type: 'checkout.session.async_payment_succeeded' });
    expect((await deliver(t.app, stripe.sign(paid))).statusCode).toBe(200);
    expect(await rowsFor(t, id)).toMatchObject([{ amountMinor: 60000 }]);
  });

  it.each(['checkout.session.expired', 'checkout.session.async_payment_failed', 'payment_intent.succeeded', 'charge.refunded', 'customer.created'])(
    'acknowledges a %s event with 200 and records nothing',
    async (type) => {
      const id = await startCheckout(t.app, donor, 200);
      // The session as paid, to show that the type alone decides.
      const session = { ...stripe.sessions.get(id)!, status: 'complete' as const, payment_status: 'paid' as const };
      const res = await deliver(t.app, stripe.sign(stripe.event(type, session)));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true });
      expect(await rowsFor(t, id)).toEqual([]);
    },
  );

  /** Issue 12: amount_minor was a 32-bit integer, and a larger amount made PostgreSQL fail (500). */
  it('records an amount past the 32-bit range (3,000,000,000 poisha) with 200, and the totals add it exactly', async () => {
    const before = await summary(t.app, donor);
    const rev0 = await revenue(t.app, admin);
    const id = await startCheckout(t.app, donor, 500);
    const paid = stripe.complete(id).data.object as CheckoutSession;
    const event = stripe.event('checkout.session.completed', { ...paid, amount_subtotal: 3_000_000_000, amount_total: 3_000_000_000 });
    const res = await deliver(t.app, stripe.sign(event));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    const rows = await rowsFor(t, id);
    expect(rows).toMatchObject([{ amountMinor: 3_000_000_000, currency: 'bdt' }]);
    const after = await summary(t.app, donor);
    expect(after.count).toBe(before.count + 1);
    expect(Math.round(after.total * 100)).toBe(Math.round(before.total * 100) + 3_000_000_000);
    expect(Math.round((await revenue(t.app, admin)) * 100)).toBe(Math.round(rev0 * 100) + 3_000_000_000);
    const row = ((await list(t.app, admin, '?limit=100')).json() as Fund[]).find((f) => f._id === rows[0]!.id);
    expect(row).toMatchObject({ amount: 30_000_000, currency: 'bdt' });
  });

  it.each([
    ['past 2^53 (9007199254740993)', '9007199254740993'],
    ['past the bigint range (1e20)', '1e20'],
    ['beyond a double (1e400, parsed as Infinity)', '1e400'],
    ['fractional (12.5)', '12.5'],
    ['a string', '"50000"'],
  ])('refuses a paid session of ours whose amount is %s with 400 in the error shape, records nothing; the genuine one then records', async (_name, raw) => {
    const id = await startCheckout(t.app, donor, 500);
    const genuine = stripe.complete(id);
    const payload = JSON.stringify(genuine, null, 2).replace(/"amount_total": \d+/, `"amount_total": ${raw}`);
    expect(payload).toContain(`"amount_total": ${raw}`);
    const res = await deliver(t.app, stripe.sign(payload));
    expect(res.statusCode).toBe(400);
    const body = errorBody(res);
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.issues?.map((i) => i.path)).toEqual(['body.data.object.amount_total']);
    expect(await rowsFor(t, id)).toEqual([]);
    expect((await deliver(t.app, stripe.sign(genuine))).statusCode).toBe(200);
    expect(await rowsFor(t, id)).toMatchObject([{ amountMinor: 50000 }]);
  });

  it.each([
    ['negative', '-50000'],
    ['zero', '0'],
    ['null', 'null'],
  ])('acknowledges a paid session of ours with a %s amount (nothing received) and records nothing; the genuine one then records', async (_name, raw) => {
    const id = await startCheckout(t.app, donor, 500);
    const genuine = stripe.complete(id);
    const payload = JSON.stringify(genuine, null, 2).replace(/"amount_total": \d+/, `"amount_total": ${raw}`);
    expect(payload).toContain(`"amount_total": ${raw}`);
    expect((await deliver(t.app, stripe.sign(payload))).statusCode).toBe(200);
    expect(await rowsFor(t, id)).toEqual([]);
    expect((await deliver(t.app, stripe.sign(genuine))).statusCode).toBe(200);
    expect(await rowsFor(t, id)).toMatchObject([{ amountMinor: 50000 }]);
  });

  it('stores the choice to be named from the session metadata; a session without it (started before this field) is anonymous', async () => {
    const named = await give(t.app, donor, 200, { showName: true });
    const unnamed = await give(t.app, donor, 200, { showName: false });
    const id = await startCheckout(t.app, donor, 200);
    const paid = stripe.complete(id).data.object as CheckoutSession;
    const { showName: _dropped, ...oldMetadata } = paid.metadata;
    expect(oldMetadata).toEqual({ userId: donor.id, purpose: 'blood-donation-funding' });
    expect((await deliver(t.app, stripe.sign(stripe.event('checkout.session.completed', { ...paid, metadata: oldMetadata })))).statusCode).toBe(200);
    expect((await rowsFor(t, named))[0]!.showName).toBe(true);
    expect((await rowsFor(t, unnamed))[0]!.showName).toBe(false);
    expect((await rowsFor(t, id))[0]!.showName).toBe(false);
  });

  it('answers 503 when no webhook secret is configured (and when Stripe is not configured at all)', async () => {
    // A genuine session (started on the configured site: the point is the receiving side).
    const id = await startCheckout(t.app, donor, 500);
    const signed = stripe.sign(stripe.complete(id));
    for (const app of [noHook, off]) {
      const res = await deliver(app.app, signed);
      expect(res.statusCode).toBe(503);
      expect(errorBody(res).code).toBe('FUNDING_DISABLED');
      expect(await rowCount(app)).toBe(0);
    }
    // The same delivery is accepted by a configured site.
    expect((await deliver(t.app, signed)).statusCode).toBe(200);
  });
});

describe('Revenue and the ledger', () => {
  let a: TestUser;
  let b: TestUser;
  let staff: TestUser;
  let helper: TestUser;
  let blockedAdmin: TestUser;
  beforeAll(async () => {
    a = await registerUser(ledger.app, { name: 'Karim Hossain' });
    b = await registerUser(ledger.app, { name: 'Ayesha Begum' });
    staff = await userWith(ledger.app, ledger.database.db, 'admin');
    helper = await userWith(ledger.app, ledger.database.db, 'volunteer');
    blockedAdmin = await userWith(ledger.app, ledger.database.db, 'admin', 'blocked');
  });

  it('starts at zero, then adds up several gifts in the summary and the admin revenue', async () => {
    expect(await summary(ledger.app, a)).toEqual({ total: 0, count: 0, currency: 'bdt', online: true, minAmount: 100, maxAmount: 100000 });
    expect(await revenue(ledger.app, staff)).toBe(0);
    await give(ledger.app, a, 500);
    await give(ledger.app, b, 1250.5, { showName: true });
    await give(ledger.app, a, 100, { showName: false });
    expect(await summary(ledger.app, b)).toMatchObject({ total: 1850.5, count: 3, currency: 'bdt' });
    expect(await revenue(ledger.app, staff)).toBe(1850.5);
  });

  const ledgerOf = async (user: TestUser) => {
    const res = await list(ledger.app, user);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    return (res.json() as Fund[]).map((f) => [f.name, f.amount, f.currency]);
  };

  /** Issue 12: every signed-in user saw every giver's name. */
  it('lists gifts newest first with X-Total-Count; users see a name only where its giver chose to be named', async () => {
    const anonymousView = [
      ['Anonymous', 100, 'bdt'],
      ['Ayesha Begum', 1250.5, 'bdt'],
      ['Anonymous', 500, 'bdt'],
    ];
    // Donors, the givers themselves, a volunteer, and an admin whose account is blocked (no staff power).
    for (const user of [b, a, helper, blockedAdmin]) expect(await ledgerOf(user)).toEqual(anonymousView);
  });

  it('shows the admin every giver\'s name, named or not', async () => {
    expect(await ledgerOf(staff)).toEqual([
      ['Karim Hossain', 100, 'bdt'],
      ['Ayesha Begum', 1250.5, 'bdt'],
      ['Karim Hossain', 500, 'bdt'],
    ]);
  });

  it('pages the ledger', async () => {
    const page = async (q: string) => {
      const res = await list(ledger.app, a, q);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe('3');
      return (res.json() as Fund[]).map((f) => f.amount);
    };
    expect(await page('?page=1&limit=2')).toEqual([100, 1250.5]);
    expect(await page('?page=2&limit=2')).toEqual([500]);
    expect(await page('?page=3&limit=2')).toEqual([]);
    expect(await page('?limit=1&page=3')).toEqual([500]);
    for (const q of ['?limit=0', '?limit=101', '?page=0', '?page=-1', '?limit=abc']) {
      const res = await list(ledger.app, a, q);
      expect(res.statusCode).toBe(400);
      errorBody(res);
    }
  });

  it('is for signed-in users only; revenue for admins and volunteers only', async () => {
    for (const url of ['/api/funding', '/api/funding/summary']) {
      const res = await ledger.app.inject({ url });
      expect(res.statusCode).toBe(401);
      expect(errorBody(res).code).toBe('UNAUTHORIZED');
    }
    const res = await ledger.app.inject({ url: '/api/admin-stats', headers: a.auth });
    expect(res.statusCode).toBe(403);
  });
});

describe('Rows recorded before the choice existed', () => {
  /** The migration adds show_name NOT NULL DEFAULT false: every older gift stays anonymous to users. */
  it('default to anonymous for users and keep their names for the admin', async () => {
    const { rows: [column] } = await t.database.pool.query<{ column_default: string; is_nullable: string }>(
      `SELECT column_default, is_nullable FROM information_schema.columns WHERE table_name = 'fundings' AND column_name = 'show_name'`,
    );
    expect(column).toEqual({ column_default: 'false', is_nullable: 'NO' });
    // A row written the way the old code wrote it: no show_name at all (and newest, to be on page one).
    const { rows: [old] } = await t.database.pool.query<{ id: string }>(
      `INSERT INTO fundings (stripe_session_id, stripe_event_id, user_id, donor_name, amount_minor, currency, created_at)
       VALUES ('cs_test_from_before', 'evt_from_before', $1, 'Nusrat Jahan', 12345, 'bdt', now() + interval '1 day') RETURNING id`,
      [donor.id],
    );
    const first = async (user: TestUser) => ((await list(t.app, user)).json() as Fund[])[0];
    expect(await first(volunteer)).toMatchObject({ _id: old!.id, name: 'Anonymous', amount: 123.45 });
    expect(await first(donor)).toMatchObject({ _id: old!.id, name: 'Anonymous' });
    expect(await first(admin)).toMatchObject({ _id: old!.id, name: 'Nusrat Jahan' });
  });
});
