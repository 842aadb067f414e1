import PgBoss from 'pg-boss';
import type pg from 'pg';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';

// Background work is a job in PostgreSQL (pg-boss, decision 034): it survives a crash, and any
// number of app instances share it. Every handler is idempotent by a key in our own tables, so a
// job run twice (its instance died after the work but before completing it) changes nothing twice.

export const QUEUES = {
  /** { requestId, wave }: alert the next donors of a request (outreach/waves.ts). */
  wave: 'outreach-wave',
  /** { notificationId }: one alert email. */
  email: 'outreach-email',
  /** { notificationId }: one alert to each of the donor's browsers. */
  push: 'outreach-push',
  /** { to, name, url }: an email address confirmation. */
  verifyEmail: 'verify-email',
  /** Deliveries that failed every retry: recorded as failed. */
  deliveryFailed: 'delivery-failed',
  /** { notificationId, critical }: make an alert's SMS, now or after SMS_FALLBACK_MINUTES (sms/alerts.ts). */
  alertSms: 'outreach-sms',
  /** { from, text }: a reply a phone sent (sms/inbound.ts); one at a time per number. */
  smsInbound: 'sms-inbound',
  /** { smsId }: one SMS (sms/outbox.ts). */
  sms: 'sms',
  /** SMS that failed every retry: recorded as failed. */
  smsFailed: 'sms-failed',
  /** { notificationId }: make a thank-you's or eligible-again notice's SMS (sms/notices.ts, issue 33). */
  noticeSms: 'notice-sms',
  /** { userId, date }: tell a donor on their next eligible day that they can give again (outreach/after-donation.ts). */
  eligibleAgain: 'eligible-again',
  /** { requestId, donorId, hours }: ask a pledged donor "Still coming?" (outreach/reminders.ts). */
  pledgeReminder: 'pledge-reminder',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export type JobQueue = PgBoss;

export interface JobQueueOptions {
  /** A job running longer is counted lost and run again (JOB_TIMEOUT_SECONDS). */
  timeoutSeconds: number;
  /** Run the expiry and clean-up of jobs (the app does; tests that only enqueue need not). */
  supervise: boolean;
}

/** pg-boss on the app's own pool: no second set of connections, and the schema `pgboss` beside ours. */
export async function startJobQueue(pool: pg.Pool, options: JobQueueOptions): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => pool.query(text, values) },
    supervise: options.supervise,
    schedule: false,
    migrate: true,
    expireInSeconds: options.timeoutSeconds,
    // Expiry is checked at each maintenance: often enough that a crashed instance's jobs come back
    // within about twice the timeout.
    maintenanceIntervalSeconds: Math.max(1, Math.min(60, Math.floor(options.timeoutSeconds / 2))),
    retentionDays: 7,
    deleteAfterDays: 7,
  });
  boss.on('error', () => {}); // reported through the handlers' own logging; never crash the process
  await boss.start();
  const retried = { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: options.timeoutSeconds };
  await ensureQueue(boss, QUEUES.deliveryFailed, {});
  // 'short': at most one waiting wave job per request (singletonKey = request id), so a reopen
  // never starts a second chain of waves beside one already scheduled.
  await ensureQueue(boss, QUEUES.wave, { ...retried, retryDelay: 10, policy: 'short' });
  await ensureQueue(boss, QUEUES.email, { ...retried, deadLetter: QUEUES.deliveryFailed });
  await ensureQueue(boss, QUEUES.push, { ...retried, deadLetter: QUEUES.deliveryFailed });
  await ensureQueue(boss, QUEUES.verifyEmail, retried);
  await ensureQueue(boss, QUEUES.smsFailed, {});
  await ensureQueue(boss, QUEUES.sms, { ...retried, deadLetter: QUEUES.smsFailed });
  await ensureQueue(boss, QUEUES.alertSms, retried);
  await ensureQueue(boss, QUEUES.noticeSms, retried);
  // 'short': a donor's notice for one date waits once (singletonKey = donor and date).
  await ensureQueue(boss, QUEUES.eligibleAgain, { ...retried, policy: 'short' });
  await ensureQueue(boss, QUEUES.pledgeReminder, retried);
  // 'singleton': one active job per number (singletonKey), so a repeated reply waits for the first.
  await ensureQueue(boss, QUEUES.smsInbound, { ...retried, policy: 'singleton' });
  return boss;
}

async function ensureQueue(boss: PgBoss, name: QueueName, options: Omit<PgBoss.Queue, 'name'>) {
  // Several instances may start at once: creating a queue that another just created is fine.
  if (await boss.getQueue(name)) return;
  await boss.createQueue(name, { name, ...options }).catch(async (err: unknown) => {
    if (!(await boss.getQueue(name))) throw err;
  });
}


/**
 * pg-boss's `db` option over a Drizzle transaction: jobs sent with it are inserted in that
 * transaction, so they exist exactly when the rows that called for them were committed.
 */
export function inTransaction(tx: Tx): PgBoss.Db {
  return {
    async executeSql(text, values) {
      // "$1 ... $n" becomes Drizzle parameters; the text between is taken as it is.
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`));
      const result = await tx.execute(sql.join(chunks));
      return { rows: result.rows as unknown[] as object[] };
    },
  };
}
