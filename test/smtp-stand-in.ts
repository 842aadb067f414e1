import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A local stand-in for an SMTP relay, so the tests send real mail through nodemailer (its pool,
 * AUTH, MIME encoding) without the network: a real `smtp-server` on 127.0.0.1 that accepts any
 * credentials over plain text (no TLS, so nodemailer needs no certificate) and keeps each message,
 * parsed by `mailparser` as a mail client would read it.
 */

export interface ParsedMessage {
  /** The SMTP envelope's recipients (RCPT TO), lower-cased as given. */
  envelopeTo: string[];
  /** The To header as written, e.g. `donor@example.com`. */
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string | undefined;
  /** Every header, by lower-case name, unfolded and undecoded as sent (mailparser parses some, e.g. List-*, into objects). */
  headers: Map<string, string>;
  /** The AUTH user name of the connection that sent it, if any. */
  user: string | undefined;
}

export interface SmtpStandIn {
  /** `smtp://u:p@127.0.0.1:port` */
  url: string;
  messages: ParsedMessage[];
  /** Resolves once at least `count` messages are kept; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  /** Refuse the next `n` messages at the end of DATA with this SMTP code (4xx: try later, 5xx: refused). */
  failNext(n: number, code?: number): void;
  close(): Promise<void>;
}

export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const messages: ParsedMessage[] = [];
  const waiters = new Set<() => void>();
  let failures = 0;
  let failureCode = 451;

  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    // Not offered, so nodemailer does not try to upgrade to TLS with a certificate it cannot trust.
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 1000,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      // The whole message is read first, as a relay does, and refused (if asked) only at its end.
      simpleParser(stream)
        .then((parsed) => {
          if (failures > 0) {
            failures--;
            const err = Object.assign(new Error(failureCode >= 500 ? 'Message refused by the stand-in' : 'Try again later'), {
              responseCode: failureCode,
            });
            callback(err);
            return;
          }
          const headers = new Map<string, string>();
          for (const { key, line } of parsed.headerLines) {
            const value = line.slice(line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' ').trim();
            headers.set(key.toLowerCase(), value);
          }
          const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(', ') : (parsed.to?.text ?? '');
          messages.push({
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            to,
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            messageId: parsed.messageId,
            headers,
            user: typeof session.user === 'string' ? session.user : undefined,
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err))));
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // A connection's errors (a client resetting it, a pool closed in the middle) reach the server as
  // 'error' events, which would crash the test process unheard; the tests see failures client side.
  server.on('error', () => {});
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://u:p@127.0.0.1:${port}`,
    messages,
    waitFor(count, timeoutMs = 5000) {
      if (messages.length >= count) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const wake = () => {
          if (messages.length < count) return;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`expected ${count} messages within ${timeoutMs} ms, got ${messages.length}`));
        }, timeoutMs);
        waiters.add(wake);
      });
    },
    failNext(n, code = 451) {
      if (code < 400 || code > 599) throw new Error('failNext takes an SMTP 4xx or 5xx code');
      failures = n;
      failureCode = code;
    },
    close() {
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
