// Registers the service worker (src/web/sw.ts, built to /sw.js: decision 033). Kept tiny: it is
// part of the home page's script, whose budget is counted in bytes (e2e/page-weight.spec.ts).

/** The worker's address; its scope is the whole site. */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the worker (again: registering is idempotent) and resolves with its registration, or
 * with null where there is none to register: browsers without service workers, and the Vite dev
 * server, which does not build the worker. Rejects when registering fails.
 */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return null;
  // updateViaCache 'none': update checks never read sw.js from the HTTP cache.
  return navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' });
}

/**
 * Registers the worker once the page has loaded, so that it and the few files it caches (the
 * offline page and the icons) never compete with the page's own downloads on a slow network.
 */
export function registerServiceWorkerAfterLoad() {
  // A failure only costs the offline page and push alerts; the site works without them.
  const register = () => void registerServiceWorker().catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
