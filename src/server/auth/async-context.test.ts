import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { cookieHeader, registerUser, tokenFor } from '../../../test/fixtures';
import { betterAuthStorages, quietAsyncContext } from './async-context';

// Node 20's AsyncLocalStorage: `enabled` is true while the storage keeps the promise hooks on.
const enabled = (storage: AsyncLocalStorage<unknown>) => (storage as unknown as { enabled: boolean }).enabled;

describe("better-auth's request-scoped storages (decision 056)", () => {
  it('stay on while any call is in flight, and go off when the last one ends', async () => {
    const key = Symbol.for('better-auth:global');
    const holder = globalThis as unknown as Record<symbol, { context: Record<string, unknown> } | undefined>;
    const saved = holder[key];
    const storage = new AsyncLocalStorage<string>();
    holder[key] = { context: { requestStateAsyncStorage: storage } };
    try {
      const gates: (() => void)[] = [];
      const call = (name: string) =>
        storage.run(name, () => {
          const store = storage.getStore()!;
          return new Promise<string>((resolve) => gates.push(() => resolve(store)));
        });
      const auth = quietAsyncContext({ handler: (_request: Request) => call('handler').then((s) => new Response(s)), api: { who: call } });
      const first = auth.api.who('first');
      const second = auth.handler(new Request('http://x/'));
      expect(enabled(storage)).toBe(true);
      gates[0]!();
      expect(await first).toBe('first');
      expect(enabled(storage)).toBe(true); // the handler's call is still in flight
      gates[1]!();
      expect(await (await second).text()).toBe('handler');
      expect(enabled(storage)).toBe(false);
    } finally {
      holder[key] = saved;
    }
  });

  describe('with the real app', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('are off once registrations, sign-ins and session checks have answered, and those answer as before', async () => {
      const user = await registerUser(t.app);
      // Four at once: a fifth and sixth from a new device would meet the per-account throttle's lock (sign-in-throttle.ts).
      const signIns = await Promise.all(
        Array.from({ length: 4 }, () => t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password: user.password } })),
      );
      expect(signIns.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      const tokens = await Promise.all(signIns.map((r) => tokenFor(t.app, cookieHeader(r), user.email)));
      expect(new Set(tokens).size).toBe(4);
      const storages = betterAuthStorages();
      expect(storages.length).toBeGreaterThanOrEqual(2);
      expect(storages.map(enabled)).toEqual(storages.map(() => false));
    });
  });
});
