// The SMS gateway over Twilio's REST API (issue 32), through the `twilio` library: a text is one
// POST /2010-04-01/Accounts/{Sid}/Messages.json, answered with the message's SID. Receipts and
// replies do not come back on a connection as with SMPP: Twilio posts them to the site
// (twilio-routes.ts), which hands them to `webhooks` here once their signature verifies.

import http from 'node:http';
import net from 'node:net';
import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { normalizePhone } from '../../shared/phone/model';
import { type SmsGateway, type SmsInbound, SmsMaybeSent, type SmsReceipt, type WebhookFields } from './gateway';
import type { TwilioUrl } from './sms-url';

export interface TwilioGatewayLog {
  warn(obj: object, msg: string): void;
}

export interface TwilioGatewayOptions {
  /** The site's public address (PUBLIC_URL): Twilio posts each text's status to `${publicUrl}/api/sms/twilio/status`. */
  publicUrl: string;
  /** How long one API call may take, connecting included (default 15 s). */
  timeoutMs?: number;
  log?: TwilioGatewayLog;
}

const E164 = /^\+[1-9]\d{7,14}$/;
const TWILIO_API_HOST = 'api.twilio.com';
const DEFAULT_TIMEOUT_MS = 15_000;

/** The path of a route below /api, as Twilio is to call it. */
export const TWILIO_STATUS_PATH = `/api${ENDPOINTS.twilioStatus.pattern}`;
export const TWILIO_INBOUND_PATH = `/api${ENDPOINTS.twilioInbound.pattern}`;

/** Twilio's MessageStatus (https://www.twilio.com/docs/messaging/api/message-resource#message-status-values). */
const DELIVERED = new Set(['delivered', 'read']);
const FAILED = new Set(['failed', 'undelivered', 'canceled']);

function stateOf(status: string): SmsReceipt['state'] {
  const word = status.toLowerCase();
  if (DELIVERED.has(word)) return 'delivered';
  if (FAILED.has(word)) return 'failed';
  // queued, accepted, scheduled, sending, sent, receiving, received...: not final, or not a receipt.
  return 'other';
}

/** 127.0.0.0/8, ::1 and localhost: a stand-in on this machine. */
function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (host === 'localhost' || host === '::1') return true;
  return net.isIPv4(host) && host.startsWith('127.');
}

/** Codes of a connection that never opened: nothing of the request was sent. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);

interface WireError {
  code?: string;
  /** axios' ClientRequest for the call, when it got as far as making one. */
  request?: { writableFinished?: boolean };
}

/**
 * What a failed call means for the text, said without the caught error (no `cause`): axios'
 * error holds the request's headers, the auth token among them, and would reach the logs.
 */
function wireFailure(err: unknown, where: string, timeoutMs: number): Error {
  const { code, request } = (err ?? {}) as WireError;
  const what = code ?? (err instanceof Error ? err.name : 'error');
  if (code && NOT_CONNECTED.has(code)) return new Error(`Twilio ${where} could not be reached (${what}): the text was not sent`);
  if (request?.writableFinished === true) {
    const why = code === 'ECONNABORTED' || code === 'ETIMEDOUT' ? `no answer within ${timeoutMs} ms` : `the connection failed (${what}) before the answer`;
    return new SmsMaybeSent(`Twilio ${where}: ${why} (the text may or may not have been accepted)`);
  }
  return new Error(`Twilio ${where}: the request failed before it was sent (${what})`);
}

/**
 * The library's own HTTP client (RequestClient: axios, its form encoding, its Basic auth), sent to
 * another host: the library always builds https://api.twilio.com/... (its `edge` and `region`
 * options only pick other twilio.com names), and a custom `httpClient` is its documented way to
 * take over the transport. Plain http only to a loopback address (a stand-in on this machine);
 * https to any other host.
 *
 * It also says what a failure means for the text: the axios error (which carries the request's
 * headers, the auth token with them) never leaves here. A request written whole (its
 * ClientRequest finished) whose answer did not come may have been accepted: SmsMaybeSent. One
 * that was not (refused, unresolvable, cut before the body left) was surely not: a plain Error.
 */
class TwilioHttpClient extends twilio.RequestClient {
  private readonly agent: http.Agent | undefined;

  constructor(
    private readonly origin: URL | null,
    private readonly timeoutMs: number,
  ) {
    super({ timeout: timeoutMs, keepAlive: true });
    if (origin?.protocol === 'http:') {
      // The library sets an https agent only; plain http gets its own, closed with the gateway.
      this.agent = new http.Agent({ keepAlive: true, timeout: timeoutMs });
      this.axios.defaults.httpAgent = this.agent;
    }
  }

  override async request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const uri = new URL(opts.uri);
    if (this.origin) {
      uri.protocol = this.origin.protocol;
      uri.host = this.origin.host;
    }
    const where = uri.host;
    let response;
    try {
      response = await super.request({ ...opts, uri: uri.href });
    } catch (err) {
      throw wireFailure(err, where, this.timeoutMs);
    }
    // An answer the library could not read: a 2xx that is not JSON means Twilio took the text.
    if (response.statusCode >= 200 && response.statusCode < 300 && typeof response.body === 'string') {
      try {
        JSON.parse(response.body);
      } catch {
        throw new SmsMaybeSent(`Twilio ${where} answered HTTP ${response.statusCode} with a body that is not JSON (the text may or may not have been accepted)`);
      }
    }
    return response;
  }

  close(): void {
    this.agent?.destroy();
    (this.axios.defaults.httpsAgent as { destroy?: () => void } | undefined)?.destroy?.();
  }
}

export interface TwilioGateway extends SmsGateway {
  webhooks: NonNullable<SmsGateway['webhooks']>;
}

export function createTwilioGateway(url: TwilioUrl, options: TwilioGatewayOptions): TwilioGateway {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const log = options.log ?? { warn() {} };
  const hostname = url.host.replace(/:\d+$/, '');
  const origin = url.host === TWILIO_API_HOST ? null : new URL(`${isLoopback(hostname) ? 'http' : 'https'}://${url.host}`);
  const httpClient = new TwilioHttpClient(origin, timeoutMs);
  const client = twilio(url.accountSid, url.authToken, { httpClient, timeout: timeoutMs });
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const statusCallback = `${publicUrl}${TWILIO_STATUS_PATH}`;
  const receiptListeners: Array<(receipt: SmsReceipt) => void> = [];
  const inboundListeners: Array<(message: SmsInbound) => void> = [];
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;

  /** Twilio's words, never the token (a message should not carry it; this makes sure). */
  const scrub = (text: string) => text.split(url.authToken).join('***');

  function call<T>(listener: (value: T) => void, value: T): void {
    try {
      listener(value);
    } catch (err) {
      log.warn({ err: err instanceof Error ? err.message : String(err) }, 'SMS listener failed');
    }
  }

  /** A rejected create as the outbox needs it: maybe sent or surely not, in Twilio's words, never the token. */
  function failureOf(err: unknown): Error {
    // The HTTP client's own (wireFailure): already said.
    if (err instanceof SmsMaybeSent || !(err instanceof twilio.RestException)) {
      return err instanceof Error ? err : new Error(scrub(String(err)));
    }
    const said = `${err.code ? `code ${err.code}: ` : ''}${scrub(String(err.message))} (HTTP ${err.status})`;
    // A server error, but "unavailable", may come after Twilio took the text: not sent again.
    if (err.status >= 500 && err.status !== 503) return new SmsMaybeSent(`Twilio answered ${said}; the text may or may not have been accepted`);
    return new Error(`Twilio refused the text: ${said}`);
  }

  async function create(to: string, text: string): Promise<{ messageId: string }> {
    let message;
    try {
      message = await client.messages.create({ to, from: url.from, body: text, statusCallback });
    } catch (err) {
      throw failureOf(err);
    }
    if (!message.sid) throw new SmsMaybeSent('Twilio accepted the request but answered no message SID (the text may or may not have been accepted)');
    return { messageId: message.sid };
  }

  function send(to: string, text: string): Promise<{ messageId: string }> {
    if (closed) return Promise.reject(new Error('SMS gateway closed'));
    if (!E164.test(to)) return Promise.reject(new Error('SMS: the number is not E.164 (+, the country code, the number: +8801712345678)'));
    if (!text) return Promise.reject(new Error('SMS: the text is empty'));
    // The whole text in one message: Twilio picks GSM-7 or UCS-2 and splits it (up to 1600 characters).
    const sending = create(to, text);
    inFlight.add(sending);
    void sending.catch(() => {}).finally(() => inFlight.delete(sending));
    return sending;
  }

  return {
    send,
    onReceipt(listener) {
      receiptListeners.push(listener);
    },
    onInbound(listener) {
      inboundListeners.push(listener);
    },
    async close() {
      closed = true;
      // The sends under way finish (each within the timeout), then the kept-alive connections go.
      await Promise.allSettled([...inFlight]);
      httpClient.close();
    },
    webhooks: {
      provider: 'twilio',
      verify(callbackUrl: string, fields: WebhookFields, signature: string | undefined) {
        // HMAC-SHA1 of the URL and the sorted fields with the auth token, as Twilio signs.
        return typeof signature === 'string' && signature !== '' && twilio.validateRequest(url.authToken, signature, callbackUrl, fields);
      },
      handleStatus({ messageId, status }) {
        const state = stateOf(status);
        const receipt: SmsReceipt = { messageId, state, delivered: state === 'delivered', status };
        for (const listener of receiptListeners) call(listener, receipt);
      },
      handleInbound({ from, text }) {
        const message: SmsInbound = { from: normalizePhone(from) ?? from, text };
        for (const listener of inboundListeners) call(listener, message);
      },
    },
  };
}
