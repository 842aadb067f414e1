// Notifications (issue 15): the API's shapes of the settings, the notifications and the push
// subscriptions. Rules: model.ts.

import { z } from 'zod';
import { ANSWERS } from '../outreach/model';
import { MAX_ALERTS_PER_WEEK_LIMIT, minutesOfDay, NOTIFICATION_KINDS } from './model';
import { OUTREACH_MESSAGES } from '../outreach/texts';
import { LANGS } from '../i18n/model';
import { BLOOD_COMPONENTS, BLOOD_GROUPS } from '../matching/model';
import { DONATION_STATUSES, URGENCIES } from '../donation-requests/model';
import { API_MESSAGES } from '../api/texts';

const hhmm = z.string().refine((v) => minutesOfDay(v) !== null, OUTREACH_MESSAGES.timeFormat);

/** GET /users/{email}/notification-settings answers all; PATCH takes any of them. */
export const notificationSettingsSchema = z.object({
  email: z.boolean(),
  push: z.boolean(),
  /** SMS alerts to the proven phone (issue 32); a reply STOP turns them off too. */
  sms: z.boolean(),
  quietHoursStart: hhmm,
  quietHoursEnd: hhmm,
  maxPerWeek: z.number().int().min(0).max(MAX_ALERTS_PER_WEEK_LIMIT, API_MESSAGES.atMost(MAX_ALERTS_PER_WEEK_LIMIT)),
  /** The language alerts and emails reach the user in (issue 16); the web keeps it in step with the switch. */
  language: z.enum(LANGS),
});
export const notificationSettingsPatchSchema = notificationSettingsSchema.partial().strict();
/**
 * The settings as GET and PATCH answer them (issue 38): with the channels this server can send on
 * (email needs SMTP_URL; push always has its keys; SMS needs SMS_URL). A channel that is not available sends nothing
 * whatever its switch says.
 */
export const notificationSettingsViewSchema = notificationSettingsSchema.extend({
  available: z.object({ email: z.boolean(), push: z.boolean(), sms: z.boolean() }),
});
export type NotificationSettingsView = z.infer<typeof notificationSettingsViewSchema>;
export type NotificationSettingsPatch = z.input<typeof notificationSettingsPatchSchema>;

/** The request an alert is about: its essentials, never anyone's contact. */
export const notificationRequestSchema = z.object({
  _id: z.string(),
  bloodGroup: z.enum(BLOOD_GROUPS),
  component: z.enum(BLOOD_COMPONENTS),
  unitsNeeded: z.number().int(),
  hospitalName: z.string(),
  recipientDistrict: z.string(),
  donationDate: z.string(),
  donationTime: z.string(),
  urgency: z.enum(URGENCIES),
  donationStatus: z.enum(DONATION_STATUSES),
});

/** GET /notifications: the signed-in user's own, newest first. */
export const notificationSchema = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  read: z.boolean(),
  createdAt: z.string(),
  request: notificationRequestSchema.nullable(),
  /** The donor's answer to an alert's request, if any. */
  answer: z.enum(ANSWERS).nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** A browser's PushSubscription.toJSON(). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export type PushSubscriptionInput = z.input<typeof pushSubscriptionSchema>;
export const pushUnsubscribeSchema = z.object({ endpoint: z.url().max(2000) });

export const unreadCountSchema = z.object({ count: z.number().int() });
