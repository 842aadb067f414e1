// The little of `smpp` (0.5, no types of its own) the SMS gateway and its test stand-in use.
// Read from node_modules/smpp/lib/{smpp,pdu,defs}.js: a session is an EventEmitter over one TCP
// socket; every command in defs.commands is a method that builds a PDU from plain options and
// sends it; a received PDU carries its fields (and TLVs) as properties, with short_message and
// message_payload already decoded by data_coding into `{ message }`.

declare module 'smpp' {
  import type { EventEmitter } from 'node:events';
  import type { Server as NetServer, Socket } from 'node:net';

  /** short_message / message_payload as received: decoded by data_coding (0: GSM 03.38, 3: Latin-1, 8: UCS-2), still a Buffer for codings the library cannot decode. */
  export interface DecodedMessage {
    message: string | Buffer;
    udh?: Buffer[];
  }

  /** A text to send: a string is encoded by the PDU's data_coding (0: GSM 03.38, 8: UCS-2 big-endian); a Buffer goes as it is. */
  export type OutgoingMessage = string | Buffer;

  /** The fields this project sets on a PDU it sends (header fields, body fields, TLVs by name). */
  export interface PduOptions {
    command_status?: number;
    sequence_number?: number;
    system_id?: string;
    password?: string;
    system_type?: string;
    interface_version?: number;
    service_type?: string;
    source_addr_ton?: number;
    source_addr_npi?: number;
    source_addr?: string;
    dest_addr_ton?: number;
    dest_addr_npi?: number;
    destination_addr?: string;
    esm_class?: number;
    registered_delivery?: number;
    /** Leave it unset and the library picks one (1, IA5, for GSM texts): set it. */
    data_coding?: number;
    short_message?: OutgoingMessage;
    message_id?: string;
    // TLVs
    message_payload?: OutgoingMessage;
    receipted_message_id?: string;
    message_state?: number;
  }

  export interface PDU {
    /** The command's name, e.g. 'submit_sm', 'bind_transceiver_resp', 'generic_nack', or 'unknown'. */
    command: string;
    command_length: number;
    command_id: number;
    command_status: number;
    sequence_number: number;
    system_id?: string;
    password?: string;
    source_addr_ton?: number;
    source_addr_npi?: number;
    source_addr?: string;
    dest_addr_ton?: number;
    dest_addr_npi?: number;
    destination_addr?: string;
    esm_class?: number;
    registered_delivery?: number;
    data_coding?: number;
    short_message?: DecodedMessage;
    message_id?: string;
    // TLVs, when the PDU has them
    message_payload?: DecodedMessage;
    receipted_message_id?: string;
    message_state?: number;
    isResponse(): boolean;
    /** The response to this request (same sequence_number); `command_status` for a refusal. */
    response(options?: PduOptions): PDU;
  }

  export type ResponseCallback = (pdu: PDU) => void;

  /**
   * Sends the command; `responseCallback` gets its response (matched by sequence_number), and is
   * never called when the connection closes first. Returns false, sending nothing, when the socket
   * is not writable.
   */
  export type CommandMethod = {
    (options: PduOptions, responseCallback?: ResponseCallback): boolean;
    (responseCallback?: ResponseCallback): boolean;
  };

  export type PduEvent = 'pdu' | 'bind_transceiver' | 'submit_sm' | 'deliver_sm' | 'enquire_link' | 'unbind';

  export interface Session extends EventEmitter {
    socket: Socket;
    bind_transceiver: CommandMethod;
    submit_sm: CommandMethod;
    deliver_sm: CommandMethod;
    enquire_link: CommandMethod;
    unbind: CommandMethod;
    /** Sends a PDU, e.g. `pdu.response()`. */
    send(pdu: PDU, responseCallback?: ResponseCallback): boolean;
    /** Ends the socket (FIN); `callback` on its 'close'. */
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    on(event: PduEvent, listener: (pdu: PDU) => void): this;
    on(event: 'connect' | 'close', listener: () => void): this;
    on(event: 'error', listener: (err: Error) => void): this;
  }

  export interface Server extends NetServer {
    /** The open sessions (a session leaves when its socket closes). */
    sessions: Session[];
  }

  interface Smpp {
    connect(options: { host: string; port: number }, listener?: () => void): Session;
    createServer(listener?: (session: Session) => void): Server;
    /** command_status values by name: ESME_ROK, ESME_RBINDFAIL... */
    errors: Readonly<Record<string, number> & Record<'ESME_ROK' | 'ESME_RBINDFAIL' | 'ESME_RALYBND' | 'ESME_RINVBNDSTS' | 'ESME_RSYSERR' | 'ESME_RTHROTTLED', number>>;
    ESM_CLASS: Readonly<{ MC_DELIVERY_RECEIPT: number; INTERMEDIATE_DELIVERY: number; UDH_INDICATOR: number }>;
    REGISTERED_DELIVERY: Readonly<{ FINAL: number }>;
    MESSAGE_STATE: Readonly<Record<'SCHEDULED' | 'ENROUTE' | 'DELIVERED' | 'EXPIRED' | 'DELETED' | 'UNDELIVERABLE' | 'ACCEPTED' | 'UNKNOWN' | 'REJECTED' | 'SKIPPED', number>>;
    ENCODING: Readonly<{ SMSC_DEFAULT: number; LATIN1: number; UCS2: number }>;
    TON: Readonly<{ UNKNOWN: number; INTERNATIONAL: number; ALPHANUMERIC: number }>;
    NPI: Readonly<{ UNKNOWN: number; ISDN: number }>;
  }

  const smpp: Smpp;
  export default smpp;
}
