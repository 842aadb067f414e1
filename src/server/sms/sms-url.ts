// SMS_URL: which SMS gateway the server talks to, and how, in one setting.
//   smpp://SYSTEM_ID:PASSWORD@HOST:PORT?source=SENDER   an SMSC over SMPP 3.4 (a transceiver bind)
//   twilio://ACCOUNT_SID:AUTH_TOKEN@HOST?from=NUMBER    Twilio's REST API (twilio-gateway.ts)
// The user and password parts are URL-encoded (a password with @ or : writes them as %40, %3A).
// No error names the password: the message ends up in the log of a server that failed to start.

export interface SmppUrl {
  kind: 'smpp';
  host: string;
  port: number;
  systemId: string;
  password: string;
  /** The sender the texts come from: an alphanumeric name (BloodDonation) or a number. */
  source: string;
}

export interface TwilioUrl {
  kind: 'twilio';
  accountSid: string;
  authToken: string;
  /** host[:port] of the REST API, e.g. api.twilio.com */
  host: string;
  from: string;
}

export type SmsUrl = SmppUrl | TwilioUrl;

const FORMS = 'smpp://SYSTEM_ID:PASSWORD@HOST:PORT?source=SENDER or twilio://ACCOUNT_SID:AUTH_TOKEN@HOST?from=NUMBER';
const SMPP_DEFAULT_PORT = 2775;
/** source_addr is a C-Octet String of at most 21 octets, its NUL included (SMPP 3.4, 5.2.8). */
const MAX_SOURCE = 20;

export function parseSmsUrl(raw: string): SmsUrl {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    // Not the parser's error: Node's TypeError carries the input (the password with it).
    throw new Error(`SMS_URL is not a URL; expected ${FORMS}`);
  }
  const scheme = url.protocol.replace(/:$/, '');
  if (scheme !== 'smpp' && scheme !== 'twilio') {
    throw new Error(`SMS_URL has the scheme "${scheme}"; expected ${FORMS}`);
  }
  // What the messages may show of the URL: everything but the secret. Without a password, the user
  // part is not shown either: it may be the password, written without the user before it.
  const shown = `${scheme}://${url.username && url.password ? `${url.username}:***@` : ''}${url.host}`;
  const user = decode(url.username, shown, 'the user');
  const secret = decode(url.password, shown, 'the password');
  if (!url.hostname) throw new Error(`SMS_URL (${shown}) has no host; expected ${FORMS}`);

  if (scheme === 'smpp') {
    if (!user || !secret) throw new Error(`SMS_URL (${shown}) needs the SMSC account as SYSTEM_ID:PASSWORD@ before the host`);
    const port = url.port ? Number(url.port) : SMPP_DEFAULT_PORT;
    if (port < 1) throw new Error(`SMS_URL (${shown}) has port 0; the SMSC's port is usually ${SMPP_DEFAULT_PORT}`);
    const source = url.searchParams.get('source')?.trim() ?? '';
    if (!source) throw new Error(`SMS_URL (${shown}) needs ?source=SENDER, the name or number the texts come from`);
    if (source.length > MAX_SOURCE) throw new Error(`SMS_URL (${shown}): source "${source}" is longer than SMPP's ${MAX_SOURCE} characters`);
    // [::1] is how a URL writes an IPv6 host; a socket takes it without the brackets.
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    return { kind: 'smpp', host, port, systemId: user, password: secret, source };
  }

  if (!user || !secret) throw new Error(`SMS_URL (${shown}) needs the Twilio account as ACCOUNT_SID:AUTH_TOKEN@ before the host`);
  const from = url.searchParams.get('from')?.trim() ?? '';
  if (!from) throw new Error(`SMS_URL (${shown}) needs ?from=NUMBER, the Twilio number or sender the texts come from`);
  return { kind: 'twilio', accountSid: user, authToken: secret, host: url.host, from };
}

function decode(part: string, shown: string, what: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new Error(`SMS_URL (${shown}): ${what} is not URL-encoded correctly (a % must start %XX)`);
  }
}
