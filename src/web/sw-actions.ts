// What the service worker (sw.ts) shows for a push message and opens for a click on it: pure
// functions, so they are unit-tested without a browser. Everything arriving here is untrusted
// input: a push may carry anything, and a notification's data outlives the worker that wrote it.

import { ANSWERS, type Answer, respondPath } from '../shared/outreach/model';
import type { PushPayload } from '../shared/notifications/model';
import { pathTo } from '../shared/routing/routes';

/** Shown when a push carries no usable payload: browsers penalize a push that shows nothing. */
export const GENERIC_ALERT = {
  title: 'New blood request',
  body: 'Someone needs blood. Open the app to see the request.',
} as const;
export const ACTION_TITLES: Record<Answer, string> = { accept: 'Accept', decline: 'Decline' };
/** Precached with the offline page (vite.config.ts), so an alert has its icons offline too. */
export const NOTIFICATION_ICON = '/icons/icon-192.png';
/** A white silhouette: Android draws the status-bar badge from its alpha channel only. */
export const NOTIFICATION_BADGE = '/icons/badge-96.png';

/** What a notification carries to its click (`Notification.data`). */
export interface AlertData {
  url: string;
  requestId: string | null;
}

/** The arguments of `registration.showNotification(title, options)`. */
export interface AlertNotification {
  title: string;
  options: {
    body: string;
    tag?: string;
    icon: string;
    badge: string;
    data: AlertData;
    actions: { action: Answer; title: string }[];
  };
}

const text = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null;

/** A path of this site ("/x", never "//host/x" or "/\host", which browsers read as another site). */
const appPath = (value: unknown): string | null => (typeof value === 'string' && /^\/(?![/\\])/.test(value) ? value : null);

const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;

/**
 * The notification for a push: `payload` is `event.data.json()` (a `PushPayload` from our
 * server), or null when the push had no data or no JSON. Each field missing or malformed falls
 * back on its own; the Accept and Decline actions need the request's id.
 */
export function notificationFor(payload: unknown): AlertNotification {
  const p = payload as Partial<Record<keyof PushPayload, unknown>> | null;
  const requestId = text(field(p, 'requestId'), 100);
  const title = text(field(p, 'title'), 200);
  const body = text(field(p, 'body'), 500);
  const tag = text(field(p, 'tag'), 200) ?? (requestId ? `request-${requestId}` : null);
  const url = appPath(field(p, 'url')) ?? (requestId ? respondPath(requestId) : pathTo('allRequest'));
  return {
    title: title ?? GENERIC_ALERT.title,
    options: {
      body: body ?? (title ? '' : GENERIC_ALERT.body),
      ...(tag ? { tag } : {}),
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_BADGE,
      data: { url, requestId },
      actions: requestId ? ANSWERS.map((action) => ({ action, title: ACTION_TITLES[action] })) : [],
    },
  };
}

/**
 * The path a click on a notification opens: Accept or Decline answer the request on its one-tap
 * page, a click on the notification itself opens its `url`. `action` is '' for a plain click;
 * `data` is the notification's data (any shape: it may come from an older worker).
 */
export function clickTarget(action: string, data: unknown): string {
  const requestId = text(field(data, 'requestId'), 100);
  const answer = ANSWERS.find((a) => a === action);
  if (answer && requestId) return respondPath(requestId, answer);
  return appPath(field(data, 'url')) ?? (requestId ? respondPath(requestId) : pathTo('allRequest'));
}
