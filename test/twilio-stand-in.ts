import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import twilio from 'twilio';

/**
 * A local stand-in for the part of Twilio's REST API the SMS gateway calls, so the tests run the
 * real `twilio` library (its form encoding, Basic auth, error classes) without the network: a real
 * HTTP server on 127.0.0.1 answering `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`.
 *
 * It checks what Twilio checks: Basic auth as AccountSid:AuthToken for that same account (else
 * 401, code 20003), a form body with To, From and Body (21604, 21603, 21602), To a valid number
 * (21211: E.164, and for Bangladesh, +880, a mobile), Body at most 1600 characters (21617), and
 * answers 201 with the message resource Twilio answers (sid SM + 32 hex, status queued). Every
 * request is recorded. It then posts what Twilio posts to the site: a message's status to its
 * StatusCallback and a text from a phone to an inbound URL, form-encoded and signed in
 * X-Twilio-Signature with the real library (`twilio.getExpectedTwilioSignature`).
 */

export interface RecordedTwilioRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The raw body. */
  raw: string;
  /** The form's fields as sent. */
  form: Record<string, string>;
  /** The status the stand-in answered (0: it never answered). */
  status: number;
}

/** A message the stand-in accepted, as Twilio keeps it. */
export interface TwilioMessage {
  sid: string;
  accountSid: string;
  to: string;
  from: string;
  body: string;
  statusCallback: string | null;
  status: string;
  numSegments: number;
  dateCreated: Date;
}

export interface TwilioErrorBody {
  code: number;
  message: string;
}

export interface CallbackAnswer {
  status: number;
  headers: Headers;
  body: string;
}

export interface PostOptions {
  /** The X-Twilio-Signature to send instead of the right one; null sends none. */
  signature?: string | null;
  /** Sign with this auth token instead of the account's. */
  authToken?: string;
  /** Sign as if this URL had been called (another address than the one posted to). */
  signedUrl?: string;
}

export interface TwilioStandIn {
  /** 127.0.0.1:<port> */
  readonly host: string;
  readonly accountSid: string;
  readonly authToken: string;
  /** The number the texts come from. */
  readonly from: string;
  /** `twilio://AccountSid:AuthToken@127.0.0.1:<port>?from=...`: SMS_URL for the app. */
  readonly url: string;
  readonly requests: RecordedTwilioRequest[];
  /** The messages accepted, in order. */
  readonly messages: TwilioMessage[];
  /** Answer the next Messages request with this error (Twilio's shape), e.g. an outage. */
  failNext(status: number, error: TwilioErrorBody): void;
  /** Read the next Messages request whole and keep the message, then never answer it. */
  hangNext(): void;
  /** Read the next Messages request whole and keep the message, then cut the connection without an answer. */
  dropNext(): void;
  /** X-Twilio-Signature of a post to `url` with `fields`, as Twilio computes it. */
  sign(url: string, fields: Record<string, string | string[]>, authToken?: string): string;
  /** Posts a form to `url` as Twilio does, signed unless told otherwise. */
  post(url: string, fields: Record<string, string>, options?: PostOptions): Promise<CallbackAnswer>;
  /** Posts a message's status (default delivered) to its StatusCallback, with the fields Twilio sends. */
  postStatus(sid: string, status?: string, options?: PostOptions & { errorCode?: number }): Promise<CallbackAnswer>;
  /** Posts a text a phone sent to the account's number to `url` (the number's inbound webhook). */
  postInbound(url: string, message: { from: string; body: string; to?: string }, options?: PostOptions): Promise<CallbackAnswer>;
  /** Resolves once `ready()` holds, checked every 20 ms; rejects after `timeoutMs`, naming `what`. */
  waitFor(what: string, ready: () => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const API_VERSION = '2010-04-01';
const hex = (bytes: number) => crypto.randomBytes(bytes).toString('hex');
export const twilioSid = (prefix: string) => `${prefix}${hex(16)}`;

const E164 = /^\+[1-9]\d{7,14}$/;
/** A Bangladesh number is valid as a mobile only (01[3-9] and 8 digits). */
const validNumber = (n: string) => E164.test(n) && (!n.startsWith('+880') || /^\+8801[3-9]\d{8}$/.test(n));

class TwilioApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: TwilioErrorBody,
  ) {
    super(body.message);
  }
}

const twilioError = (status: number, code: number, message: string) => new TwilioApiError(status, { code, message });

/** Segments as Twilio bills them: GSM-7 153 a part beyond 160, UCS-2 67 beyond 70. */
function segmentsOf(body: string): number {
  // eslint-disable-next-line no-control-regex
  const gsm = /^[\x0A\x0D\x20-\x5F\x61-\x7E£¥èéùìòÇØøÅåΔΦΓΛΩΠΨΣΘΞÆæßÉÄÖÑÜ§¿äöñüà]*$/.test(body);
  const length = [...body].length;
  const [single, part] = gsm ? [160, 153] : [70, 67];
  return length <= single ? 1 : Math.ceil(length / part);
}

function rfc2822(date: Date): string {
  return date.toUTCString().replace('GMT', '+0000');
}

function resource(m: TwilioMessage) {
  return {
    account_sid: m.accountSid,
    api_version: API_VERSION,
    body: m.body,
    date_created: rfc2822(m.dateCreated),
    date_sent: null,
    date_updated: rfc2822(m.dateCreated),
    direction: 'outbound-api',
    error_code: null,
    error_message: null,
    from: m.from,
    messaging_service_sid: null,
    num_media: '0',
    num_segments: String(m.numSegments),
    price: null,
    price_unit: 'USD',
    sid: m.sid,
    status: m.status,
    subresource_uris: { media: `/${API_VERSION}/Accounts/${m.accountSid}/Messages/${m.sid}/Media.json` },
    to: m.to,
    uri: `/${API_VERSION}/Accounts/${m.accountSid}/Messages/${m.sid}.json`,
  };
}

export async function startTwilioStandIn(options: { accountSid?: string; authToken?: string; from?: string } = {}): Promise<TwilioStandIn> {
  const accountSid = options.accountSid ?? twilioSid('AC');
  const authToken = options.authToken ?? hex(16);
  const from = options.from ?? '+15005550006';
  const requests: RecordedTwilioRequest[] = [];
  const messages: TwilioMessage[] = [];
  const failures: { status: number; error: TwilioErrorBody }[] = [];
  const misbehave: ('hang' | 'drop')[] = [];
  const sockets = new Set<Duplex>();

  function authenticate(headers: http.IncomingHttpHeaders, pathSid: string): void {
    const match = /^Basic\s+(\S+)$/i.exec(headers.authorization ?? '');
    const [user, ...rest] = match ? Buffer.from(match[1]!, 'base64').toString('utf8').split(':') : [];
    const given = Buffer.from(`${user ?? ''}:${rest.join(':')}`);
    const expected = Buffer.from(`${accountSid}:${authToken}`);
    const same = given.length === expected.length && crypto.timingSafeEqual(given, expected);
    if (!same || pathSid !== accountSid) throw twilioError(401, 20003, 'Authenticate');
  }

  function createMessage(headers: http.IncomingHttpHeaders, form: Record<string, string>): TwilioMessage {
    if (!(headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) throw twilioError(400, 20001, 'Invalid content type');
    const to = form.To;
    if (!to) throw twilioError(400, 21604, "A 'To' phone number is required.");
    if (!form.From) throw twilioError(400, 21603, "A 'From' phone number is required.");
    if (!form.Body) throw twilioError(400, 21602, 'Message body is required.');
    if (!validNumber(to)) throw twilioError(400, 21211, `Invalid 'To' Phone Number: ${to}`);
    if ([...form.Body].length > 1600) throw twilioError(400, 21617, 'The concatenated message body exceeds the 1600 character limit.');
    if (form.StatusCallback !== undefined && !/^https?:\/\/\S+$/.test(form.StatusCallback)) throw twilioError(400, 21609, 'Invalid StatusCallback URL');
    const message: TwilioMessage = {
      sid: twilioSid('SM'),
      accountSid,
      to,
      from: form.From,
      body: form.Body,
      statusCallback: form.StatusCallback ?? null,
      status: 'queued',
      numSegments: segmentsOf(form.Body),
      dateCreated: new Date(),
    };
    messages.push(message);
    return message;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
      const raw = Buffer.concat(chunks).toString('utf8');
      const record: RecordedTwilioRequest = { method: req.method ?? 'GET', path, headers: req.headers, raw, form: Object.fromEntries(new URLSearchParams(raw)), status: 0 };
      requests.push(record);
      let status: number;
      let json: unknown;
      try {
        const create = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
        if (!create || record.method !== 'POST') throw twilioError(404, 20404, `The requested resource ${path} was not found`);
        authenticate(req.headers, decodeURIComponent(create[1]!));
        const failure = failures.shift();
        if (failure) throw new TwilioApiError(failure.status, failure.error);
        const message = createMessage(req.headers, record.form);
        const trick = misbehave.shift();
        if (trick === 'hang') return;
        if (trick === 'drop') {
          req.socket.destroy();
          return;
        }
        status = 201;
        json = resource(message);
      } catch (err) {
        const e = err instanceof TwilioApiError ? err : twilioError(500, 20500, `Stand-in failure: ${String(err)}`);
        status = e.status;
        json = { code: e.body.code, message: e.body.message, more_info: `https://www.twilio.com/docs/errors/${e.body.code}`, status: e.status };
      }
      record.status = status;
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'twilio-request-id': twilioSid('RQ') });
      res.end(JSON.stringify(json));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;

  const sign: TwilioStandIn['sign'] = (url, fields, token = authToken) => twilio.getExpectedTwilioSignature(token, url, fields);

  const post: TwilioStandIn['post'] = async (url, fields, opts = {}) => {
    const signature = opts.signature === undefined ? sign(opts.signedUrl ?? url, fields, opts.authToken) : opts.signature;
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
        'user-agent': 'TwilioProxy/1.1',
        'i-twilio-idempotency-token': crypto.randomUUID(),
        ...(signature === null ? {} : { 'x-twilio-signature': signature }),
      },
      body: new URLSearchParams(fields).toString(),
    });
    return { status: res.status, headers: res.headers, body: await res.text() };
  };

  return {
    host,
    accountSid,
    authToken,
    from,
    url: `twilio://${accountSid}:${authToken}@${host}?from=${encodeURIComponent(from)}`,
    requests,
    messages,
    failNext(status, error) {
      failures.push({ status, error });
    },
    hangNext() {
      misbehave.push('hang');
    },
    dropNext() {
      misbehave.push('drop');
    },
    sign,
    post,
    async postStatus(sid, status = 'delivered', opts = {}) {
      const message = messages.find((m) => m.sid === sid);
      if (!message?.statusCallback) throw new Error(`no message ${sid} with a StatusCallback`);
      message.status = status;
      const fields: Record<string, string> = {
        ApiVersion: API_VERSION,
        AccountSid: accountSid,
        From: message.from,
        To: message.to,
        MessageSid: sid,
        SmsSid: sid,
        MessageStatus: status,
        SmsStatus: status,
        ...(opts.errorCode !== undefined ? { ErrorCode: String(opts.errorCode) } : {}),
      };
      return post(message.statusCallback, fields, opts);
    },
    postInbound(url, message, opts = {}) {
      const sid = twilioSid('SM');
      const fields: Record<string, string> = {
        ToCountry: 'US',
        SmsMessageSid: sid,
        NumMedia: '0',
        SmsSid: sid,
        SmsStatus: 'received',
        Body: message.body,
        To: message.to ?? from,
        NumSegments: String(segmentsOf(message.body)),
        MessageSid: sid,
        AccountSid: accountSid,
        From: message.from,
        FromCountry: message.from.startsWith('+880') ? 'BD' : '',
        ApiVersion: API_VERSION,
      };
      return post(url, fields, opts);
    },
    async waitFor(what, ready, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      while (!ready()) {
        if (Date.now() > until) throw new Error(`Twilio stand-in: timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const socket of sockets) socket.destroy();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
