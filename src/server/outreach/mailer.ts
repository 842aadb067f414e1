import nodemailer from 'nodemailer';

// Email over SMTP (issue 15). One pooled transport per process: a wave may mail a thousand donors,
// and opening a connection (and TLS, and AUTH) per message would be slow and look like abuse to
// the relay. The job queue retries a failed send, so a send that did not reach the relay throws.

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /** A fixed Message-ID (`<id@domain>`), so a retried job's copy can be recognised as the same message. */
  messageId?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Connections kept open to the relay: enough to overlap round trips, few enough for any relay's limits. */
export const MAIL_CONNECTIONS = 3;

/** null when smtpUrl is undefined (no email is sent). */
export function createMailer(smtpUrl: string | undefined, from: string): Mailer | null {
  if (smtpUrl === undefined) return null;
  const transport = nodemailer.createTransport(
    {
      url: smtpUrl,
      pool: true,
      maxConnections: MAIL_CONNECTIONS,
      // The defaults (2 min to connect, 10 min of socket silence) outlast the job's own timeout;
      // a relay this slow is failed and the job retried instead.
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    },
    { from },
  );
  return {
    async send(mail) {
      const info = await transport.sendMail({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.headers ? { headers: mail.headers } : {}),
        ...(mail.messageId ? { messageId: mail.messageId } : {}),
      });
      // A relay may accept the message but refuse the recipient; with one recipient that is a failure.
      if (info.rejected.length > 0) {
        throw new Error(`SMTP relay refused the recipient: ${info.response}`);
      }
    },
    close() {
      transport.close();
    },
  };
}
