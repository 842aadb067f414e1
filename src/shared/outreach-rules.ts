// Outreach rules (issue 15), zod-free so the web and the server read the same table.

import type { Urgency } from './donation-request-rules';
import type { Lang } from './i18n';

/** A donor's alert settings; the defaults are what a new account has. */
export interface NotificationSettings {
  email: boolean;
  push: boolean;
  /** "HH:MM", Asia/Dhaka. Quiet from start (inclusive) to end (exclusive); may wrap midnight. */
  quietHoursStart: string;
  quietHoursEnd: string;
  /** At most this many request alerts in any 7 days (0 turns alerts off). */
  maxPerWeek: number;
  /** The language alerts and emails are written in (issue 16). */
  language: Lang;
}

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  email: true,
  push: true,
  quietHoursStart: '22:00',
  quietHoursEnd: '07:00',
  maxPerWeek: 3,
  language: 'en',
};

export const MAX_ALERTS_PER_WEEK_LIMIT = 50;

/** "HH:MM" -> minutes after midnight, or null. */
export function minutesOfDay(hhmm: string): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** Minutes after midnight in Dhaka (UTC+6, no daylight saving) at an instant. */
export function dhakaMinuteOfDay(at: Date): number {
  return Math.floor((at.getTime() / 60_000 + 6 * 60) % (24 * 60));
}

/** Whether a minute of the day falls in [start, end), wrapping midnight when start > end; start = end is never quiet. */
export function isQuiet(minute: number, start: number, end: number): boolean {
  if (start === end) return false;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/** Donors in one wave: `OUTREACH_WAVE_SIZE`, twice that for a critical request. */
export function waveSize(base: number, urgency: Urgency): number {
  return urgency === 'critical' ? base * 2 : base;
}

/** Only critical requests reach donors in their quiet hours. */
export const urgencyIgnoresQuietHours = (urgency: Urgency) => urgency === 'critical';

/**
 * The urgency a request alerts with (issue 30): a new account's request (standing-rules.ts) counts
 * as urgent at most, so a throwaway account's "critical" neither doubles its waves nor wakes anyone
 * in their quiet hours. Its page still shows what the requester chose.
 */
export const alertUrgency = (urgency: Urgency, requesterIsNew: boolean): Urgency => (requesterIsNew && urgency === 'critical' ? 'urgent' : urgency);

export const ANSWERS = ['accept', 'decline'] as const;
export type Answer = (typeof ANSWERS)[number];

/** The widest area a request's waves reached. */
export const OUTREACH_AREAS = ['none', 'upazila', 'district', 'nearby', 'far'] as const;
export type OutreachArea = (typeof OUTREACH_AREAS)[number];

export const NOTIFICATION_KINDS = ['alert', 'pledge', 'withdrawal', 'moderation', 'flagged'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const OUTREACH_MESSAGES = {
  timeFormat: 'Use a time like 22:00',
  bell: 'Notifications',
  noNotifications: 'No notifications yet',
  markAllRead: 'Mark all as read',
  respondTitle: 'Can you donate?',
  accept: 'Yes, I can donate',
  decline: 'No, not this time',
  accepted: 'Thank you! The family can now see your phone number, and you theirs.',
  // Issue 38: the family sees a pledge's name, email and phone (if any); a donor without a phone is told so.
  acceptedFamilyNoPhone: 'Thank you! The family can now see your name, email and phone number.',
  acceptedNoPhone: 'Thank you! The family can now see your name and email address. You have no phone number in your profile, so they cannot call you.',
  addPhone: 'Add a phone number to your profile',
  declined: 'Thank you for answering. You will not be alerted about this request again.',
  withdraw: 'Withdraw my pledge',
  withdrawn: 'Your pledge is withdrawn; the unit is open again.',
  unsubscribed: 'Email alerts are turned off. You can turn them on again in your profile.',
  settingsSaved: 'Notification settings saved',
  phoneShared: 'Shared only with the people you agreed to donate with',
  notPledged: 'You have not pledged to this request',
  alreadyAnswered: 'You already answered this request',
  verifyEmailSubject: 'Confirm your email address',
  emailVerified: 'Your email address is confirmed',
  // The web app's own texts (notifications page, respond and unsubscribe pages, settings).
  bellUnread: (count: number) => `Notifications, ${count} unread`,
  pageHeading: 'Notifications',
  pageIntro: 'Alerts about people near you who need your blood group, and news of your own requests.',
  alertTitle: 'Blood needed near you',
  pledgeReceived: 'A donor pledged to your request',
  withdrawalReceived: 'A donor withdrew their pledge',
  requestGone: 'This request no longer exists.',
  viewRequest: 'View the request',
  markRead: 'Mark as read',
  familyPhone: "The family's phone",
  answeredAccept: 'You pledged to donate',
  answeredDecline: 'You declined this request',
  notOpen: 'This request is no longer looking for donors.',
  withdrawTitle: 'Withdraw your pledge?',
  withdrawText: 'The family will be told, and the unit is offered to other donors again.',
  withdrawConfirm: 'Yes, withdraw',
  alreadyPledged: 'You have pledged to donate for this request.',
  unsubscribing: 'Turning off email alerts…',
  unsubscribeInvalid: 'This unsubscribe link is not valid',
  unsubscribeHeading: 'Email alerts',
  phoneLabel: 'Phone',
  contactPhoneLabel: 'Contact phone',
  settingsHeading: 'Notification settings',
  settingsIntro: 'How and when we alert you when someone near you needs your blood group.',
  emailLabel: 'Email alerts',
  pushLabel: 'Push alerts on this device',
  pushUnsupported: 'This browser cannot receive push alerts. On an iPhone, add the site to your home screen first.',
  pushDenied: 'Notifications are blocked for this site. Allow them in your browser settings, then try again.',
  quietStartLabel: 'Quiet hours from',
  quietEndLabel: 'Quiet hours until',
  quietHint: 'Bangladesh time. Only critical requests reach you in your quiet hours.',
  maxPerWeekLabel: 'Most alerts in a week',
  maxPerWeekHint: `0 turns request alerts off; at most ${MAX_ALERTS_PER_WEEK_LIMIT}.`,
  saveSettings: 'Save notification settings',
  progressHeading: 'Search for donors',
  nextWaveAt: (time: string) => `Next wave at ${time}`,
} as const;

/** What a push message carries; the service worker turns it into a notification with Accept and Decline. */
export interface PushPayload {
  title: string;
  body: string;
  /** The request the alert is about; the actions open /respond/{requestId}?answer=... */
  requestId: string;
  url: string;
  tag: string;
}

/** The one-tap answer page: `/respond/{id}?answer=accept|decline`. */
export const respondPath = (requestId: string, answer?: Answer) =>
  `/respond/${encodeURIComponent(requestId)}${answer ? `?answer=${answer}` : ''}`;
