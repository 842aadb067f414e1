// The SMS gateway over SMPP 3.4 (issue 32): one transceiver bind to the SMSC (a Bangladesh
// operator's or an aggregator's), kept alive with enquire_link and bound again when the connection
// is lost. Sends wait for the bind (bindWaitMs); receipts and replies arrive as deliver_sm on the
// same bind. The PDUs are the `smpp` library's (smpp-types.d.ts says what of it is used).

import smpp, { type DecodedMessage, type PDU, type PduOptions, type Session } from 'smpp';
import { normalizePhone } from '../../shared/phone/model';
import { type SmsGateway, type SmsInbound, SmsMaybeSent, type SmsReceipt } from './gateway';
import { smsShape } from './segments';
import type { SmppUrl } from './sms-url';

export interface SmppGatewayLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface SmppGatewayOptions {
  /** How often an idle bind is checked with enquire_link (default 30 s; SMSCs drop silent binds). */
  enquireLinkSeconds?: number;
  /** The wait before binding again after a lost connection (default 1000 ms); doubled, up to 30 s, while binds keep failing. */
  rebindDelayMs?: number;
  /** How long a send waits for a bind before it rejects (default 10 s); also how long one connect-and-bind may take. */
  bindWaitMs?: number;
  /** How long a submit_sm waits for its response (default 30 s). */
  responseWaitMs?: number;
  log?: SmppGatewayLog;
}

const E164 = /^\+[1-9]\d{7,14}$/;
const MAX_REBIND_DELAY_MS = 30_000;
/** Missed enquire_link_resp in a row after which the connection is taken as dead (half-open TCP). */
const MAX_UNANSWERED = 3;
/** How long close() waits for unbind_resp and the socket's end before it cuts the connection. */
const CLOSE_WAIT_MS = 2000;

const STATUS_NAMES = new Map(Object.entries(smpp.errors).map(([name, code]) => [code, name]));

/** ESME_RSYSERR (0x00000008): the name when the library knows it, the number always. */
function describeStatus(status: number): string {
  const hex = `0x${status.toString(16).padStart(8, '0')}`;
  const name = STATUS_NAMES.get(status);
  return name ? `${name} (${hex})` : hex;
}

/** The receipt's stat: words for message_state (SMPP 3.4, 5.3.2.35), as receipts write them. */
const STATE_WORDS = new Map<number, string>([
  [smpp.MESSAGE_STATE.SCHEDULED, 'SCHEDULED'],
  [smpp.MESSAGE_STATE.ENROUTE, 'ENROUTE'],
  [smpp.MESSAGE_STATE.DELIVERED, 'DELIVRD'],
  [smpp.MESSAGE_STATE.EXPIRED, 'EXPIRED'],
  [smpp.MESSAGE_STATE.DELETED, 'DELETED'],
  [smpp.MESSAGE_STATE.UNDELIVERABLE, 'UNDELIV'],
  [smpp.MESSAGE_STATE.ACCEPTED, 'ACCEPTD'],
  [smpp.MESSAGE_STATE.UNKNOWN, 'UNKNOWN'],
  [smpp.MESSAGE_STATE.REJECTED, 'REJECTD'],
  [smpp.MESSAGE_STATE.SKIPPED, 'SKIPPED'],
]);
const DELIVERED_WORDS = new Set(['DELIVRD', 'DELIVERED']);
const FAILED_WORDS = new Set(['UNDELIV', 'UNDELIVERABLE', 'EXPIRED', 'DELETED', 'REJECTD', 'REJECTED', 'FAILED']);

function stateOf(word: string): SmsReceipt['state'] {
  if (DELIVERED_WORDS.has(word)) return 'delivered';
  if (FAILED_WORDS.has(word)) return 'failed';
  return 'other';
}

function decodedText(part: DecodedMessage | undefined): string {
  if (!part) return '';
  // A data_coding the library does not decode (binary, Cyrillic...) stays bytes.
  return typeof part.message === 'string' ? part.message : part.message.toString('latin1');
}

/** A deliver_sm's text: short_message, or message_payload when short_message is empty. */
function textOf(pdu: PDU): string {
  return decodedText(pdu.short_message) || decodedText(pdu.message_payload);
}

/** A delivery receipt (SMPP 3.4 appendix B: "id:... sub:... dlvrd:... stat:DELIVRD err:..."); the TLVs, when sent, win over the text. */
function parseReceipt(pdu: PDU): SmsReceipt | undefined {
  const text = textOf(pdu);
  const messageId = pdu.receipted_message_id || /(?:^|\s)id:(\S+)/i.exec(text)?.[1];
  const textStat = /(?:^|\s)stat:(\S+)/i.exec(text)?.[1]?.toUpperCase();
  const tlvStat = pdu.message_state === undefined ? undefined : STATE_WORDS.get(pdu.message_state);
  const status = textStat ?? tlvStat;
  if (!messageId || !status) return undefined;
  const state = stateOf(tlvStat ?? status);
  return { messageId, state, delivered: state === 'delivered', status };
}

/** source_addr as +8801XXXXXXXXX for a Bangladesh mobile (SMSCs write 8801..., 01...), as +digits for another international number. */
function senderOf(pdu: PDU): string {
  const addr = pdu.source_addr ?? '';
  const mobile = normalizePhone(addr);
  if (mobile) return mobile;
  if (pdu.source_addr_ton === smpp.TON.INTERNATIONAL && /^\d+$/.test(addr)) return `+${addr}`;
  return addr;
}

/** TON/NPI for the sender: an international number, a short code, or a name (BloodDonation). */
function sourceFields(source: string): PduOptions {
  if (/^\+\d+$/.test(source)) return { source_addr_ton: smpp.TON.INTERNATIONAL, source_addr_npi: smpp.NPI.ISDN, source_addr: source.slice(1) };
  if (/^\d+$/.test(source)) return { source_addr_ton: smpp.TON.UNKNOWN, source_addr_npi: smpp.NPI.ISDN, source_addr: source };
  return { source_addr_ton: smpp.TON.ALPHANUMERIC, source_addr_npi: smpp.NPI.UNKNOWN, source_addr: source };
}

function submitFields(source: string, to: string, text: string): PduOptions {
  // One rule for the encoding and the segments (segments.ts): the budget counts what goes out.
  const shape = smsShape(text);
  return {
    ...sourceFields(source),
    dest_addr_ton: smpp.TON.INTERNATIONAL,
    dest_addr_npi: smpp.NPI.ISDN,
    destination_addr: to.slice(1),
    registered_delivery: smpp.REGISTERED_DELIVERY.FINAL,
    // Always set: left unset, the library picks 1 (IA5) for a GSM text, which SMSCs read differently.
    data_coding: shape.unicode ? smpp.ENCODING.UCS2 : smpp.ENCODING.SMSC_DEFAULT,
    // A long text goes whole in one submit_sm; the SMSC splits it (no UDH to build or to get wrong).
    ...(shape.segments === 1 ? { short_message: text } : { message_payload: text }),
  };
}

const silent: SmppGatewayLog = { warn() {}, info() {} };

interface Waiting {
  start(session: Session): void;
  fail(err: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

export function createSmppGateway(url: SmppUrl, options: SmppGatewayOptions = {}): SmsGateway {
  const enquireLinkMs = (options.enquireLinkSeconds ?? 30) * 1000;
  const rebindDelayMs = options.rebindDelayMs ?? 1000;
  const bindWaitMs = options.bindWaitMs ?? 10_000;
  const responseWaitMs = options.responseWaitMs ?? 30_000;
  const log = options.log ?? silent;
  const smsc = `${url.host}:${url.port}`;
  const receiptListeners: Array<(receipt: SmsReceipt) => void> = [];
  const inboundListeners: Array<(message: SmsInbound) => void> = [];
  /** Sends waiting for a bind. */
  const waiting = new Set<Waiting>();
  /** Sends written on the current connection, waiting for their submit_sm_resp (the library forgets them when it closes). */
  const inFlight = new Set<(err: Error) => void>();

  let session: Session | undefined;
  let bound = false;
  let closed = false;
  let closing: Promise<void> | undefined;
  /** Connections in a row that ended without a bind (refused, unreachable): the rebind delay doubles with each. */
  let failures = 0;
  /** Why the last connection did not bind, for the error of a send that waited in vain. */
  let lastProblem: string | undefined;
  let unanswered = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let bindTimer: ReturnType<typeof setTimeout> | undefined;
  let enquireTimer: ReturnType<typeof setInterval> | undefined;

  function connect(): void {
    reconnectTimer = undefined;
    if (closed) return;
    const s = smpp.connect({ host: url.host, port: url.port });
    session = s;
    bound = false;
    bindTimer = setTimeout(() => {
      lastProblem = `not bound within ${bindWaitMs} ms of connecting`;
      log.warn({ smsc }, 'SMPP: not bound in time; connecting again');
      s.destroy();
    }, bindWaitMs);
    s.on('connect', () => {
      s.bind_transceiver({ system_id: url.systemId, password: url.password }, (pdu) => onBindResponse(s, pdu));
    });
    s.on('error', (err) => {
      // Refused, reset, or a PDU the library could not read (it reads nothing more after one):
      // 'close' follows the destroy, and with it the rebind.
      if (!bound) lastProblem = err.message;
      log.warn({ smsc, err: err.message }, 'SMPP connection error');
      s.destroy();
    });
    s.on('close', () => onClose(s));
    s.on('enquire_link', (pdu) => {
      s.send(pdu.response());
    });
    s.on('deliver_sm', (pdu) => {
      // Answered first and always: an SMSC resends an unanswered deliver_sm, and stops sending
      // to a bind that leaves too many unanswered.
      s.send(pdu.response());
      onDeliver(pdu);
    });
    s.on('unbind', (pdu) => {
      s.send(pdu.response());
      s.close();
    });
  }

  function onBindResponse(s: Session, pdu: PDU): void {
    if (s !== session || closed) return;
    clearTimeout(bindTimer);
    if (pdu.command_status !== 0) {
      lastProblem = `refused the bind as "${url.systemId}": ${describeStatus(pdu.command_status)}`;
      log.warn({ smsc, status: describeStatus(pdu.command_status) }, 'SMPP bind refused');
      // Refused credentials will not work on the next try either: the waiting sends learn it now.
      failWaiting(new Error(`SMS gateway ${smsc} ${lastProblem}`));
      s.destroy();
      return;
    }
    bound = true;
    failures = 0;
    lastProblem = undefined;
    unanswered = 0;
    log.info({ smsc, systemId: url.systemId }, 'SMPP bound (transceiver)');
    enquireTimer = setInterval(() => keepAlive(s), enquireLinkMs);
    for (const w of [...waiting]) {
      waiting.delete(w);
      clearTimeout(w.timer);
      w.start(s);
    }
  }

  function keepAlive(s: Session): void {
    if (unanswered >= MAX_UNANSWERED) {
      log.warn({ smsc }, `SMPP: no enquire_link_resp to the last ${MAX_UNANSWERED}; connecting again`);
      s.destroy();
      return;
    }
    unanswered++;
    s.enquire_link(() => {
      unanswered = 0;
    });
  }

  function onClose(s: Session): void {
    if (s !== session) return;
    clearTimeout(bindTimer);
    clearInterval(enquireTimer);
    const wasBound = bound;
    session = undefined;
    bound = false;
    const lost = new SmsMaybeSent(`SMS gateway ${smsc}: the connection closed before submit_sm_resp (the text may or may not have been accepted)`);
    for (const fail of [...inFlight]) fail(lost);
    inFlight.clear();
    if (closed) return;
    if (wasBound) {
      log.warn({ smsc }, 'SMPP connection lost; binding again');
    } else {
      failures++;
    }
    const delay = wasBound ? rebindDelayMs : Math.min(rebindDelayMs * 2 ** Math.min(failures - 1, 10), Math.max(rebindDelayMs, MAX_REBIND_DELAY_MS));
    reconnectTimer = setTimeout(connect, delay);
  }

  function failWaiting(err: Error): void {
    for (const w of [...waiting]) {
      waiting.delete(w);
      clearTimeout(w.timer);
      w.fail(err);
    }
  }

  function onDeliver(pdu: PDU): void {
    const type = (pdu.esm_class ?? 0) & 0x3c; // bits 2-5: the message type
    if (type === smpp.ESM_CLASS.MC_DELIVERY_RECEIPT || type === smpp.ESM_CLASS.INTERMEDIATE_DELIVERY) {
      const receipt = parseReceipt(pdu);
      if (!receipt) {
        log.warn({ smsc }, 'SMPP: a delivery receipt without a message id or a status; ignored');
        return;
      }
      for (const listener of receiptListeners) call(listener, receipt);
    } else if (type === 0) {
      const message: SmsInbound = { from: senderOf(pdu), text: textOf(pdu) };
      for (const listener of inboundListeners) call(listener, message);
    } else {
      log.info({ smsc, esmClass: pdu.esm_class }, 'SMPP: a deliver_sm that is neither a receipt nor a reply; ignored');
    }
  }

  function call<T>(listener: (value: T) => void, value: T): void {
    try {
      listener(value);
    } catch (err) {
      log.warn({ smsc, err: err instanceof Error ? err.message : String(err) }, 'SMS listener failed');
    }
  }

  function send(to: string, text: string): Promise<{ messageId: string }> {
    if (closed) return Promise.reject(new Error('SMS gateway closed'));
    if (!E164.test(to)) return Promise.reject(new Error('SMS: the number is not E.164 (+, the country code, the number: +8801712345678)'));
    if (!text) return Promise.reject(new Error('SMS: the text is empty'));
    const fields = submitFields(url.source, to, text);

    return new Promise((resolve, reject) => {
      let settled = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const finish = (err: Error | undefined, messageId = '') => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (err) reject(err);
        else resolve({ messageId });
      };

      const submit = (s: Session) => {
        const fail = (err: Error) => finish(err);
        const written = s.submit_sm({ ...fields }, (resp) => {
          inFlight.delete(fail);
          if (resp.command_status === 0) finish(undefined, resp.message_id ?? '');
          else finish(new Error(`SMS gateway ${smsc} refused submit_sm: ${describeStatus(resp.command_status)}`));
        });
        if (!written) {
          // The socket is closing (nothing was written): the text goes on the next bind.
          wait();
          return;
        }
        inFlight.add(fail);
        timer = setTimeout(() => {
          inFlight.delete(fail);
          finish(new SmsMaybeSent(`SMS gateway ${smsc}: no submit_sm_resp within ${responseWaitMs} ms (the text may or may not have been accepted)`));
        }, responseWaitMs);
      };

      const wait = () => {
        const entry: Waiting = {
          start: submit,
          fail: finish,
          timer: setTimeout(() => {
            waiting.delete(entry);
            finish(new Error(`SMS gateway ${smsc} not bound within ${bindWaitMs} ms${lastProblem ? `: ${lastProblem}` : ''}`));
          }, bindWaitMs),
        };
        waiting.add(entry);
      };

      if (bound && session) submit(session);
      else wait();
    });
  }

  function close(): Promise<void> {
    if (closing) return closing;
    closed = true;
    clearTimeout(reconnectTimer);
    failWaiting(new Error('SMS gateway closed'));
    const s = session;
    if (!s) {
      closing = Promise.resolve();
      return closing;
    }
    closing = new Promise<void>((resolve) => {
      const guard = setTimeout(() => s.destroy(), CLOSE_WAIT_MS);
      s.socket.once('close', () => {
        clearTimeout(guard);
        resolve();
      });
      // Bound: unbind, then end the connection once the SMSC has answered (SMPP 3.4, 2.2.2).
      if (!bound || !s.unbind(() => s.close())) s.destroy();
    });
    return closing;
  }

  connect();

  return {
    send,
    onReceipt(listener) {
      receiptListeners.push(listener);
    },
    onInbound(listener) {
      inboundListeners.push(listener);
    },
    close,
  };
}
