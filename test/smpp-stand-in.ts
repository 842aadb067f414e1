import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import smpp, { type PDU, type PduOptions, type Session } from 'smpp';

/**
 * A local stand-in for an SMSC, so the SMS gateway's tests run real SMPP 3.4 over TCP (the `smpp`
 * library on both sides) without an operator: a `smpp.createServer` on 127.0.0.1 that takes one
 * account's transceiver binds, answers submit_sm with a fresh message id and keeps each text as
 * an SMSC reads it (by data_coding: GSM 03.38 for 0, UCS-2 big-endian for 8), and sends receipts
 * and replies (deliver_sm) when a test asks.
 */

export interface SubmittedSms {
  /** destination_addr as received: digits, no + (8801712345678). */
  to: string;
  destTon: number;
  source: string;
  text: string;
  dataCoding: number;
  registeredDelivery: number;
  /** Which field carried the text. */
  field: 'short_message' | 'message_payload';
  messageId: string;
  at: Date;
}

export type ReceiptStat = 'DELIVRD' | 'UNDELIV' | 'EXPIRED' | 'DELETED' | 'REJECTD' | 'ACCEPTD' | 'ENROUTE' | 'UNKNOWN';

export interface SmppStandIn {
  port: number;
  /** `smpp://systemId:password@127.0.0.1:port?source=BloodDonation` */
  url: string;
  submitted: SubmittedSms[];
  /** Binds accepted. */
  binds: number;
  /** Binds refused (wrong system id or password). */
  refusedBinds: number;
  /** enquire_link received from the gateway. */
  enquireLinks: number;
  unbinds: number;
  /** Open connections. */
  connections: number;
  /** Sends a delivery receipt for a message: its text ("id:... stat:...") and the receipted_message_id / message_state TLVs, unless told otherwise. Resolves on deliver_sm_resp. */
  deliverReceipt(messageId: string, stat: ReceiptStat, options?: { text?: boolean; tlvs?: boolean }): Promise<void>;
  /** Sends a reply from a phone (a mobile-originated deliver_sm). Resolves on deliver_sm_resp. */
  sendInbound(from: string, text: string, options?: { unicode?: boolean }): Promise<void>;
  /** Sends enquire_link to the bound gateway; resolves on its enquire_link_resp. */
  enquireLink(): Promise<void>;
  /** Cuts every connection, as a lost link does. */
  dropConnections(): void;
  /** Refuses the next submit_sm with this command_status (e.g. smpp.errors.ESME_RSYSERR). */
  failNext(commandStatus: number): void;
  /** Resolves once `ready()` holds, checked after every event here; rejects after `timeoutMs`, naming `what`. */
  waitFor(what: string, ready: () => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const STATES: Record<ReceiptStat, number> = {
  DELIVRD: smpp.MESSAGE_STATE.DELIVERED,
  UNDELIV: smpp.MESSAGE_STATE.UNDELIVERABLE,
  EXPIRED: smpp.MESSAGE_STATE.EXPIRED,
  DELETED: smpp.MESSAGE_STATE.DELETED,
  REJECTD: smpp.MESSAGE_STATE.REJECTED,
  ACCEPTD: smpp.MESSAGE_STATE.ACCEPTED,
  ENROUTE: smpp.MESSAGE_STATE.ENROUTE,
  UNKNOWN: smpp.MESSAGE_STATE.UNKNOWN,
};

/** YYMMDDhhmm, as receipts write dates. */
const receiptDate = (d: Date) => d.toISOString().replace(/\D/g, '').slice(2, 12);

const textOf = (part: PDU['short_message']): string =>
  part === undefined ? '' : typeof part.message === 'string' ? part.message : part.message.toString('latin1');

export async function startSmppStandIn({ systemId, password }: { systemId: string; password: string }): Promise<SmppStandIn> {
  const sessions = new Set<Session>();
  const bound = new Set<Session>();
  const waiters = new Set<() => void>();
  const failures: number[] = [];
  const wake = () => {
    for (const check of [...waiters]) check();
  };

  const server = smpp.createServer((session) => {
    sessions.add(session);
    standIn.connections = sessions.size;
    wake();
    // A gateway cutting its connection (a test's close, a drop) reaches here as ECONNRESET.
    session.on('error', () => {});
    session.on('close', () => {
      sessions.delete(session);
      bound.delete(session);
      standIn.connections = sessions.size;
      wake();
    });
    session.on('bind_transceiver', (pdu) => {
      if (bound.has(session)) {
        session.send(pdu.response({ command_status: smpp.errors.ESME_RALYBND }));
      } else if (pdu.system_id !== systemId || pdu.password !== password) {
        standIn.refusedBinds++;
        session.send(pdu.response({ command_status: smpp.errors.ESME_RBINDFAIL }));
      } else {
        bound.add(session);
        standIn.binds++;
        session.send(pdu.response({ system_id: 'SmppStandIn' }));
      }
      wake();
    });
    session.on('enquire_link', (pdu) => {
      standIn.enquireLinks++;
      session.send(pdu.response());
      wake();
    });
    session.on('unbind', (pdu) => {
      standIn.unbinds++;
      bound.delete(session);
      session.send(pdu.response());
      wake();
    });
    session.on('submit_sm', (pdu) => {
      if (!bound.has(session)) {
        session.send(pdu.response({ command_status: smpp.errors.ESME_RINVBNDSTS }));
        return;
      }
      const failure = failures.shift();
      if (failure !== undefined) {
        session.send(pdu.response({ command_status: failure }));
        return;
      }
      // The library has decoded the text by data_coding, as an SMSC reads it (iconv's UTF-16BE for
      // 8, the GSM 03.38 table for 0); a text in message_payload leaves short_message empty.
      const short = textOf(pdu.short_message);
      const messageId = crypto.randomBytes(5).toString('hex');
      standIn.submitted.push({
        to: pdu.destination_addr ?? '',
        destTon: pdu.dest_addr_ton ?? 0,
        source: pdu.source_addr ?? '',
        text: short || textOf(pdu.message_payload),
        dataCoding: pdu.data_coding ?? 0,
        registeredDelivery: pdu.registered_delivery ?? 0,
        field: short ? 'short_message' : 'message_payload',
        messageId,
        at: new Date(),
      });
      session.send(pdu.response({ message_id: messageId }));
      wake();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  server.on('error', () => {});
  const { port } = server.address() as AddressInfo;

  /** The bound session (the newest), or an error: a test asking for a deliver_sm expects a bind. */
  const boundSession = (): Session => {
    const newest = [...bound].at(-1);
    if (!newest) throw new Error('SMPP stand-in: no gateway is bound');
    return newest;
  };

  /** Sends a request and resolves on its response (status 0), rejecting after 5 s. */
  const request = (what: string, send: (s: Session, cb: (resp: PDU) => void) => boolean): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`SMPP stand-in: no response to ${what} within 5 s`)), 5000);
      const written = send(boundSession(), (resp) => {
        clearTimeout(timer);
        if (resp.command_status === 0) resolve();
        else reject(new Error(`SMPP stand-in: ${what} answered with status ${resp.command_status}`));
      });
      if (!written) {
        clearTimeout(timer);
        reject(new Error(`SMPP stand-in: could not write ${what}`));
      }
    });

  const standIn: SmppStandIn = {
    port,
    url: `smpp://${encodeURIComponent(systemId)}:${encodeURIComponent(password)}@127.0.0.1:${port}?source=BloodDonation`,
    submitted: [],
    binds: 0,
    refusedBinds: 0,
    enquireLinks: 0,
    unbinds: 0,
    connections: 0,
    deliverReceipt(messageId, stat, { text = true, tlvs = true } = {}) {
      const sms = standIn.submitted.find((s) => s.messageId === messageId);
      const now = receiptDate(new Date());
      const done = stat === 'DELIVRD' ? '001' : '000';
      // SMPP 3.4 appendix B; its text: field starts the text sent (its printable ASCII here).
      const start = (sms?.text ?? '').slice(0, 20).replace(/[^ -~]/g, '.');
      const fields: PduOptions = {
        source_addr_ton: smpp.TON.INTERNATIONAL,
        source_addr_npi: smpp.NPI.ISDN,
        source_addr: sms?.to ?? '',
        destination_addr: sms?.source ?? '',
        esm_class: smpp.ESM_CLASS.MC_DELIVERY_RECEIPT,
        data_coding: smpp.ENCODING.SMSC_DEFAULT,
        short_message: text ? `id:${messageId} sub:001 dlvrd:${done} submit date:${now} done date:${now} stat:${stat} err:${done === '001' ? '000' : '001'} text:${start}` : '',
        ...(tlvs ? { receipted_message_id: messageId, message_state: STATES[stat] } : {}),
      };
      return request('deliver_sm (receipt)', (s, cb) => s.deliver_sm(fields, cb));
    },
    sendInbound(from, text, { unicode = false } = {}) {
      const fits = unicode ? text.length <= 70 : text.length <= 160;
      const fields: PduOptions = {
        source_addr_ton: from.startsWith('880') ? smpp.TON.INTERNATIONAL : smpp.TON.UNKNOWN,
        source_addr_npi: smpp.NPI.ISDN,
        source_addr: from,
        destination_addr: 'BloodDonation',
        esm_class: 0,
        data_coding: unicode ? smpp.ENCODING.UCS2 : smpp.ENCODING.SMSC_DEFAULT,
        ...(fits ? { short_message: text } : { message_payload: text }),
      };
      return request('deliver_sm (reply)', (s, cb) => s.deliver_sm(fields, cb));
    },
    enquireLink() {
      return request('enquire_link', (s, cb) => s.enquire_link(cb));
    },
    dropConnections() {
      for (const s of sessions) s.destroy();
    },
    failNext(commandStatus) {
      failures.push(commandStatus);
    },
    waitFor(what, ready, timeoutMs = 5000) {
      if (ready()) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!ready()) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`SMPP stand-in: ${what} did not happen within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
      });
    },
    close() {
      for (const s of sessions) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return standIn;
}
