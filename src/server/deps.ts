import type { Lang } from '../shared/i18n/model';
import type pg from 'pg';
import { type Auth, createAuth } from './auth/auth';
import { createGuards, type Guards } from './auth/guard';
import { getOrCreateSecret } from './auth/secret';
import { createSignInThrottle, type SignInThrottle } from './auth/sign-in-throttle';
import { createTokenService, type TokenService } from './auth/tokens';
import { type BlogCache, createBlogCache } from './blogs/cache';
import type { Config } from './config';
import type { Db } from './db/client';
import { createDonationRequestCache, type DonationRequestCache } from './donation-requests/cache';
import { createRequestQueries } from './donation-requests/queries';
import type { RequestsContext } from './donation-requests/service';
import { WriteEvents } from './lib/list-caches';
import { startWriteBroadcast, type WriteBroadcast } from './lib/write-broadcast';
import { createLocationService, type LocationService } from './locations/service';
import { rateLimits } from './plugins/rate-limit';
import { createSearchCache, type SearchCache } from './search/cache';
import { type JobQueue, QUEUES, startJobQueue } from './jobs';
import { createMailer, type Mailer } from './outreach/mailer';
import { createPushSender, type PushSender, type PushTestService } from './outreach/push-sender';
import { getOrCreateVapidKeys } from './outreach/vapid';
import { type OutreachSettings, releaseHeldRequests } from './outreach/waves';
import type { ReportSettings } from './reports/service';
import type { SmsGateway } from './sms/gateway';
import { answerAs, withdrawAs } from './outreach/service';
import { checkInAs } from './donation-requests/pledge-states';
import { queueSms } from './sms/outbox';
import { createSmppGateway } from './sms/smpp-gateway';
import { SMS_TEXTS } from './sms/sms-texts';
import { parseSmsUrl } from './sms/sms-url';
import { createTwilioGateway } from './sms/twilio-gateway';

/**
 * What every feature's routes receive. Feature modules import this type from here, never app.ts
 * (docs/decisions/028-feature-boundaries.md): app.ts imports the features' routes.
 */
export interface AppDeps {
  config: Config;
  db: Db;
  pool: pg.Pool;
  locations: LocationService;
  auth: Auth;
  tokens: TokenService;
  guards: Guards;
  signInThrottle: SignInThrottle;
  limits: ReturnType<typeof rateLimits>;
  /** The secret that signs sessions, tokens and unsubscribe links. */
  secret: string;
  /** Background jobs in PostgreSQL (jobs/index.ts); stopped when the app closes. */
  jobs: JobQueue;
  /** Email (SMTP_URL), or null when it is not configured. */
  mailer: Mailer | null;
  /** SMS (SMS_URL), or null when it is not configured: this instance's bind to the gateway. */
  sms: SmsGateway | null;
  push: { sender: PushSender; publicKey: string };
  outreach: OutreachSettings;
  /** Reports (issue 17) and who they count from (issue 30). */
  reports: ReportSettings;
  /** What the donation-request use cases and lists work with (their prepared statements, built once). */
  requests: RequestsContext;
  /** An account's answer to a request by its id (outreach/service.ts): SMS replies. */
  answerAs: ReturnType<typeof answerAs>;
  withdrawAs: ReturnType<typeof withdrawAs>;
  /** A pledged donor's check-in by their id (donation-requests/pledge-states.ts): SMS replies 3 and 4. */
  checkInAs: ReturnType<typeof checkInAs>;
  /** Announces this instance's writes to the others, and hears theirs (lib/write-broadcast.ts). */
  writeBroadcast: WriteBroadcast;
  /** Stops what createDeps started (the job queue, the listening connection, the mail pool); the app's onClose calls it. */
  close(): Promise<void>;
  /**
   * List answers kept briefly in memory, one cache per feature (decision 027), created once per
   * app. A successful write reported to `writes` clears, before its answer leaves, the caches
   * whose feature said that write changes them.
   */
  caches: {
    writes: WriteEvents;
    donationRequests: DonationRequestCache;
    blogs: BlogCache;
    search: SearchCache;
  };
}

export interface DepsOptions {
  config: Config;
  db: Db;
  /** Test hook: the clock of the access tokens. */
  now?: () => number;
  /** Expire lost jobs and clean old ones (main.ts does; tests that only enqueue need not). */
  superviseJobs?: boolean;
  /** Tests only: the local stand-in push service (outreach/push-sender.ts); nothing in the configuration sets it. */
  pushTestService?: PushTestService;
}

/** Everything the routes need, built from the configuration and the database. */
export async function createDeps(options: DepsOptions): Promise<AppDeps> {
  const { config, db } = options;
  const secret = config.AUTH_SECRET ?? (await getOrCreateSecret(db, 'auth'));
  const tokens = createTokenService(secret, options.now);
  const writes = new WriteEvents();
  const jobs = await startJobQueue(db.$client, { timeoutSeconds: config.JOB_TIMEOUT_SECONDS, supervise: options.superviseJobs ?? false });
  // Address confirmations and password-reset links share one queue (outreach/workers.ts).
  const sendAccountMail = config.SMTP_URL
    ? async (kind: 'verify' | 'reset', to: { email: string; name: string; lang: Lang }, url: string) => {
        await jobs.send(QUEUES.verifyEmail, { kind, to: to.email, name: to.name, url, lang: to.lang });
      }
    : undefined;
  const signInThrottle = createSignInThrottle(db, secret, {
    maxFailures: config.SIGN_IN_MAX_FAILURES,
    maxLockMinutes: config.SIGN_IN_MAX_LOCK_MINUTES,
    secureCookie: config.publicUrl.startsWith('https:'),
  });
  const vapid = await getOrCreateVapidKeys(db, config, config.VAPID_SUBJECT ?? (config.publicUrl.startsWith('https:') ? config.publicUrl : `mailto:${mailAddress(config.MAIL_FROM)}`));
  const writeBroadcast = await startWriteBroadcast(db.$client, writes);
  const mailer = createMailer(config.SMTP_URL, config.MAIL_FROM);
  const sms = smsGateway(config.SMS_URL, config.publicUrl);
  // A phone's code (issue 32) is an SMS like any other: a row and a job (sms/outbox.ts).
  const sendPhoneCode = sms
    ? (to: string, code: string, lang: Lang) =>
        db.transaction(async (tx) => {
          await queueSms(tx, jobs, { userId: null, to, kind: 'phone-code', body: SMS_TEXTS[lang].phoneCode(code) });
        })
    : undefined;
  const locations = createLocationService(db);
  const donationRequestCache = createDonationRequestCache(config.LIST_CACHE_TTL_MS, writes);
  const requests: RequestsContext = {
    db,
    jobs,
    locations,
    queries: createRequestQueries(db),
    cache: donationRequestCache,
    settings: {
      requestsPerDay: config.REQUESTS_PER_DAY,
      reportsToHide: config.REPORTS_TO_HIDE,
      mail: config.SMTP_URL !== undefined,
      intervals: config.donationIntervals,
      sms: config.SMS_URL !== undefined,
      reminderHours: config.REMINDER_HOURS_BEFORE,
    },
  };
  return {
    writeBroadcast,
    async close() {
      // Workers stop before the database goes: jobs in hand finish (or are retried after a timeout).
      await jobs.stop({ graceful: true, wait: true, timeout: 10_000 });
      await writeBroadcast.close();
      mailer?.close();
      await sms?.close();
    },
    secret,
    jobs,
    mailer,
    sms,
    push: { sender: createPushSender(vapid, { testService: options.pushTestService }), publicKey: vapid.publicKey },
    outreach: {
      waveSize: config.OUTREACH_WAVE_SIZE,
      waveMinutes: config.OUTREACH_WAVE_MINUTES,
      mail: config.SMTP_URL !== undefined,
      reportsToHide: config.REPORTS_TO_HIDE,
      newAccountHours: config.NEW_ACCOUNT_HOURS,
      intervals: config.donationIntervals,
      sms: config.SMS_URL !== undefined,
      smsFallbackMinutes: config.SMS_FALLBACK_MINUTES,
    },
    reports: { mail: config.SMTP_URL !== undefined, newAccountHours: config.NEW_ACCOUNT_HOURS, reportsToHide: config.REPORTS_TO_HIDE, perDay: config.REPORTS_PER_DAY },
    requests,
    answerAs: answerAs(requests),
    withdrawAs: withdrawAs(requests),
    checkInAs: checkInAs(requests),
    config,
    db,
    pool: db.$client,
    locations,
    auth: createAuth(config, db, secret, {
      sendMail: sendAccountMail,
      onEmailVerified: (userId) => releaseHeldRequests(db, jobs, userId),
      onPasswordReset: (user) => signInThrottle.clear(user.email),
      sendPhoneCode,
      // A proven phone confirms the account like a confirmed address: held requests send their first wave.
      onPhoneVerified: (userId) => releaseHeldRequests(db, jobs, userId),
    }),
    tokens,
    guards: createGuards(db, tokens),
    signInThrottle,
    limits: rateLimits(
      {
        authPerMinute: config.RATE_LIMIT_AUTH_PER_MINUTE,
        tokenPerMinute: config.RATE_LIMIT_TOKEN_PER_MINUTE,
        uploadPerMinute: config.RATE_LIMIT_UPLOAD_PER_MINUTE,
        searchPerMinute: config.RATE_LIMIT_SEARCH_PER_MINUTE,
      },
      tokens,
      secret,
    ),
    caches: {
      writes,
      donationRequests: donationRequestCache,
      blogs: createBlogCache(config.LIST_CACHE_TTL_MS, writes),
      search: createSearchCache(config.LIST_CACHE_TTL_MS, writes),
    },
  };
}

/** This instance's SMS gateway from SMS_URL: an SMPP bind, or Twilio's API (which posts receipts and replies to publicUrl). */
function smsGateway(raw: string | undefined, publicUrl: string): SmsGateway | null {
  if (!raw) return null;
  const url = parseSmsUrl(raw);
  return url.kind === 'smpp' ? createSmppGateway(url) : createTwilioGateway(url, { publicUrl });
}

/** The address of "Name <address>" (or the whole text). */
function mailAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from;
}
