// Outreach (issue 15): the alerts and other notices a user is told, their answers, the waves, push subscriptions.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { districts } from './locations';
import { donationRequests } from './requests';

/**
 * What a user is told (issue 15): an alert about a request (to a matched donor; at most one per
 * donor and request, enforced here), or a pledge or withdrawal (to the requester); after a donation
 * (issue 33) the donor's thank-you (one per request, enforced here) and, on their next eligible
 * day, that they can give again (no request). Email and push
 * delivery states ride along: each channel is sent at most once (outreach/deliveries.ts).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestId: uuid().references(() => donationRequests.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['alert', 'pledge', 'withdrawal', 'moderation', 'flagged', 'thanks', 'eligible', 'reminder'] }).notNull(),
    /** The wave an alert went out in. */
    wave: smallint(),
    /** A reminder's hours before the request's time (REMINDER_HOURS_BEFORE, issue 33). */
    reminderHours: smallint(),
    /** 'none' (not wanted or no channel), 'pending', 'sending', 'sent', 'failed', 'unknown' (the process died mid-send). */
    emailState: text().notNull().default('none'),
    pushState: text().notNull().default('none'),
    /**
     * An alert's SMS (issue 32, sms/alerts.ts), or a thank-you's or eligible-again notice's (issue 33,
     * sms/notices.ts; 'due', then 'queued' or 'skipped'): 'none' (not wanted, no proven phone, or no
     * SMS_URL), 'due' (its job makes it now), 'fallback' (its job makes it after
     * SMS_FALLBACK_MINUTES if the alert is still unanswered), 'queued' (its sms_messages row
     * exists: its delivery is there), 'skipped' (answered, no longer needed, or over the budget).
     */
    smsState: text().notNull().default('none'),
    /** The alert SMS's reply code ("1 K7Q2"), given when the SMS is made; unique among the donor's alerts. */
    replyCode: text(),
    /** The alert SMS's short link, /r/{linkToken}: signed with the site's secret (sms/alert-link.ts), so a donor answers without signing in. */
    linkToken: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} IS NULL`),
    uniqueIndex('notifications_one_alert_idx').on(t.requestId, t.userId).where(sql`${t.kind} = 'alert'`),
    uniqueIndex('notifications_link_token_idx').on(t.linkToken).where(sql`${t.linkToken} IS NOT NULL`),
    uniqueIndex('notifications_reply_code_idx').on(t.userId, t.replyCode).where(sql`${t.replyCode} IS NOT NULL`),
    check('notifications_sms_state_check', sql`${t.smsState} IN ('none', 'due', 'fallback', 'queued', 'skipped')`),
    check('notifications_kind_check', sql`${t.kind} IN ('alert', 'pledge', 'withdrawal', 'moderation', 'flagged', 'thanks', 'eligible', 'reminder')`),
    // Issue 33: one "Still coming?" per pledge and hours before (outreach/reminders.ts).
    uniqueIndex('notifications_one_reminder_idx').on(t.requestId, t.userId, t.reminderHours).where(sql`${t.kind} = 'reminder'`),
    // Issue 33: one thank-you per donor and request (outreach/after-donation.ts).
    uniqueIndex('notifications_one_thanks_idx').on(t.requestId, t.userId).where(sql`${t.kind} = 'thanks'`),
  ],
);

/** A donor's answer to a request: accept (also a pledge) or decline (never alerted about it again). */
export const outreachAnswers = pgTable(
  'outreach_answers',
  {
    requestId: uuid()
      .notNull()
      .references(() => donationRequests.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answer: text({ enum: ['accept', 'decline'] }).notNull(),
    answeredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the donor withdrew a pledge to this request (issue 30): no pledge to it again, and at most 3 withdrawals a day. */
    withdrawnAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.userId] }),
    index('outreach_answers_withdrawn_idx').on(t.userId, t.withdrawnAt).where(sql`${t.withdrawnAt} IS NOT NULL`),
    check('outreach_answers_answer_check', sql`${t.answer} IN ('accept', 'decline')`),
  ],
);

/** Each wave of alerts a request sent: one row per wave number, so a wave runs once. */
export const outreachWaves = pgTable(
  'outreach_waves',
  {
    requestId: uuid()
      .notNull()
      .references(() => donationRequests.id, { onDelete: 'cascade' }),
    wave: smallint().notNull(),
    notified: integer().notNull(),
    /** The widest area this wave reached: 'upazila', 'district', 'nearby' or 'far' (shared/outreach/model.ts). */
    area: text().notNull(),
    farthestDistrictId: integer().references(() => districts.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.wave] })],
);

/** A browser's push subscription (web push, VAPID). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text().notNull().unique(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);
