import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwilioStandIn, type TwilioStandIn } from '../../../test/twilio-stand-in';
import { type SmsInbound, SmsMaybeSent, type SmsReceipt } from './gateway';
import { smsShape } from './segments';
import { parseSmsUrl, type TwilioUrl } from './sms-url';
import { createTwilioGateway, type TwilioGateway } from './twilio-gateway';

// The Twilio gateway (issue 32): the real `twilio` library against the local stand-in of Twilio's
// REST API (test/twilio-stand-in.ts), which checks the requests as Twilio would.

const PUBLIC_URL = 'https://blood.example.org';
let stand: TwilioStandIn;
let gateway: TwilioGateway;

const twilioUrl = (raw: string): TwilioUrl => {
  const url = parseSmsUrl(raw);
  if (url.kind !== 'twilio') throw new Error('twilio:// expected');
  return url;
};

beforeAll(async () => {
  stand = await startTwilioStandIn();
  gateway = createTwilioGateway(twilioUrl(stand.url), { publicUrl: `${PUBLIC_URL}/`, timeoutMs: 1000 });
});
afterAll(async () => {
  await gateway?.close();
  await stand?.close();
});

/** What a promise rejected with. */
async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('resolved, a rejection was expected');
}

/** Everything an error carries, to look for the token in. */
const everything = (err: Error) => `${err.message} ${err.stack} ${JSON.stringify(err)} ${JSON.stringify(Object.getOwnPropertyNames(err).map((k) => String((err as never)[k])))}`;

describe('the Twilio gateway', () => {
  it('sends a text as Twilio expects it and resolves with its SID', async () => {
    const { messageId } = await gateway.send('+8801712345678', 'A+ blood needed at Dhaka Medical. Reply 1 K7Q2 to donate.');
    expect(messageId).toMatch(/^SM[0-9a-f]{32}$/);
    const request = stand.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`/2010-04-01/Accounts/${stand.accountSid}/Messages.json`);
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from(`${stand.accountSid}:${stand.authToken}`).toString('base64')}`);
    expect(request.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request.headers['user-agent']).toMatch(/^twilio-node\//);
    expect(request.form).toEqual({
      To: '+8801712345678',
      From: stand.from,
      Body: 'A+ blood needed at Dhaka Medical. Reply 1 K7Q2 to donate.',
      // PUBLIC_URL's trailing slash is not doubled.
      StatusCallback: `${PUBLIC_URL}/api/sms/twilio/status`,
    });
    expect(request.status).toBe(201);
    expect(stand.messages.at(-1)).toMatchObject({ sid: messageId, status: 'queued', numSegments: 1 });
  });

  it('sends a Bangla text whole, for Twilio to encode and split', async () => {
    const text = 'জরুরি: ঢাকা মেডিকেল কলেজ হাসপাতালে এ+ রক্ত দরকার, ২ ব্যাগ। রক্ত দিতে ১ K7Q2 লিখে উত্তর দিন, না পারলে ২ K7Q2। https://rokto.example/r/K7Q2';
    const { messageId } = await gateway.send('+8801912345678', text);
    const message = stand.messages.find((m) => m.sid === messageId)!;
    expect(message.body).toBe(text);
    // Not split or re-encoded on the way: Twilio counts the segments the budget counted.
    expect(message.numSegments).toBe(smsShape(text).segments);
    expect(message.numSegments).toBeGreaterThan(1);
  });

  it("rejects a text Twilio refuses with Twilio's code and message, never the token, and not as maybe-sent", async () => {
    // +880 2...: a Dhaka landline, E.164 but not a mobile: Twilio's 21211.
    const invalid = await rejection(gateway.send('+880212345678', 'hello'));
    expect(invalid).not.toBeInstanceOf(SmsMaybeSent);
    expect(invalid.message).toMatch(/code 21211: Invalid 'To' Phone Number: \+880212345678 \(HTTP 400\)/);

    const wrongToken = createTwilioGateway(twilioUrl(stand.url.replace(stand.authToken, 'not-the-token-0123456789')), { publicUrl: PUBLIC_URL });
    const refused = await rejection(wrongToken.send('+8801712345678', 'hello'));
    await wrongToken.close();
    expect(refused).not.toBeInstanceOf(SmsMaybeSent);
    expect(refused.message).toMatch(/code 20003: Authenticate \(HTTP 401\)/);
    for (const err of [invalid, refused]) {
      expect(everything(err)).not.toContain(stand.authToken);
      expect(everything(err)).not.toContain('not-the-token-0123456789');
      expect(everything(err)).not.toContain(Buffer.from(`${stand.accountSid}:`).toString('base64').slice(0, 40));
    }
  });

  it('takes a server error as maybe-sent, but "unavailable" and "too many requests" as not sent', async () => {
    stand.failNext(500, { code: 20500, message: 'Internal Server Error' });
    expect(await rejection(gateway.send('+8801712345678', 'hello'))).toBeInstanceOf(SmsMaybeSent);
    for (const [status, code] of [
      [503, 20503],
      [429, 20429],
    ] as const) {
      stand.failNext(status, { code, message: 'Service Unavailable' });
      const err = await rejection(gateway.send('+8801712345678', 'hello'));
      expect(err, String(status)).not.toBeInstanceOf(SmsMaybeSent);
      expect(err.message).toContain(`code ${code}`);
    }
  });

  it('rejects as maybe-sent when Twilio took the request but no answer came in time', async () => {
    stand.hangNext();
    const before = stand.messages.length;
    const started = Date.now();
    const err = await rejection(gateway.send('+8801712345678', 'hello, then silence'));
    expect(err).toBeInstanceOf(SmsMaybeSent);
    expect(err.message).toMatch(/no answer within 1000 ms/);
    expect(Date.now() - started).toBeLessThan(5000);
    // The stand-in did accept it: sending it again would be a second text.
    expect(stand.messages.length).toBe(before + 1);
  });

  it('rejects as maybe-sent when the connection is cut after the request was written', async () => {
    stand.dropNext();
    const err = await rejection(gateway.send('+8801712345678', 'hello, then a cut'));
    expect(err).toBeInstanceOf(SmsMaybeSent);
    expect(err.message).toMatch(/connection failed \(ECONNRESET\)/);
    expect(everything(err)).not.toContain(stand.authToken);
  });

  it('rejects with a plain error (retried later) when Twilio cannot be reached: nothing was sent', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: p } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(p));
      });
    });
    const nowhere = createTwilioGateway(twilioUrl(stand.url.replace(stand.host, `127.0.0.1:${port}`)), { publicUrl: PUBLIC_URL });
    const err = await rejection(nowhere.send('+8801712345678', 'hello'));
    await nowhere.close();
    expect(err).not.toBeInstanceOf(SmsMaybeSent);
    expect(err.message).toMatch(/could not be reached \(ECONNREFUSED\): the text was not sent/);
    expect(everything(err)).not.toContain(stand.authToken);
  });

  it('checks the number and the text before anything goes out', async () => {
    const before = stand.requests.length;
    expect((await rejection(gateway.send('01712345678', 'hello'))).message).toMatch(/E\.164/);
    expect((await rejection(gateway.send('+8801712345678', ''))).message).toMatch(/empty/);
    expect(stand.requests.length).toBe(before);
  });
});

describe("the Twilio gateway's callbacks", () => {
  it("verifies Twilio's signature over the URL and the fields, with the account's auth token", () => {
    const url = `${PUBLIC_URL}/api/sms/twilio/status`;
    const fields = { MessageSid: 'SM0123456789abcdef0123456789abcdef', MessageStatus: 'delivered' };
    const { webhooks } = gateway;
    expect(webhooks.provider).toBe('twilio');
    expect(webhooks.verify(url, fields, stand.sign(url, fields))).toBe(true);
    expect(webhooks.verify(url, fields, undefined)).toBe(false);
    expect(webhooks.verify(url, fields, '')).toBe(false);
    expect(webhooks.verify(url, fields, stand.sign(url, fields, 'another-token'))).toBe(false);
    expect(webhooks.verify(url, { ...fields, MessageStatus: 'failed' }, stand.sign(url, fields))).toBe(false);
    expect(webhooks.verify(`${PUBLIC_URL}/api/sms/twilio/inbound`, fields, stand.sign(url, fields))).toBe(false);
  });

  it("turns Twilio's MessageStatus into receipts, and texts from phones into replies", () => {
    const receipts: SmsReceipt[] = [];
    const replies: SmsInbound[] = [];
    gateway.onReceipt((r) => receipts.push(r));
    gateway.onInbound((m) => replies.push(m));
    for (const status of ['delivered', 'undelivered', 'failed', 'queued', 'sending', 'sent', 'accepted', 'read', 'canceled']) {
      gateway.webhooks.handleStatus({ messageId: 'SM1', status });
    }
    expect(receipts.map((r) => [r.status, r.state, r.delivered])).toEqual([
      ['delivered', 'delivered', true],
      ['undelivered', 'failed', false],
      ['failed', 'failed', false],
      ['queued', 'other', false],
      ['sending', 'other', false],
      ['sent', 'other', false],
      ['accepted', 'other', false],
      ['read', 'delivered', true],
      ['canceled', 'failed', false],
    ]);
    gateway.webhooks.handleInbound({ from: '+8801712345678', text: '১ K7Q2' });
    gateway.webhooks.handleInbound({ from: '+14155550100', text: 'STOP' });
    expect(replies).toEqual([
      { from: '+8801712345678', text: '১ K7Q2' },
      { from: '+14155550100', text: 'STOP' },
    ]);
  });

  it('refuses sends once closed', async () => {
    const closing = createTwilioGateway(twilioUrl(stand.url), { publicUrl: PUBLIC_URL });
    await closing.close();
    expect((await rejection(closing.send('+8801712345678', 'hello'))).message).toBe('SMS gateway closed');
  });
});
