import { and, eq, sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import type PgBoss from 'pg-boss';
import type { Db, Tx } from '../db/client';
import { smsMessages } from '../db/schema/sms';
import { inTransaction, type JobQueue, QUEUES } from '../jobs';
import { type SmsGateway, SmsMaybeSent, type SmsReceipt } from './gateway';
import { smsShape } from './segments';

// Every SMS the site sends (issue 32, decision 067) is a row of sms_messages and a job, written in
// the same transaction as what called for it. A message is claimed (pending -> sending, committed)
// just before it goes on the wire, one at a time, so a crash leaves 'sending' only for the
// messages that were on the wire: the job run again after the restart finds them 'sending' and
// records 'unknown' instead of sending twice; the batch's other messages are still 'pending' and go.
// A send that failed for sure goes back to 'pending' and the job is retried; after the last retry
// the dead-letter job records 'failed'. A send that may have reached the gateway (gateway.ts,
// SmsMaybeSent) is 'unknown' at once.

/** What a phone code's row forgets once it is done with: its text (the code) and its number. */
const forgottenCode = {
  body: sql`CASE WHEN ${smsMessages.kind} = 'phone-code' THEN NULL ELSE ${smsMessages.body} END`,
  toNumber: sql`CASE WHEN ${smsMessages.kind} = 'phone-code' THEN NULL ELSE ${smsMessages.toNumber} END`,
};

/** Messages on the wire at once: a crash leaves at most this many 'unknown'. */
const SMS_AT_ONCE = 10;

export type SmsKind = (typeof smsMessages.$inferInsert)['kind'];
export type SmsJob = PgBoss.Job<{ smsId: string }>;

export interface SmsMessage {
  /** The account it is for; null when the number has none yet. */
  userId: string | null;
  /** +8801XXXXXXXXX. */
  to: string;
  kind: SmsKind;
  body: string;
  /** The alert it carries (kind 'alert'). */
  notificationId?: string;
}

/** Queues one SMS in the caller's transaction: the row and its job exist exactly when the transaction commits. */
export async function queueSms(tx: Tx, jobs: JobQueue, message: SmsMessage): Promise<string> {
  const [row] = await tx
    .insert(smsMessages)
    .values({ userId: message.userId, toNumber: message.to, kind: message.kind, body: message.body, segments: smsShape(message.body).segments, notificationId: message.notificationId ?? null })
    .returning({ id: smsMessages.id });
  await jobs.send(QUEUES.sms, { smsId: row!.id }, { db: inTransaction(tx) });
  return row!.id;
}

/**
 * Takes one message from pending to sending (committed on its own) and returns what to send; a
 * message found 'sending' was on the wire when its instance died: it becomes 'unknown'.
 */
async function claim(db: Db, id: string): Promise<{ to: string; body: string } | null> {
  const [claimed] = await db
    .update(smsMessages)
    .set({ state: 'sending' })
    .where(and(eq(smsMessages.id, id), eq(smsMessages.state, 'pending')))
    .returning({ to: smsMessages.toNumber, body: smsMessages.body });
  if (claimed?.body && claimed.to) return { to: claimed.to, body: claimed.body };
  await db.update(smsMessages).set({ state: 'unknown' }).where(and(eq(smsMessages.id, id), eq(smsMessages.state, 'sending')));
  return null;
}

/**
 * A batch of SMS jobs, each message sent the moment it is claimed. Returns the jobs whose send
 * failed (the caller fails them, for a retry); the others are complete. Without a gateway (SMS_URL
 * was removed since the message was queued) nothing is sent and the messages stay 'pending'.
 */
export async function deliverSms(db: Db, gateway: SmsGateway | null, jobs: SmsJob[]): Promise<{ failed: SmsJob[]; error?: unknown }> {
  if (!gateway) return { failed: [] };
  const failed: SmsJob[] = [];
  let error: unknown;
  const limit = pLimit(SMS_AT_ONCE);
  await Promise.all(
    jobs.map((job) => limit(async () => {
      const message = await claim(db, job.data.smsId);
      if (!message) return;
      try {
        const { messageId } = await gateway.send(message.to, message.body);
        // A phone code's text holds the code, and its number may belong to nobody here yet: neither is kept once it left.
        await db
          .update(smsMessages)
          .set({ state: 'sent', gatewayId: messageId, sentAt: new Date(), ...forgottenCode })
          .where(eq(smsMessages.id, job.data.smsId));
      } catch (err) {
        // Perhaps on its way: 'unknown', never a second copy. Surely not sent: back to pending, retried.
        const maybe = err instanceof SmsMaybeSent;
        await db
          .update(smsMessages)
          .set({ state: maybe ? 'unknown' : 'pending' })
          .where(eq(smsMessages.id, job.data.smsId));
        if (!maybe) {
          error = err;
          failed.push(job);
        }
      }
    })),
  );
  return { failed, error };
}

/** Messages whose every retry failed (the dead-letter queue): recorded as failed, their codes and numbers dropped. */
export async function recordFailedSms(db: Db, jobs: SmsJob[]): Promise<void> {
  const ids = jobs.map((j) => j.data.smsId);
  if (ids.length === 0) return;
  await db
    .update(smsMessages)
    .set({ state: 'failed', ...forgottenCode })
    .where(sql`${smsMessages.id} = ANY(${sql.param(ids)}::uuid[]) AND ${smsMessages.state} = 'pending'`);
}

/** How long a receipt for a message not known yet waits, between looks, for the send's own record (ms). */
const RECEIPT_WAITS = [100, 500, 2_000];

/**
 * A delivery receipt from the gateway: the message it names is delivered, or failed; a receipt
 * that is not final changes nothing. A receipt can come before the send's own write of the
 * gateway's id (a fast handset answers within milliseconds): then it looks again, a few times.
 */
export async function recordSmsReceipt(db: Db, receipt: SmsReceipt, waits: readonly number[] = RECEIPT_WAITS): Promise<void> {
  if (receipt.state === 'other') return;
  for (const wait of [0, ...waits]) {
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const known = await db
      .update(smsMessages)
      .set({ state: sql`CASE WHEN ${smsMessages.state} IN ('sent', 'unknown') THEN ${receipt.state} ELSE ${smsMessages.state} END` })
      .where(eq(smsMessages.gatewayId, receipt.messageId))
      .returning({ id: smsMessages.id });
    if (known.length > 0) return;
  }
}
