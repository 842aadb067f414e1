// Notifications (issue 15): a donor's alert settings, the kinds of notification, what a push
// message carries, and which push endpoints the server accepts (issue 30, decision 059). Zod-free:
// the web and the server read the same table.

import type { Lang } from '../i18n/model';
import { PUSH_SERVICE_MESSAGES } from './texts';

/** A donor's alert settings; the defaults are what a new account has. */
export interface NotificationSettings {
  email: boolean;
  push: boolean;
  /** SMS alerts to the proven phone (issue 32). */
  sms: boolean;
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
  sms: true,
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

/** Issue 33: 'reminder' asks a pledged donor "Still coming?" before the request's time; 'thanks' and 'eligible' close the loop after a donation (the donor's thank-you, and that they can give again). */
export const NOTIFICATION_KINDS = ['alert', 'pledge', 'withdrawal', 'moderation', 'flagged', 'thanks', 'eligible', 'reminder'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What a push message carries; the service worker turns it into a notification with Accept and Decline. */
export interface PushPayload {
  title: string;
  body: string;
  /** The request the alert is about; the actions open /respond/{requestId}?answer=... */
  requestId: string;
  url: string;
  tag: string;
}

// ---------------------------------------------------------------------------------------------
// Push endpoints (issue 30, decision 059). A browser's PushSubscription names a URL at its
// vendor's push service, and the server later POSTs to that URL: an endpoint anywhere else would
// make the server connect wherever a user says (a request forgery). So only `https:` URLs on the
// standard port whose host is a browser push service are accepted, plus the hosts an operator adds
// with PUSH_SERVICE_HOSTS (a self-hosted service; the tests' stand-in).
//
// The browsers' push services and the hosts of their endpoints, from "What are the browser push
// services?" (Pushpad, https://blog.pushpad.xyz/2022/03/what-are-the-browser-push-services/) and
// Apple's "Sending web push notifications in web apps and browsers" (developer.apple.com:
// "allow URLs from *.push.apple.com"):
//   Chrome, Edge on Android, Opera, Brave, Samsung Internet: Google FCM, fcm.googleapis.com (older
//     Chrome subscriptions: android.googleapis.com/gcm/send/...);
//   Firefox: Mozilla autopush, updates.push.services.mozilla.com;
//   Edge on Windows: Microsoft WNS, <region>.notify.windows.com;
//   Safari (macOS 13+, iOS 16.4+): Apple, web.push.apple.com (and other *.push.apple.com).

/** Host names as written: `host.example` exactly, or `*.example` for any name under it (not itself). */
export const BROWSER_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
  '*.push.apple.com',
] as const;

/** Browsers (subscriptions) one account may have; a new one beyond it replaces the oldest. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

/** PUSH_SERVICE_HOSTS ("push.example.org, *.push.example.net") as a list, lower case, blanks dropped. */
export function parsePushServiceHosts(setting: string | undefined): string[] {
  return (setting ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h !== '');
}

/** Whether `host` (lower case, as a URL parser gives it) is one of `patterns`. */
export function hostMatches(host: string, patterns: readonly string[]): boolean {
  return patterns.some((p) => (p.startsWith('*.') ? host.endsWith(p.slice(1)) && host.length > p.length - 1 : host === p));
}

/**
 * Why `endpoint` is refused (a PUSH_SERVICE_MESSAGES text), or null when it is accepted: an
 * `https:` URL with no port but the standard one, no user name or password, and a host among the
 * browsers' push services or `extraHosts`. Pure: the server checks with the configured extra hosts,
 * the web may check with the browsers' own.
 */
export function pushEndpointProblem(endpoint: string, extraHosts: readonly string[] = []): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return PUSH_SERVICE_MESSAGES.malformed;
  }
  if (url.protocol !== 'https:') return PUSH_SERVICE_MESSAGES.notHttps;
  // The URL parser drops a written :443, so any port it keeps is another one.
  if (url.port !== '') return PUSH_SERVICE_MESSAGES.port;
  // The host must be written plainly, as browsers write it: no user name or password, percent
  // signs or backslashes in front of the path, where URL parsers disagree (web-push parses the
  // endpoint again, with Node's legacy url.parse).
  const authority = /^https:\/\/([^/?#]*)[/?#]/i.exec(endpoint)?.[1]?.toLowerCase();
  if (authority !== url.hostname && authority !== `${url.hostname}:443`) return PUSH_SERVICE_MESSAGES.malformed;
  if (!hostMatches(url.hostname, [...BROWSER_PUSH_SERVICE_HOSTS, ...extraHosts])) return PUSH_SERVICE_MESSAGES.notPushService;
  return null;
}
