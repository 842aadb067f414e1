// SMS (issue 32): every text message the site sends, one row each, written before it is queued.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { notifications } from './outreach';

/**
 * One SMS, from its queueing to the gateway's receipt (sms/outbox.ts). `state` goes pending ->
 * sending -> sent (-> delivered or failed by the receipt); 'sending' is committed just before the
 * message goes on the wire, so a job that finds it 'sending' again ran in an instance that died
 * mid-send and records 'unknown' instead of sending twice. A phone code's text (it holds the code)
 * and number are cleared once it left: the segments and the state stay, for the budget and the
 * receipt (found by gateway_id).
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Null when the number has no account yet (a phone sign-up's code) or the account was deleted. */
    userId: text().references(() => users.id, { onDelete: 'set null' }),
    /** +8801XXXXXXXXX; a phone code's number is dropped with its text once it left (nothing personal stays). */
    toNumber: text(),
    /** 'phone-code', 'alert' (a request's alert: notification_id says which), 'reply' (the answer to a donor's reply), 'notice' (a thank-you or eligible-again notice, issue 33: notification_id). */
    kind: text({ enum: ['phone-code', 'alert', 'reply', 'notice'] }).notNull(),
    notificationId: uuid().references(() => notifications.id, { onDelete: 'set null' }),
    body: text(),
    /** Segments the text takes (sms/segments.ts), counted against SMS_DAILY_SEGMENTS. */
    segments: smallint().notNull(),
    state: text({ enum: ['pending', 'sending', 'sent', 'delivered', 'failed', 'unknown'] })
      .notNull()
      .default('pending'),
    /** The gateway's id of the message (submit_sm_resp's message_id, Twilio's SID): receipts find the row by it. */
    gatewayId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('sms_messages_gateway_id_idx').on(t.gatewayId).where(sql`${t.gatewayId} IS NOT NULL`),
    index('sms_messages_sent_at_idx').on(t.sentAt).where(sql`${t.sentAt} IS NOT NULL`),
    // The day's and the month's messages (sms/service.ts).
    index('sms_messages_created_at_idx').on(t.createdAt),
    check('sms_messages_kind_check', sql`${t.kind} IN ('phone-code', 'alert', 'reply', 'notice')`),
    // A request's progress counts the donors its alerts reached by SMS (outreach/progress.ts).
    index('sms_messages_notification_idx').on(t.notificationId).where(sql`${t.notificationId} IS NOT NULL`),
    check('sms_messages_state_check', sql`${t.state} IN ('pending', 'sending', 'sent', 'delivered', 'failed', 'unknown')`),
    check('sms_messages_segments_check', sql`${t.segments} BETWEEN 1 AND 10`),
  ],
);
