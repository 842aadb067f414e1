import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { smsMessages } from '../db/schema/sms';
import type { SmsUsage } from '../../shared/stats/schemas';

// What the site's SMS cost, for the admin home (issue 32): the messages queued today and this month
// (Dhaka's calendar) that the gateway took, and their segments. A message counts once the gateway
// accepted it (sent_at), and so does one whose send may have reached it ('unknown': a gateway bills
// what it took); a failure is a message that will not arrive (the gateway refused it every time, or
// its receipt said so).

const dhakaDay = sql`date_trunc('day', now() AT TIME ZONE 'Asia/Dhaka') AT TIME ZONE 'Asia/Dhaka'`;
const dhakaMonth = sql`date_trunc('month', now() AT TIME ZONE 'Asia/Dhaka') AT TIME ZONE 'Asia/Dhaka'`;
const at = smsMessages.createdAt;
const spent = sql`(${smsMessages.sentAt} IS NOT NULL OR ${smsMessages.state} = 'unknown')`;
const failed = sql`${smsMessages.state} = 'failed'`;

export async function smsUsage(db: Db, enabled: boolean): Promise<SmsUsage> {
  const [row] = await db
    .select({
      todaySegments: sql<number>`COALESCE(sum(${smsMessages.segments}) FILTER (WHERE ${spent} AND ${at} >= ${dhakaDay}), 0)::int`,
      todayMessages: sql<number>`(count(*) FILTER (WHERE ${spent} AND ${at} >= ${dhakaDay}))::int`,
      todayFailed: sql<number>`(count(*) FILTER (WHERE ${failed} AND ${at} >= ${dhakaDay}))::int`,
      monthSegments: sql<number>`COALESCE(sum(${smsMessages.segments}) FILTER (WHERE ${spent}), 0)::int`,
      monthMessages: sql<number>`(count(*) FILTER (WHERE ${spent}))::int`,
      monthFailed: sql<number>`(count(*) FILTER (WHERE ${failed}))::int`,
    })
    .from(smsMessages)
    // The month's rows only, by their index.
    .where(sql`${at} >= ${dhakaMonth}`);
  const r = row!;
  return {
    enabled,
    today: { segments: r.todaySegments, messages: r.todayMessages, failed: r.todayFailed },
    month: { segments: r.monthSegments, messages: r.monthMessages, failed: r.monthFailed },
  };
}
