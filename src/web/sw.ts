// The service worker, built to /sw.js by vite-plugin-pwa (injectManifest: vite.config.ts) and
// registered after the page's load event (lib/register-sw.ts). Decision 033. It does two things:
// - offline: pages come from the network as before; when the network fails, the precached
//   offline page answers instead of the browser's error. Nothing else is cached: the app's
//   scripts are never downloaded ahead of need (metered data on cheap phones);
// - push alerts: a push from the server (a PushPayload) becomes a notification with Accept and
//   Decline, and a click opens the request's one-tap answer page (sw-actions.ts decides which).
// Types: tsconfig.sw.json (the WebWorker library, not the DOM's).

import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, type PrecacheEntry, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { clickTarget, notificationFor } from './sw-actions';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

const OFFLINE_PAGE = '/offline.html';

// The offline page, the manifest and its icons (the list is written in at build time: vite.config.ts).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A new worker takes over at once: it caches none of the app's files, so the pages it starts
// controlling cannot end up mixing two versions. (How updates reach users: decision 033.)
self.addEventListener('install', (event) => {
  void self.skipWaiting();
  addStaticRoutes(event);
});
clientsClaim();

// Navigation preload: the browser starts fetching a page while the worker boots, instead of
// after (NetworkOnly then uses that response). Every GET navigation the worker sees must be
// answered from it, which the navigation route below does.
self.addEventListener('activate', (event) => {
  event.waitUntil(self.registration.navigationPreload?.enable() ?? Promise.resolve());
});

const network = new NetworkOnly();
registerRoute(
  new NavigationRoute(async (options) => {
    try {
      return await network.handle(options);
    } catch {
      return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
    }
  }),
);

interface StaticRoute {
  condition: { urlPattern: unknown };
  source: 'network';
}
type RoutableInstallEvent = ExtendableEvent & { addRoutes?: (routes: StaticRoute[]) => Promise<void> };
declare const URLPattern: (new (init: { pathname: string }) => unknown) | undefined;

/**
 * The app's scripts and the API never touch the worker (Chrome's static routing API, where
 * there is one): on a cheap phone each request through a worker costs a hop to its thread, and
 * OAuth callbacks and email links under /api reach the server exactly as without a worker.
 * Elsewhere those requests pass through the worker's fetch handler, which leaves them alone.
 */
function addStaticRoutes(event: RoutableInstallEvent) {
  if (typeof event.addRoutes !== 'function' || typeof URLPattern === 'undefined') return;
  try {
    const routes = ['/assets/*', '/api/*'].map((pathname): StaticRoute => ({ condition: { urlPattern: new URLPattern({ pathname }) }, source: 'network' }));
    event.waitUntil(event.addRoutes(routes).catch(() => undefined));
  } catch {
    // An older form of the API: the fetch handler serves instead.
  }
}

/** The push's JSON, or null when it has no data or no JSON (the worker then shows a generic alert). */
function pushPayload(event: PushEvent): unknown {
  try {
    return event.data?.json() ?? null;
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const { title, options } = notificationFor(pushPayload(event));
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(clickTarget(event.action, event.notification.data), self.location.origin).href;
  event.waitUntil(openWindow(url));
});

/** Brings a window of the app to the front on `url`, or opens one. */
async function openWindow(url: string) {
  const windows = await self.clients.matchAll({ type: 'window' });
  const client = windows.find((w) => w.focused) ?? windows.find((w) => w.visibilityState === 'visible') ?? windows[0];
  if (client) {
    try {
      const focused = await client.focus();
      if (await focused.navigate(url)) return;
    } catch {
      // Not focusable or navigable (e.g. closing): open a new window instead.
    }
  }
  await self.clients.openWindow(url);
}
