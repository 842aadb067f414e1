// Push alerts (issue 15): subscribing this browser to the server's pushes and unsubscribing it.
// The service worker (src/web/sw.ts) shows what arrives. The profile's notification settings
// call these; the user must be signed in (the subscription belongs to their account).

import { ENDPOINTS } from '../../shared/api/endpoints';
import { publicApi, secureApi } from './api-client';
import { registerServiceWorker } from './register-sw';

/** Whether this browser can receive push alerts at all (iOS: only once the site is installed). */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** A base64url string (the server's VAPID public key) as the bytes `pushManager.subscribe` wants. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const sameBytes = (a: ArrayBuffer | null, b: Uint8Array) => a !== null && a.byteLength === b.byteLength && new Uint8Array(a).every((x, i) => x === b[i]);

/** The active worker's registration, registering it first if the page has not yet. */
async function readyRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!(await registerServiceWorker())) return null;
  return navigator.serviceWorker.ready;
}

/**
 * Asks for permission to show notifications (the browser prompts only if the user has not yet
 * answered: call it from a click), subscribes this browser to the server's pushes and sends the
 * subscription to the server. Safe to call again: an existing subscription is sent again (which
 * also repairs one the server dropped), one made with another server key is replaced.
 * Resolves false when push is not supported or notifications are not allowed; rejects when the
 * browser's push service or the server fails (an ApiError for the server).
 */
export async function subscribeToPush(): Promise<boolean> {
  if (!pushSupported()) return false;
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') return false;
  const registration = await readyRegistration();
  if (!registration) return false;

  const { publicKey } = await publicApi.call(ENDPOINTS.pushPublicKey, {});
  const applicationServerKey = base64UrlToBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });

  const json = subscription.toJSON();
  await secureApi.call(ENDPOINTS.pushSubscribe, {
    body: {
      endpoint: json.endpoint ?? subscription.endpoint,
      expirationTime: json.expirationTime ?? null,
      keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    },
  });
  return true;
}

/**
 * Stops push alerts to this browser: the server forgets the subscription first, then the browser
 * drops it (if the server cannot be reached, nothing changes and the call rejects, so it can be
 * tried again). Does nothing when this browser has no subscription.
 */
export async function unsubscribeFromPush(): Promise<void> {
  if (!pushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await secureApi.call(ENDPOINTS.pushUnsubscribe, { body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}
