import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the parts of Stripe's HTTP API that the app calls, so the tests run the
 * real `stripe` library inside the app (its form encoding, headers, error classes and retries)
 * without the network: a real HTTP server on 127.0.0.1.
 *
 * It speaks Stripe's v1 conventions: `Authorization: Bearer sk_...` (a wrong or missing key gets
 * Stripe's 401), form-encoded bodies with bracket notation (`line_items[0][price_data][unit_amount]`),
 * JSON answers, errors as `{ error: { type, message, param?, code? } }` and a `request-id` header.
 * Every request is recorded for the tests to inspect. Webhook events for the sessions it created
 * are built and signed with the real library (`Stripe.webhooks.generateTestHeaderString`).
 */

/** A form body decoded from Stripe's bracket notation; the leaves stay strings, as on the wire. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export interface RecordedStripeRequest {
  method: string;
  /** Path without the query, e.g. `/v1/checkout/sessions`. */
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  /** The raw body. */
  raw: string;
  /** The body's pairs as sent, e.g. `{ 'line_items[0][quantity]': '1' }`. */
  form: Record<string, string>;
  /** The body decoded into nested objects and arrays. */
  body: FormObject;
  /** The status the stand-in answered. */
  status: number;
  /** The JSON the stand-in answered. */
  response: unknown;
}

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: string | null;
  customer_details: { email: string | null; name: string | null } | null;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: 'payment' | 'setup' | 'subscription';
  payment_intent: string | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  success_url: string | null;
  url: string | null;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: CheckoutSession };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export interface StripeErrorBody {
  type: 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';
  message: string;
  code?: string;
  param?: string;
}

export interface SignedEvent {
  /** The exact JSON bytes that were signed: send these as the body. */
  payload: string;
  /** The `Stripe-Signature` header value. */
  header: string;
}

export interface StripeStandIn {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  /** The secret key it accepts. */
  readonly secretKey: string;
  /** Every request the stand-in received, in order. */
  readonly requests: RecordedStripeRequest[];
  /** The Checkout Sessions it created, by id. */
  readonly sessions: Map<string, CheckoutSession>;
  /** The recorded requests to `path` (exact), optionally with `method`. */
  requestsTo(path: string, method?: string): RecordedStripeRequest[];
  /** Answer the next `times` API calls with this error (Stripe's shape), e.g. an outage. */
  failNext(status: number, error: StripeErrorBody, times?: number): void;
  /** The app's environment variables that point the Stripe library here. */
  env(overrides?: { secretKey?: string; webhookSecret?: string }): Record<string, string>;
  /**
   * The customer pays (or not): the session becomes `complete`, with `payment_status` `paid`
   * (default) or `unpaid` (a delayed payment method), and the event Stripe would send is returned.
   */
  complete(sessionId: string, options?: { paid?: boolean; name?: string; type?: string }): StripeEvent;
  /** An event of any type carrying a copy of the session (with optional changes). */
  event(type: string, session: CheckoutSession, overrides?: Partial<Omit<StripeEvent, 'data' | 'type'>>): StripeEvent;
  /** Signs an event (or any payload) as Stripe does, with the real library. */
  sign(event: StripeEvent | string, secret?: string, timestamp?: number): SignedEvent;
  close(): Promise<void>;
}

/** Stripe's ids: a prefix and 24+ base62 characters. */
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function stripeId(prefix: string, length = 24): string {
  const bytes = crypto.randomBytes(length);
  let out = '';
  for (const b of bytes) out += BASE62[b % BASE62.length];
  return `${prefix}_${out}`;
}

export const DEFAULT_SECRET_KEY = 'sk_test_51StandInBloodDonationKey0000000000';
export const DEFAULT_WEBHOOK_SECRET = 'whsec_standInBloodDonationWebhookSecret00';

/** The currencies this stand-in (and Stripe, for these) accepts in Checkout. */
const CURRENCIES = new Set(['bdt', 'usd', 'eur', 'gbp', 'inr', 'jpy']);

/** Decodes a form body in Stripe's bracket notation: `a[b][0][c]=v` -> `{ a: { b: [{ c: 'v' }] } }`. */
export function parseStripeForm(raw: string): { form: Record<string, string>; body: FormObject } {
  const form: Record<string, string> = {};
  const body: FormObject = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    form[key] = value;
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match) throw new Error(`Invalid form key: ${key}`);
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    let node: FormObject | FormValue[] = body;
    for (let i = 0; i < path.length; i++) {
      const segment = path[i]!;
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1]!);
      const slot = Array.isArray(node) ? Number(segment) : segment;
      const container = node as Record<string | number, FormValue | undefined>;
      if (last) {
        container[slot] = value;
      } else {
        const existing = container[slot];
        if (existing === undefined || typeof existing === 'string') container[slot] = nextIsIndex ? [] : {};
        node = container[slot] as FormObject | FormValue[];
      }
    }
  }
  return { form, body };
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: StripeErrorBody,
  ) {
    super(error.message);
  }
}

const invalid = (message: string, param?: string, code?: string) =>
  new StripeApiError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}), ...(code ? { code } : {}) });

const str = (v: FormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
const obj = (v: FormValue | undefined): FormObject | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? v : undefined);

function integerParam(v: FormValue | undefined, param: string): number {
  const s = str(v);
  if (s === undefined || !/^-?\d+$/.test(s)) throw invalid(`Invalid integer: ${typeof v === 'string' ? v : JSON.stringify(v)}`, param);
  return Number(s);
}

function urlParam(v: FormValue | undefined, param: string): string | null {
  const s = str(v);
  if (s === undefined) return null;
  // Stripe keeps the {CHECKOUT_SESSION_ID} template as is and checks the rest is a URL.
  if (!URL.canParse(s.replace('{CHECKOUT_SESSION_ID}', 'x')) || !/^https?:/.test(s)) throw invalid('Not a valid URL', param, 'url_invalid');
  return s;
}

export async function startStripeStandIn(options: { secretKey?: string; webhookSecret?: string } = {}): Promise<StripeStandIn> {
  const secretKey = options.secretKey ?? DEFAULT_SECRET_KEY;
  const webhookSecret = options.webhookSecret ?? DEFAULT_WEBHOOK_SECRET;
  const requests: RecordedStripeRequest[] = [];
  const sessions = new Map<string, CheckoutSession>();
  const failures: { status: number; error: StripeErrorBody }[] = [];
  let baseUrl = '';

  function authenticate(headers: http.IncomingHttpHeaders) {
    const match = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '');
    if (!match?.[1]) {
      throw new StripeApiError(401, {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      });
    }
    const key = match[1];
    const same = key.length === secretKey.length && crypto.timingSafeEqual(Buffer.from(key), Buffer.from(secretKey));
    if (!same) {
      throw new StripeApiError(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${key.slice(0, 8)}********${key.slice(-4)}` });
    }
  }

  function createSession(headers: http.IncomingHttpHeaders, body: FormObject): CheckoutSession {
    if (!(headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      throw invalid('Invalid request: the body must be application/x-www-form-urlencoded');
    }
    const mode = str(body.mode);
    if (mode === undefined) throw invalid('Missing required param: mode.', 'mode', 'parameter_missing');
    if (mode !== 'payment' && mode !== 'setup' && mode !== 'subscription') {
      throw invalid(`Invalid mode: must be one of payment, setup, or subscription`, 'mode');
    }
    const items = body.line_items;
    if (mode === 'payment' && (!Array.isArray(items) || items.length === 0)) {
      throw invalid('line_items is required in `payment` mode.', 'line_items', 'parameter_missing');
    }
    let total = 0;
    let currency: string | undefined;
    for (const [i, item] of (Array.isArray(items) ? items : []).entries()) {
      const line = obj(item);
      const priceData = obj(line?.price_data);
      if (!line || !priceData) throw invalid('You must specify either `price` or `price_data`.', `line_items[${i}]`, 'parameter_missing');
      const quantity = integerParam(line.quantity, `line_items[${i}][quantity]`);
      if (quantity < 1) throw invalid('This value must be greater than or equal to 1.', `line_items[${i}][quantity]`);
      const cur = str(priceData.currency);
      if (!cur || !CURRENCIES.has(cur)) throw invalid(`Invalid currency: ${cur ?? ''}.`, `line_items[${i}][price_data][currency]`);
      if (currency && cur !== currency) throw invalid('All line items must have the same currency.', `line_items[${i}][price_data][currency]`);
      currency = cur;
      const unitAmount = integerParam(priceData.unit_amount, `line_items[${i}][price_data][unit_amount]`);
      if (unitAmount < 0) throw invalid('This value must be greater than or equal to 0.', `line_items[${i}][price_data][unit_amount]`);
      if (unitAmount > 99_999_999) throw invalid('This value must be less than or equal to 99999999.', `line_items[${i}][price_data][unit_amount]`);
      if (!str(obj(priceData.product_data)?.name)) {
        throw invalid('Missing required param: line_items[0][price_data][product_data][name].', `line_items[${i}][price_data][product_data][name]`, 'parameter_missing');
      }
      total += unitAmount * quantity;
    }
    const email = str(body.customer_email);
    if (email !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw invalid('Invalid email address: ' + email, 'customer_email', 'email_invalid');
    const metadata = obj(body.metadata) ?? {};
    for (const [k, v] of Object.entries(metadata)) {
      if (typeof v !== 'string') throw invalid('Invalid metadata: values must be strings', `metadata[${k}]`);
      if (v.length > 500) throw invalid('Metadata values can have up to 500 characters', `metadata[${k}]`);
    }
    const created = Math.floor(Date.now() / 1000);
    const id = stripeId('cs_test', 58);
    const session: CheckoutSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: total,
      amount_total: total,
      cancel_url: urlParam(body.cancel_url, 'cancel_url'),
      client_reference_id: str(body.client_reference_id) ?? null,
      created,
      currency: currency ?? 'usd',
      customer: null,
      customer_details: null,
      customer_email: email ?? null,
      expires_at: created + 24 * 3600,
      livemode: false,
      metadata: metadata as Record<string, string>,
      mode,
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: urlParam(body.success_url, 'success_url'),
      url: `${baseUrl}/pay/${id}`,
    };
    sessions.set(id, session);
    return structuredClone(session);
  }

  function route(method: string, path: string, headers: http.IncomingHttpHeaders, body: FormObject): { status: number; json: unknown } | { status: number; html: string } {
    if (method === 'GET' && path.startsWith('/pay/')) {
      const session = sessions.get(path.slice('/pay/'.length));
      if (!session) return { status: 404, html: '<h1>Checkout session not found</h1>' };
      return { status: 200, html: `<h1>Pay ${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}</h1>` };
    }
    if (!path.startsWith('/v1/')) throw new StripeApiError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
    authenticate(headers);
    const failure = failures.shift();
    if (failure) throw new StripeApiError(failure.status, failure.error);
    if (method === 'POST' && path === '/v1/checkout/sessions') return { status: 200, json: createSession(headers, body) };
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && retrieve) {
      const session = sessions.get(decodeURIComponent(retrieve[1]!));
      if (!session) throw invalid(`No such checkout.session: '${retrieve[1]}'`, 'session', 'resource_missing');
      return { status: 200, json: session };
    }
    throw new StripeApiError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', baseUrl);
      const raw = Buffer.concat(chunks).toString('utf8');
      const record: RecordedStripeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        raw,
        form: {},
        body: {},
        status: 0,
        response: undefined,
      };
      requests.push(record);
      let answer: { status: number; json: unknown } | { status: number; html: string };
      try {
        const parsed = parseStripeForm(raw);
        record.form = parsed.form;
        record.body = parsed.body;
        answer = route(record.method, record.path, record.headers, record.body);
      } catch (err) {
        answer =
          err instanceof StripeApiError
            ? { status: err.status, json: { error: err.error } }
            : { status: 500, json: { error: { type: 'api_error', message: `Stand-in failure: ${String(err)}` } } };
      }
      record.status = answer.status;
      const requestId = stripeId('req', 14);
      if ('html' in answer) {
        record.response = answer.html;
        res.writeHead(answer.status, { 'content-type': 'text/html; charset=utf-8' });
        res.end(answer.html);
        return;
      }
      record.response = answer.json;
      res.writeHead(answer.status, {
        'content-type': 'application/json',
        'request-id': requestId,
        'stripe-version': String(req.headers['stripe-version'] ?? Stripe.API_VERSION),
        ...(req.headers['idempotency-key'] ? { 'idempotency-key': String(req.headers['idempotency-key']) } : {}),
      });
      res.end(JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const event: StripeStandIn['event'] = (type, session, overrides = {}) => ({
    id: stripeId('evt', 24),
    object: 'event',
    api_version: String(Stripe.API_VERSION),
    created: Math.floor(Date.now() / 1000),
    data: { object: structuredClone(session) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    ...overrides,
  });

  return {
    url: baseUrl,
    secretKey,
    requests,
    sessions,
    requestsTo: (path, method) => requests.filter((r) => r.path === path && (method === undefined || r.method === method)),
    failNext(status, error, times = 1) {
      for (let i = 0; i < times; i++) failures.push({ status, error });
    },
    env(overrides = {}) {
      return {
        STRIPE_SECRET_KEY: overrides.secretKey ?? secretKey,
        STRIPE_WEBHOOK_SECRET: overrides.webhookSecret ?? webhookSecret,
        STRIPE_API_URL: baseUrl,
      };
    },
    complete(sessionId, opts = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`No such checkout.session: ${sessionId}`);
      const paid = opts.paid ?? true;
      session.status = 'complete';
      session.payment_status = paid ? 'paid' : 'unpaid';
      session.payment_intent = stripeId('pi', 24);
      session.customer_details = { email: session.customer_email, name: opts.name ?? null };
      return event(opts.type ?? 'checkout.session.completed', session);
    },
    event,
    sign(ev, secret = webhookSecret, timestamp) {
      const payload = typeof ev === 'string' ? ev : JSON.stringify(ev, null, 2);
      return { payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp !== undefined ? { timestamp } : {}) }) };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
