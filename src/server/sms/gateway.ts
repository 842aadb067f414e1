// What the server needs of an SMS gateway, whatever carries the texts (SMPP, see smpp-gateway.ts;
// Twilio's REST API, see twilio-gateway.ts).

/** A delivery receipt for a text sent earlier. */
export interface SmsReceipt {
  /** The id `send` resolved with. */
  messageId: string;
  /** 'delivered': on the handset; 'failed': it will not be (undeliverable, expired, rejected, deleted); 'other': not final yet or unknown. */
  state: 'delivered' | 'failed' | 'other';
  delivered: boolean;
  /** The gateway's own word for it, e.g. DELIVRD, UNDELIV, EXPIRED, ACCEPTD. */
  status: string;
}

/** A text a phone sent to us (a reply). */
export interface SmsInbound {
  /** The sender: +8801XXXXXXXXX for a Bangladesh mobile, however the gateway wrote it. */
  from: string;
  text: string;
}

export interface SmsGateway {
  /**
   * Sends one text to one number (E.164, e.g. +8801712345678). Resolves with the gateway's message
   * id once it has accepted the text; rejects, saying why (the gateway's status, or that it could
   * not be reached in time), otherwise. Texts any GSM 03.38 character cannot write (Bangla) go as
   * UCS-2; a text longer than one SMS goes whole, for the gateway to split. A receipt is asked for.
   */
  send(to: string, text: string): Promise<{ messageId: string }>;
  onReceipt(listener: (receipt: SmsReceipt) => void): void;
  onInbound(listener: (message: SmsInbound) => void): void;
  /** Stops: no more reconnecting; waiting sends reject; resolves once the connection is closed. */
  close(): Promise<void>;
  /** Only for a gateway whose receipts and replies come over HTTP (Twilio's): what its routes hand it. */
  webhooks?: SmsWebhooks;
}

/** The form fields of a callback as posted; a field sent more than once is an array. */
export type WebhookFields = Record<string, string | string[]>;

export interface SmsWebhooks {
  /** Whose callbacks: the routes /api/sms/{provider}/... answer only for this gateway. */
  provider: 'twilio';
  /** Whether a callback is the gateway's own: its signature header over the URL it called and the fields it posted. */
  verify(url: string, fields: WebhookFields, signature: string | undefined): boolean;
  /** A status callback for a text sent earlier: its receipt goes to the onReceipt listeners. */
  handleStatus(status: { messageId: string; status: string }): void;
  /** A text a phone sent: to the onInbound listeners. */
  handleInbound(message: SmsInbound): void;
}

/**
 * A send whose text may or may not have reached the gateway (the connection closed, or no answer
 * came, after the text was written): sending it again could deliver it twice, so it is not retried.
 */
export class SmsMaybeSent extends Error {}
