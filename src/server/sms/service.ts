import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { smsMessages } from '../db/schema/sms';
import type PgBoss from 'pg-boss';
import type { SmsUsage } from '../../shared/stats/schemas';
import { inTransaction, type JobQueue, QUEUES } from '../jobs';
import type { AlertSmsJobData } from './alerts';

// What other features ask of SMS (issue 32): the jobs that make a wave's alert SMS, and what the
// site's SMS cost. For the admin home: the messages queued today and this month
// (Dhaka's calendar) that the gateway took, and their segments. A message counts once the gateway
// accepted it (sent_at), and so does one whose send may have reached it ('unknown': a gateway bills
// what it took); a failure is a message that will not arrive (the gateway refused it every time, or
// its receipt said so).

/** The start of today in Dhaka, in SQL. */
export const dhakaDayStart = sql`date_trunc('day', now() AT TIME ZONE 'Asia/Dhaka') AT TIME ZONE 'Asia/Dhaka'`;
const dhakaMonth = sql`date_trunc('month', now() AT TIME ZONE 'Asia/Dhaka') AT TIME ZONE 'Asia/Dhaka'`;
const at = smsMessages.createdAt;
/** A message the gateway took, or may have taken ('unknown'): what it bills, and what reached a donor. */
export const smsTaken = sql`(${smsMessages.sentAt} IS NOT NULL OR ${smsMessages.state} = 'unknown')`;
const failed = sql`${smsMessages.state} = 'failed'`;

/**
 * Segments the day's messages take or will take (Dhaka's calendar): every message queued today but
 * those that failed (a gateway does not bill what it refused). What SMS_DAILY_SEGMENTS is counted
 * against (sms/alerts.ts).
 */
export async function segmentsCommittedToday(db: Db | Tx): Promise<number> {
  const [row] = await db
    .select({ segments: sql<number>`COALESCE(sum(${smsMessages.segments}), 0)::int` })
    .from(smsMessages)
    .where(sql`${at} >= ${dhakaDayStart} AND NOT ${failed}`);
  return row!.segments;
}

export async function smsUsage(db: Db, enabled: boolean, dailySegments: number): Promise<SmsUsage> {
  const [row] = await db
    .select({
      todaySegments: sql<number>`COALESCE(sum(${smsMessages.segments}) FILTER (WHERE ${smsTaken} AND ${at} >= ${dhakaDayStart}), 0)::int`,
      todayMessages: sql<number>`(count(*) FILTER (WHERE ${smsTaken} AND ${at} >= ${dhakaDayStart}))::int`,
      todayFailed: sql<number>`(count(*) FILTER (WHERE ${failed} AND ${at} >= ${dhakaDayStart}))::int`,
      monthSegments: sql<number>`COALESCE(sum(${smsMessages.segments}) FILTER (WHERE ${smsTaken}), 0)::int`,
      monthMessages: sql<number>`(count(*) FILTER (WHERE ${smsTaken}))::int`,
      monthFailed: sql<number>`(count(*) FILTER (WHERE ${failed}))::int`,
    })
    .from(smsMessages)
    // The month's rows only, by their index.
    .where(sql`${at} >= ${dhakaMonth}`);
  const r = row!;
  return {
    enabled,
    dailySegments,
    today: { segments: r.todaySegments, messages: r.todayMessages, failed: r.todayFailed },
    month: { segments: r.monthSegments, messages: r.monthMessages, failed: r.monthFailed },
  };
}

/**
 * The jobs that make a wave's alert SMS (sms/alerts.ts), inserted with the wave: now for the 'due'
 * ones, at `fallbackAt` for the 'fallback' ones.
 */
export function alertSmsJobs(alerted: { id: string; smsState: string }[], at: { critical: boolean; fallbackAt: Date }): PgBoss.JobInsert<AlertSmsJobData>[] {
  return alerted
    .filter((a) => a.smsState === 'due' || a.smsState === 'fallback')
    .map((a) => ({
      name: QUEUES.alertSms,
      data: { notificationId: a.id, critical: at.critical },
      ...(a.smsState === 'fallback' ? { startAfter: at.fallbackAt } : {}),
    }));
}

export interface NoticeSmsJobData {
  notificationId: string;
}

/** The job that makes a notice's SMS (a thank-you, or that a donor can give again: sms/notices.ts) at `at`, in the caller's transaction. */
export async function noticeSmsJob(tx: Tx, jobs: JobQueue, notificationId: string, at: Date): Promise<void> {
  await jobs.send(QUEUES.noticeSms, { notificationId } satisfies NoticeSmsJobData, { startAfter: at, db: inTransaction(tx) });
}
