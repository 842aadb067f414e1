import crypto from 'node:crypto';
import type https from 'node:https';
import webPush from 'web-push';
import type { PushPayload } from '../../shared/outreach-rules';
import type { VapidKeys } from './vapid';

// Web push (issue 15) through the browser vendors' push services, with `web-push` (VAPID signing,
// aes128gcm encryption). A subscription the service no longer knows (404, 410: the user revoked
// permission or the browser dropped it) is reported as 'gone' so the caller deletes it; any other
// failure throws, and the job queue tries again.

export type PushResult = 'sent' | 'gone';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushSender {
  send(target: PushTarget, payload: PushPayload, ttlSeconds: number): Promise<PushResult>;
}

/** Longest wait for a push service's answer; a hung request fails and is retried. */
const TIMEOUT_MS = 30_000;

/**
 * The Topic header (at most 32 base64url characters) from the notification's tag: a service holding
 * an undelivered message (the phone is off) replaces it with a newer one of the same topic, as the
 * service worker replaces a shown notification of the same tag.
 */
const topicOf = (tag: string) => crypto.createHash('sha256').update(tag).digest('base64url').slice(0, 32);

/** `agent` is for tests: a local push service with a self-signed certificate. */
export function createPushSender(vapid: VapidKeys, options: { agent?: https.Agent } = {}): PushSender {
  const vapidDetails = { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey };
  return {
    async send(target, payload, ttlSeconds) {
      try {
        await webPush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(payload), {
          vapidDetails,
          TTL: Math.max(0, Math.floor(ttlSeconds)),
          // Alerts are about blood needed within hours: deliver at once, even to a phone saving battery.
          urgency: 'high',
          topic: topicOf(payload.tag),
          timeout: TIMEOUT_MS,
          ...(options.agent ? { agent: options.agent } : {}),
        });
        return 'sent';
      } catch (err) {
        if (err instanceof webPush.WebPushError) {
          if (err.statusCode === 404 || err.statusCode === 410) return 'gone';
          // The endpoint is a capability URL: only its origin goes into the message (and the logs).
          throw new Error(`push service ${new URL(target.endpoint).origin} answered ${err.statusCode}: ${String(err.body).slice(0, 200)}`, { cause: err });
        }
        throw err;
      }
    },
  };
}
