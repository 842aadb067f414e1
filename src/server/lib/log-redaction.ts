import type { DestinationStream, Logger, LoggerOptions } from 'pino';
import { pino } from 'pino';
import { maskEmailParts } from '../../shared/privacy/model';

/**
 * An email address in a log line: in a path (`/api/users/someone@x.com`), a query, URL-encoded
 * (`?email=someone%40x.com`) or a message. The local part stops at characters that delimit URL
 * parts (`/ ? = & "`), so `?email=a@b.c` keeps its parameter name. A match starts only where
 * such a run of characters starts: the time taken stays linear in the line, however it is made.
 */
const EMAIL = /(?<![\p{L}\p{N}_.+%-])([\p{L}\p{N}_.+%-])[\p{L}\p{N}_.+%-]*(@|%40)((?:[\p{L}\p{N}-]+\.)+[\p{L}]{2,63})(?![\p{L}\p{N}-])/giu;

/** `someone@example.com` -> `s***@example.com` (the first letter and the domain are kept to help read the logs). */
export function maskEmails(text: string): string {
  if (!text.includes('@') && !text.includes('%40')) return text;
  return text.replace(EMAIL, (_match, first: string, at: string, domain: string) => maskEmailParts(first, domain, at));
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request serializer, with emails masked in the URL (path and query). Headers are not logged. */
export function requestSerializer(req: LoggedRequest) {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? maskEmails(req.url) : req.url,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** Credentials never reach the logs, should anything log headers. */
const REDACTED_HEADERS = ['authorization', 'cookie', '["set-cookie"]', '["x-api-key"]'];
const REDACT_PATHS = ['req.headers', 'res.headers', 'headers', 'request.headers', 'response.headers'].flatMap((h) =>
  REDACTED_HEADERS.map((name) => (name.startsWith('[') ? `${h}${name}` : `${h}.${name}`)),
);

/**
 * The logger settings that keep personal data out of the logs: the request serializer above,
 * credentials headers censored, and, as a last line, every email address in a finished line
 * masked (an error message, a 404's "Route GET /api/users/x@y.z not found").
 */
export const redactionOptions = {
  serializers: { req: requestSerializer },
  redact: { paths: REDACT_PATHS, censor: '[redacted]' },
  hooks: { streamWrite: maskEmails },
} satisfies LoggerOptions;

/** Adds the redaction to logger settings given to Fastify (`true` means Fastify's defaults). */
export function withLogRedaction<T extends object>(options: T | true): T & typeof redactionOptions {
  const given = (options === true ? {} : options) as T & Partial<LoggerOptions>;
  const redact = given.redact;
  const paths = redact === undefined ? [] : Array.isArray(redact) ? redact : redact.paths;
  return {
    ...given,
    serializers: { ...given.serializers, req: requestSerializer },
    redact: { ...(Array.isArray(redact) ? {} : redact), censor: '[redacted]', paths: [...REDACT_PATHS, ...paths] },
    hooks: { ...given.hooks, streamWrite: given.hooks?.streamWrite ? (s: string) => given.hooks!.streamWrite!(maskEmails(s)) : maskEmails },
  } as T & typeof redactionOptions;
}

/** The application's logger (main.ts): JSON lines, personal data redacted. */
export function createLogger(level: string, stream?: DestinationStream): Logger {
  return pino({ level, ...redactionOptions }, stream);
}
