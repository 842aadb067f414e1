import smpp from 'smpp';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmppStandIn, type SmppStandIn } from '../../../test/smpp-stand-in';
import type { SmsGateway, SmsInbound, SmsReceipt } from './gateway';
import { createSmppGateway, type SmppGatewayOptions } from './smpp-gateway';
import { parseSmsUrl, type SmppUrl } from './sms-url';

// Real SMPP over TCP: the gateway and a stand-in SMSC (test/smpp-stand-in.ts), the `smpp` library
// on both sides. Each test has its own stand-in and gateway, so the counts are its own.

const ACCOUNT = { systemId: 'blood_esme', password: 'p@ss:w0rd' };
const DONOR = '+8801712345678';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp(options: SmppGatewayOptions = {}, url?: (u: SmppUrl) => SmppUrl) {
  const standIn = await startSmppStandIn(ACCOUNT);
  cleanups.push(() => standIn.close());
  const parsed = parseSmsUrl(standIn.url);
  if (parsed.kind !== 'smpp') throw new Error('the stand-in gives an smpp:// URL');
  const gateway = createSmppGateway(url ? url(parsed) : parsed, { rebindDelayMs: 50, ...options });
  cleanups.push(() => gateway.close());
  return { standIn, gateway };
}

const bound = (standIn: SmppStandIn, binds = 1) => standIn.waitFor(`bind ${binds}`, () => standIn.binds >= binds);

function collect(gateway: SmsGateway) {
  const receipts: SmsReceipt[] = [];
  const inbound: SmsInbound[] = [];
  gateway.onReceipt((r) => receipts.push(r));
  gateway.onInbound((m) => inbound.push(m));
  return { receipts, inbound };
}

describe('the SMPP gateway', () => {
  it('binds once with the account from SMS_URL and sends a GSM text as data_coding 0, asking for a receipt', async () => {
    const { standIn, gateway } = await setUp();
    // Sent before the bind is done: it waits for it.
    const text = 'B+ blood needed at DMCH {ward 5} @ 10:30, fee: 0 € ~ call 01712345678';
    const first = await gateway.send(DONOR, text);
    const second = await gateway.send('+8801812345678', 'Thank you');
    expect(standIn.binds).toBe(1);
    expect(standIn.submitted).toHaveLength(2);
    expect(standIn.submitted[0]).toMatchObject({
      to: '8801712345678',
      destTon: smpp.TON.INTERNATIONAL,
      source: 'BloodDonation',
      text, // the extension table's {, }, €, ~ and GSM's @ (0x00) intact
      dataCoding: 0,
      registeredDelivery: 1,
      field: 'short_message',
      messageId: first.messageId,
    });
    expect(second.messageId).toBe(standIn.submitted[1]?.messageId);
    expect(second.messageId).not.toBe(first.messageId);
  });

  it('sends Bangla as UCS-2 (data_coding 8), and it arrives intact', async () => {
    const { standIn, gateway } = await setUp();
    await gateway.send(DONOR, 'রক্ত দরকার');
    expect(standIn.submitted[0]).toMatchObject({ text: 'রক্ত দরকার', dataCoding: 8, field: 'short_message' });
  });

  it('sends a text longer than one SMS whole, in message_payload, for the SMSC to split', async () => {
    const { standIn, gateway } = await setUp();
    const bangla = 'রক্ত দরকার, ঢাকা মেডিকেল কলেজ হাসপাতাল। '.repeat(6).slice(0, 200);
    expect(bangla).toHaveLength(200);
    await gateway.send(DONOR, bangla);
    await gateway.send(DONOR, 'রক্ত'.repeat(70).slice(0, 70)); // 70 UCS-2 characters: one SMS
    await gateway.send(DONOR, 'a'.repeat(160)); // 160 septets: one SMS
    await gateway.send(DONOR, `${'a'.repeat(155)}€€€`); // 161 septets: € takes two
    expect(standIn.submitted.map(({ text, dataCoding, field }) => ({ length: text.length, dataCoding, field }))).toEqual([
      { length: 200, dataCoding: 8, field: 'message_payload' },
      { length: 70, dataCoding: 8, field: 'short_message' },
      { length: 160, dataCoding: 0, field: 'short_message' },
      { length: 158, dataCoding: 0, field: 'message_payload' },
    ]);
    expect(standIn.submitted[0]?.text).toBe(bangla);
    expect(standIn.submitted[3]?.text).toBe(`${'a'.repeat(155)}€€€`);
  });

  it('with a wrong password never binds, and a send rejects saying the SMSC refused the bind', async () => {
    const { standIn, gateway } = await setUp({}, (u) => ({ ...u, password: 'not-the-password' }));
    const error = await gateway.send(DONOR, 'Hello').then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(Error);
    expect(String(error)).toMatch(/refused the bind as "blood_esme": ESME_RBINDFAIL \(0x0000000d\)/);
    expect(String(error)).not.toContain('not-the-password');
    expect(standIn.refusedBinds).toBeGreaterThanOrEqual(1);
    expect(standIn.binds).toBe(0);
    expect(standIn.submitted).toHaveLength(0);
  });

  it('rejects a send when the SMSC cannot be reached within bindWaitMs, saying why', async () => {
    const standIn = await startSmppStandIn(ACCOUNT);
    const url = parseSmsUrl(standIn.url) as SmppUrl;
    await standIn.close(); // nothing listens on its port now
    const gateway = createSmppGateway(url, { rebindDelayMs: 50, bindWaitMs: 300 });
    cleanups.push(() => gateway.close());
    await expect(gateway.send(DONOR, 'Hello')).rejects.toThrow(/not bound within 300 ms: .*ECONNREFUSED/);
  });

  it('rejects a send the SMSC refuses, with its command_status; the next one goes', async () => {
    const { standIn, gateway } = await setUp();
    standIn.failNext(smpp.errors.ESME_RSYSERR);
    await expect(gateway.send(DONOR, 'Hello')).rejects.toThrow(/refused submit_sm: ESME_RSYSERR \(0x00000008\)/);
    await expect(gateway.send(DONOR, 'Hello again')).resolves.toEqual({ messageId: expect.any(String) });
    expect(standIn.submitted.map((s) => s.text)).toEqual(['Hello again']);
  });

  it('refuses a number that is not E.164 without sending anything', async () => {
    const { standIn, gateway } = await setUp();
    await expect(gateway.send('01712345678', 'Hello')).rejects.toThrow(/E\.164/);
    await gateway.send(DONOR, 'Hello');
    expect(standIn.submitted).toHaveLength(1);
  });

  it('passes receipts on with the message id and whether the text was delivered, from the text or the TLVs', async () => {
    const { standIn, gateway } = await setUp();
    const { receipts, inbound } = collect(gateway);
    const a = await gateway.send(DONOR, 'One');
    const b = await gateway.send(DONOR, 'Two');
    const c = await gateway.send(DONOR, 'Three');
    // deliverReceipt resolves on deliver_sm_resp, which the gateway writes before it calls the listeners.
    await standIn.deliverReceipt(a.messageId, 'DELIVRD');
    await standIn.deliverReceipt(b.messageId, 'UNDELIV', { tlvs: false }); // the text only
    await standIn.deliverReceipt(c.messageId, 'DELIVRD', { text: false }); // the TLVs only
    await standIn.deliverReceipt(c.messageId, 'ENROUTE');
    expect(receipts).toEqual([
      { messageId: a.messageId, state: 'delivered', delivered: true, status: 'DELIVRD' },
      { messageId: b.messageId, state: 'failed', delivered: false, status: 'UNDELIV' },
      { messageId: c.messageId, state: 'delivered', delivered: true, status: 'DELIVRD' },
      { messageId: c.messageId, state: 'other', delivered: false, status: 'ENROUTE' },
    ]);
    expect(inbound).toEqual([]);
  });

  it('passes replies on, decoded (Bangla too, and a long one in message_payload), from +880...', async () => {
    const { standIn, gateway } = await setUp();
    const { receipts, inbound } = collect(gateway);
    await bound(standIn);
    const long = 'আমি আসছি, আধা ঘণ্টার মধ্যে পৌঁছাব। '.repeat(3);
    await standIn.sendInbound('8801712345678', 'YES @ 5pm');
    await standIn.sendInbound('01812345678', 'হ্যাঁ, আসছি', { unicode: true });
    await standIn.sendInbound('8801912345678', long, { unicode: true });
    await standIn.sendInbound('+447700900123', 'no');
    expect(inbound).toEqual([
      { from: '+8801712345678', text: 'YES @ 5pm' },
      { from: '+8801812345678', text: 'হ্যাঁ, আসছি' },
      { from: '+8801912345678', text: long },
      { from: '+447700900123', text: 'no' },
    ]);
    expect(long.length).toBeGreaterThan(70); // it went in message_payload
    expect(receipts).toEqual([]);
  });

  it('binds again after the connection is lost, and sends on the new bind', async () => {
    const { standIn, gateway } = await setUp();
    await gateway.send(DONOR, 'Before');
    standIn.dropConnections();
    await bound(standIn, 2);
    const after = await gateway.send(DONOR, 'After');
    expect(standIn.submitted.map((s) => s.text)).toEqual(['Before', 'After']);
    expect(after.messageId).toBe(standIn.submitted[1]?.messageId);
    expect(standIn.connections).toBe(1);
  });

  it('sends enquire_link to keep the bind alive, and answers the SMSC', async () => {
    const { standIn } = await setUp({ enquireLinkSeconds: 0.05 });
    await standIn.waitFor('3 enquire_link', () => standIn.enquireLinks >= 3);
    await expect(standIn.enquireLink()).resolves.toBeUndefined();
    expect(standIn.binds).toBe(1);
  });

  it('close() unbinds, closes the connection, stops binding again and leaves nothing running', async () => {
    // What runs before: vitest's own. After close() the gateway must leave no socket or timer.
    const before = handles();
    const { standIn, gateway } = await setUp({ enquireLinkSeconds: 0.05 });
    await gateway.send(DONOR, 'Hello');
    await gateway.close();
    await standIn.waitFor('the connection closed', () => standIn.connections === 0);
    expect(standIn.unbinds).toBe(1);
    await expect(gateway.send(DONOR, 'Late')).rejects.toThrow(/closed/);
    await standIn.close();
    expect(handles()).toEqual(before);
  });

  it('close() while waiting to bind again cancels the rebind and the waiting sends', async () => {
    const before = handles();
    let lost = () => {};
    const noticed = new Promise<void>((resolve) => (lost = resolve));
    const log = { info() {}, warn: (_obj: object, msg: string) => msg.includes('connection lost') && lost() };
    const { standIn, gateway } = await setUp({ rebindDelayMs: 60_000, log });
    await bound(standIn);
    standIn.dropConnections();
    await noticed; // the gateway knows: the send below waits for a bind (one that never comes)
    const waiting = gateway.send(DONOR, 'Waits for the rebind');
    await gateway.close();
    await expect(waiting).rejects.toThrow(/closed/);
    await standIn.close();
    expect(standIn.binds).toBe(1);
    expect(handles()).toEqual(before);
  });
});

/** The process's sockets and timers, by kind (what would keep it from exiting). */
function handles(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const kind of process.getActiveResourcesInfo()) {
    if (kind === 'Timeout' || kind.startsWith('TCP')) counts[kind] = (counts[kind] ?? 0) + 1;
  }
  return counts;
}
