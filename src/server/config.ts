import { existsSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { parseHelpline } from '../shared/contact/model';
import { DONATION_INTERVAL_DAYS, type DonationIntervals } from '../shared/matching/model';
import { passwordSchema } from '../shared/users/schemas';
import { parseSmsUrl } from './sms/sms-url';

const csv = z
  .string()
  .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean));

function intervalDays(fallback: number) {
  return z.coerce.number().int().min(1).max(730).default(fallback);
}

/** proxy-addr's names for the loopback, link-local and private (unique local) ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IP address, a CIDR range (`10.0.0.0/8`, `fd00::/8`), an IPv4 address with a netmask, or a range name. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry.toLowerCase())) return true;
  const [address = '', range, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && net.isIPv4(range);
}

/**
 * TRUST_PROXY: which peers are believed about the client's address (X-Forwarded-For), the
 * address the rate limits count. `false` (or unset): none, the socket's address counts. A number
 * `n`: the app is behind `n` proxies, the address the outermost one appended counts. A list of
 * proxy addresses or CIDR ranges: the last address not in the list counts. `true` is refused: it
 * would count the first address of the header, which the client writes itself.
 */
const trustProxy = z.string().transform((value, ctx): false | number | string[] => {
  const v = value.trim().toLowerCase();
  if (v === 'false' || v === '0') return false;
  if (v === 'true') {
    ctx.addIssue({
      code: 'custom',
      message:
        '"true" would believe the first X-Forwarded-For address, which the client writes itself (anyone could dodge the rate limits). ' +
        'Set the number of proxies in front of the app instead (TRUST_PROXY=1 behind one reverse proxy), or their addresses ' +
        '(TRUST_PROXY=10.0.0.0/8,127.0.0.1); false or unset means no proxy',
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops <= 10) return hops;
    ctx.addIssue({ code: 'custom', message: 'must be at most 10 proxies' });
    return z.NEVER;
  }
  const entries = value.split(',').map((s) => s.trim()).filter(Boolean);
  const bad = entries.find((e) => !isProxyAddress(e));
  if (entries.length === 0 || bad !== undefined) {
    ctx.addIssue({
      code: 'custom',
      message: `${bad === undefined ? 'is empty' : `"${bad}" is not an IP address or CIDR range`}: set a number of proxies (1) or a comma-separated list of proxy addresses or CIDR ranges`,
    });
    return z.NEVER;
  }
  return entries;
});

/**
 * TRUST_PROXY as Fastify's `trustProxy`. A hop count becomes a function: Fastify (5.12) takes a
 * bare number to mean "trust nobody". Behind `n` proxies the socket's peer and the next `n - 1`
 * addresses of X-Forwarded-For (from its end) are proxies; the one before them is the client.
 */
export function fastifyTrustProxy(value: Config['TRUST_PROXY']): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  // Twice the machine's cores, at least 4: more connections than that only make the queries of a
  // busy instance share the cores (measured on 2 cores: matches at a million donors did about 1,000
  // calls a second with 4 connections, 700 with 10; decision 064).
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(() => Math.max(4, 2 * os.availableParallelism())),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: csv.default([]),
  BODY_LIMIT: z.coerce.number().int().min(1024).max(50 * 1024 * 1024).default(1024 * 1024),
  TRUST_PROXY: trustProxy.default(false),
  PUBLIC_URL: z.url().optional(),
  WEB_DIST_DIR: z.string().optional(),
  /** Signs sessions and access tokens; generated and kept in the database when not set. */
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_AUTHORIZATION_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  GITHUB_AUTHORIZATION_URL: z.url().default('https://github.com/login/oauth/authorize'),
  GITHUB_TOKEN_URL: z.url().default('https://github.com/login/oauth/access_token'),
  GITHUB_API_URL: z.url().default('https://api.github.com'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Where the Stripe library sends its calls (tests point it at a local stand-in). */
  STRIPE_API_URL: z.url().default('https://api.stripe.com'),
  FUNDING_CURRENCY: z.string().regex(/^[a-z]{3}$/, 'must be a three-letter ISO currency code in lower case').default('bdt'),
  FUNDING_MIN_AMOUNT: z.coerce.number().positive().default(100),
  FUNDING_MAX_AMOUNT: z.coerce.number().positive().max(999_999).default(100_000),
  /**
   * How long list answers are kept in memory (pending requests, published blogs, donor search,
   * a requester's own list). A write through this process clears them at once; 0 turns it off.
   */
  LIST_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /**
   * Per-address requests a minute where no account is named yet: sign-in, registration, the
   * password-reset and confirmation requests (carrier NAT: one address carries many people, so
   * this is high; password guessing is limited per account, sign-in-throttle.ts).
   */
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  /** Per-session exchanges of a session for an access token (POST /api/jwt) a minute. */
  RATE_LIMIT_TOKEN_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Image uploads a minute: per account when signed in, per address otherwise (a registration's photo comes first). */
  RATE_LIMIT_UPLOAD_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  RATE_LIMIT_SEARCH_PER_MINUTE: z.coerce.number().int().min(1).max(10_000_000).default(120),
  /**
   * Longest time a client may take to send a whole request, headers and body: a slower one gets
   * 408 and its connection is closed (a trickled body must not hold memory and a socket for long).
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /**
   * How long an idle keep-alive connection is kept open for the client's next request: longer
   * than the 60 s idle timeout of common proxies and load balancers, so that they, not the app,
   * close idle connections (the other way round, a request can race the close and fail).
   * At least 1 s: clients are told it in whole seconds (`Keep-Alive: timeout=72`).
   */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(72_000),
  /** Password attempts on one account (from devices it never signed in on) before it is locked. */
  SIGN_IN_MAX_FAILURES: z.coerce.number().int().min(2).max(100).default(5),
  /** The longest such lock: 1 minute at first, doubling with each further attempt, up to this. */
  SIGN_IN_MAX_LOCK_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  /** Days after a donation of each component before the donor is matched again (shared/matching/model.ts). */
  DONATION_INTERVAL_WHOLE_BLOOD_DAYS: intervalDays(DONATION_INTERVAL_DAYS.whole_blood),
  DONATION_INTERVAL_RED_CELLS_DAYS: intervalDays(DONATION_INTERVAL_DAYS.red_cells),
  DONATION_INTERVAL_PLATELETS_DAYS: intervalDays(DONATION_INTERVAL_DAYS.platelets),
  DONATION_INTERVAL_PLASMA_DAYS: intervalDays(DONATION_INTERVAL_DAYS.plasma),
  /** Outreach (issue 15): donors per wave of alerts (twice this for a critical request) and minutes between waves. */
  OUTREACH_WAVE_SIZE: z.coerce.number().int().min(1).max(1000).default(20),
  OUTREACH_WAVE_MINUTES: z.coerce.number().min(0.05).max(24 * 60).default(15),
  /** Email over SMTP: smtp://user:pass@host:port (smtps:// for TLS). Without it no email is sent. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Blood Donation <no-reply@localhost>'),
  /**
   * SMS (issue 32): smpp://SYSTEM_ID:PASSWORD@HOST:PORT?source=SENDER (an SMSC over SMPP 3.4) or
   * twilio://ACCOUNT_SID:AUTH_TOKEN@api.twilio.com?from=NUMBER (Twilio's REST API; it posts
   * receipts and replies to PUBLIC_URL). Without it no SMS is sent and phones cannot be proven
   * (sms/sms-url.ts).
   */
  SMS_URL: z
    .string()
    .superRefine((raw, ctx) => {
      try {
        const url = parseSmsUrl(raw);
        // The library refuses any other account SID when the server starts; said here, by name.
        if (url.kind === 'twilio' && !url.accountSid.startsWith('AC')) ctx.addIssue({ code: 'custom', message: 'the Twilio account SID (before the :) starts with AC' });
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    })
    .optional(),
  /** Minutes an alert waits unanswered before it also goes by SMS to a donor whom push reaches (issue 32); critical requests and donors without push get their SMS at once. */
  SMS_FALLBACK_MINUTES: z.coerce.number().min(0).max(24 * 60).default(10),
  /**
   * Hours before a request's time that each pledged donor is asked "Still coming?" (issue 33):
   * whole hours, comma-separated, each from 1 to 48; `off` sends none.
   */
  REMINDER_HOURS_BEFORE: z
    .string()
    .default('3,1')
    .transform((raw, ctx) => {
      if (raw.trim() === 'off') return [];
      const hours = raw.split(',').map((h) => h.trim()).filter(Boolean).map(Number);
      if (hours.some((h) => !Number.isInteger(h) || h <= 0 || h > 48)) {
        ctx.addIssue({ code: 'custom', message: 'must be whole hours before the request, comma-separated, each from 1 to 48 (3,1), or off' });
        return z.NEVER;
      }
      return [...new Set(hours)].sort((a, b) => b - a);
    }),
  /** SMS segments the site may send a day (Dhaka's calendar); the last fifth is kept for critical requests' alerts (decision 068). */
  SMS_DAILY_SEGMENTS: z.coerce.number().int().min(0).default(5000),
  /** Web push keys (both or neither); without them a pair is generated once and kept in the database. */
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https:// URL')
    .optional(),
  /**
   * How long a background job may run before it counts as lost (its instance died) and is run
   * again; waves and deliveries take seconds, so a crashed instance's work resumes this soon.
   */
  JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  /** Reports (issue 17): open reports that take a request off the public list and its alerts until staff review it. */
  REPORTS_TO_HIDE: z.coerce.number().int().min(1).max(1000).default(3),
  /** Requests one account may create in 24 hours (staff are exempt); beyond it, 429. */
  REQUESTS_PER_DAY: z.coerce.number().int().min(1).max(10_000).default(3),
  /**
   * Abuse resistance (issue 30, decision 058): an account younger than this many hours is "new":
   * its reports hide nothing, its requests alert as urgent at most and wake no one. 0 turns the
   * new-account rules off (tests of other features). Volunteers and admins are never new.
   */
  NEW_ACCOUNT_HOURS: z.coerce.number().min(0).max(24 * 365).default(24),
  /** Reports one account may file in 24 hours (staff are exempt); beyond it, 429. */
  REPORTS_PER_DAY: z.coerce.number().int().min(1).max(10_000).default(5),
  /**
   * More push-service hosts to accept subscriptions for (comma-separated host names, or `*.suffix`),
   * beside the browsers' own services (shared/notifications/model.ts): a self-hosted push service, or a
   * stand-in in tests.
   */
  PUSH_SERVICE_HOSTS: z.string().optional(),
  /**
   * The operator's details (issue 38): the helpline the site shows (a Bangladesh phone or a short
   * code like 16263) and the organisation's contact email; neither is shown when not set. The
   * privacy policy's and terms of use's own text (Markdown or plain text, read at start; a `.bn`
   * file beside it, like privacy.bn.md, is shown in Bangla), else the site's default text.
   */
  SITE_HELPLINE: z.string().transform((value, ctx) => {
    const helpline = parseHelpline(value);
    if (helpline) return helpline;
    ctx.addIssue({ code: 'custom', message: 'must be a Bangladesh phone number (01712345678, 02-9661551) or a short code (16263)' });
    return z.NEVER;
  }).optional(),
  SITE_CONTACT_EMAIL: z.email().optional(),
  SITE_PRIVACY_FILE: z.string().refine((file) => existsSync(file), 'no such file').optional(),
  SITE_TERMS_FILE: z.string().refine((file) => existsSync(file), 'no such file').optional(),
  /** Turns on GET /metrics (Prometheus), for `Authorization: Bearer <this>` only. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
});

export type RawConfig = z.infer<typeof configSchema>;
export type Config = RawConfig & {
  dataDir: string;
  publicUrl: string;
  /** Origins a browser may sign in from: PUBLIC_URL's, or both local names when it is not set. */
  trustedOrigins: string[];
  /** DONATION_INTERVAL_*_DAYS by component. */
  donationIntervals: DonationIntervals;
};

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a ConfigError that names the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", so `DATABASE_URL= npm start` uses the embedded database.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const cfg = parsed.data;
  if ((cfg.ADMIN_EMAIL === undefined) !== (cfg.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL: set ADMIN_EMAIL and ADMIN_PASSWORD together');
  }
  if ((cfg.VAPID_PUBLIC_KEY === undefined) !== (cfg.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together');
  }
  if (cfg.SMS_URL && parseSmsUrl(cfg.SMS_URL).kind === 'twilio' && cfg.PUBLIC_URL === undefined) {
    throw new ConfigError("Invalid configuration:\n  PUBLIC_URL: twilio:// needs PUBLIC_URL, the site's public https address: Twilio posts delivery receipts and replies there");
  }
  if (cfg.ADMIN_PASSWORD !== undefined) {
    const check = passwordSchema.safeParse(cfg.ADMIN_PASSWORD);
    if (!check.success) throw new ConfigError(`Invalid configuration:\n  ADMIN_PASSWORD: ${check.error.issues[0]?.message}`);
  }
  return {
    ...cfg,
    dataDir: path.resolve(cfg.DATA_DIR),
    publicUrl: cfg.PUBLIC_URL ?? `http://localhost:${cfg.PORT}`,
    donationIntervals: {
      whole_blood: cfg.DONATION_INTERVAL_WHOLE_BLOOD_DAYS,
      red_cells: cfg.DONATION_INTERVAL_RED_CELLS_DAYS,
      platelets: cfg.DONATION_INTERVAL_PLATELETS_DAYS,
      plasma: cfg.DONATION_INTERVAL_PLASMA_DAYS,
    },
    trustedOrigins: cfg.PUBLIC_URL
      ? [new URL(cfg.PUBLIC_URL).origin]
      : [`http://localhost:${cfg.PORT}`, `http://127.0.0.1:${cfg.PORT}`],
  };
}
