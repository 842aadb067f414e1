import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers';
import { createPool } from '../db/client';
import { postgresRateLimitStore } from './rate-limit-store';

// The shared counts (issue 19): calls share statements, and each gets the count it would have had alone.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.drop());

/** An instance's store class, as the app makes it (one for every route). */
const storeOf = (pool: pg.Pool) => postgresRateLimitStore(pool);

/** A route's counter, as @fastify/rate-limit makes it. */
const counterOf = (Store: ReturnType<typeof storeOf>, url: string) => {
  const store = new Store({} as never).child!({ routeInfo: { method: 'GET', url } } as never) as FastifyRateLimitStore;
  return (key: string) =>
    new Promise<number>((resolve, reject) => store.incr(key, (err, result) => (err ? reject(err) : resolve(result!.current)), 60_000, 1000));
};

describe('postgresRateLimitStore', () => {
  it('counts every call once, in order, with one statement for the calls of one turn and one for those made while it ran', async () => {
    const query = vi.spyOn(database.pool, 'query');
    const store = storeOf(database.pool);
    const search = counterOf(store, '/api/search');
    const upload = counterOf(store, '/api/images');
    const first = [search('1.1.1.1'), search('1.1.1.1'), search('2.2.2.2'), upload('1.1.1.1'), search('1.1.1.1')];
    // Wait until the first statement is on its way, then call again: these wait for it and go together.
    await vi.waitFor(() => expect(query).toHaveBeenCalledTimes(1));
    const second = [search('1.1.1.1'), search('2.2.2.2'), upload('3.3.3.3'), search('1.1.1.1')];
    expect(await Promise.all(first)).toEqual([1, 2, 1, 1, 3]);
    expect(await Promise.all(second)).toEqual([4, 2, 1, 5]);
    expect(query).toHaveBeenCalledTimes(2);
    query.mockRestore();
  });

  it('adds up the calls of two instances on one database, however they interleave', async () => {
    const other = createPool(poolConfigOf(database.pool), 3);
    try {
      const a = counterOf(storeOf(database.pool), '/api/auth');
      const b = counterOf(storeOf(other), '/api/auth');
      const calls = Array.from({ length: 40 }, (_, i) => (i % 3 === 0 ? b : a)(i % 2 === 0 ? '9.9.9.9' : '8.8.8.8'));
      const counts = await Promise.all(calls);
      // Each key's counts are 1..20, each once: no call lost or counted twice across the instances.
      const byKey = (parity: number) => counts.filter((_, i) => i % 2 === parity).sort((x, y) => x - y);
      const oneToTwenty = Array.from({ length: 20 }, (_, i) => i + 1);
      expect(byKey(0)).toEqual(oneToTwenty);
      expect(byKey(1)).toEqual(oneToTwenty);
    } finally {
      await other.end();
    }
  });
});

/** The connection settings of a pool, for a second pool on the same database. */
function poolConfigOf(pool: pg.Pool): pg.PoolConfig {
  const { connectionString, host, port, user, password, database } = pool.options;
  return connectionString ? { connectionString } : { host, port, user, password, database };
}
