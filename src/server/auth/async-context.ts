// Node 20's AsyncLocalStorage works through promise hooks, and while any instance is enabled
// those hooks run for every promise the process creates. better-auth keeps its request state, its
// endpoint context and its transaction adapter in three such storages, created at its first call
// and never disabled: after the first sign-in of an instance, every request of every route paid
// for them (about 6% of the matches endpoint's throughput, measured: decision 056).
//
// Every call into better-auth goes through `quietAsyncContext`'s wrapper: when the last call in
// flight ends, better-auth's storages are disabled, which turns the hooks off until its next call
// (`run` enables a storage again). better-auth runs nothing of its own after a call has answered
// here: its background tasks are awaited unless `advanced.backgroundTasks` is set, and this app
// does not set it. A storage this does not know (a renamed field in a later version) is left
// alone: the cost comes back, nothing breaks.

import type { AsyncLocalStorage } from 'node:async_hooks';

const BETTER_AUTH_GLOBAL = Symbol.for('better-auth:global');
const STORAGES = ['requestStateAsyncStorage', 'endpointContextAsyncStorage', 'adapterAsyncStorage'] as const;

let inFlight = 0;

/** better-auth's storages that exist now. */
export function betterAuthStorages(): AsyncLocalStorage<unknown>[] {
  const context = (globalThis as { [BETTER_AUTH_GLOBAL]?: { context?: Record<string, unknown> } })[BETTER_AUTH_GLOBAL]?.context ?? {};
  return STORAGES.map((name) => context[name]).filter((s): s is AsyncLocalStorage<unknown> => typeof (s as AsyncLocalStorage<unknown> | undefined)?.disable === 'function');
}

async function track<T>(call: () => Promise<T>): Promise<T> {
  inFlight++;
  try {
    return await call();
  } finally {
    if (--inFlight === 0) for (const storage of betterAuthStorages()) storage.disable();
  }
}

/** The same auth instance, whose handler and API calls turn better-auth's storages off when none is in flight. */
export function quietAsyncContext<A extends { handler: (request: Request) => Promise<Response>; api: object }>(auth: A): A {
  const wrapped = new Map<PropertyKey, unknown>();
  const api = new Proxy(auth.api, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      if (!wrapped.has(name)) wrapped.set(name, (...args: unknown[]) => track(() => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args)));
      return wrapped.get(name);
    },
  });
  return { ...auth, handler: (request: Request) => track(() => auth.handler(request)), api };
}
