import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type pg from 'pg';
import { batched } from '../lib/batched';

// Rate limits counted in PostgreSQL (issue 19): every instance adds to the same count, so N
// instances behind a load balancer do not give a client N times the limit. On an UNLOGGED table
// (counts need no crash safety, and skip the WAL). The calls that arrive together go in one
// statement (lib/batched.ts): one round trip for many calls, whatever their keys. The calls with
// the same key add together ($3 of them), and each gets the count it would have had alone. Keys go
// in sorted order, so two instances' statements lock the rows they share in the same order (no
// deadlock).

const INCR = `
INSERT INTO rate_limits (key, count, reset_at)
SELECT key, n, now() + window_ms * interval '1 millisecond' FROM unnest($1::text[], $2::int[], $3::int[]) AS i(key, window_ms, n)
ON CONFLICT (key) DO UPDATE SET
  count = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.count ELSE rate_limits.count + EXCLUDED.count END,
  reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
RETURNING key, count, GREATEST(0, (EXTRACT(EPOCH FROM reset_at - now()) * 1000))::int AS ttl`;

/** A store class for @fastify/rate-limit over the app's pool; each route counts on its own, as the in-memory store did. */
export function postgresRateLimitStore(pool: pg.Pool): FastifyRateLimitStoreCtor {
  type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
  const count = batched(async (items: readonly { key: string; timeWindow: number }[]) => {
    const byKey = new Map<string, { timeWindow: number; n: number }>();
    for (const { key, timeWindow } of items) {
      const entry = byKey.get(key);
      if (entry) entry.n++;
      else byKey.set(key, { timeWindow, n: 1 });
    }
    const keys = [...byKey.keys()].sort();
    const { rows } = await pool.query<{ key: string; count: number; ttl: number }>({
      name: 'rate_limit_incr',
      text: INCR,
      values: [keys, keys.map((k) => byKey.get(k)!.timeWindow), keys.map((k) => byKey.get(k)!.n)],
    });
    // The calls of one key, in the order they came, get the counts they would have had alone.
    const next = new Map(rows.map((row) => [row.key, { current: row.count - byKey.get(row.key)!.n + 1, ttl: row.ttl }]));
    return items.map(({ key }) => {
      const at = next.get(key)!;
      return { current: at.current++, ttl: at.ttl };
    });
  });

  class PostgresStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly route = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      count({ key: `${this.route}|${key}`, timeWindow }).then(
        (result) => callback(null, result),
        (err: Error) => callback(err),
      );
    }

    /** The route's own counter: the plugin hands over its merged settings, with the route as `routeInfo`. */
    child(params: object): FastifyRateLimitStore {
      const route = (params as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      return new PostgresStore(undefined, `${[route.method ?? ''].flat().join(',')} ${route.url ?? ''}`);
    }
  }
  return PostgresStore as unknown as FastifyRateLimitStoreCtor;
}

/** Counts whose window ended: deleted by the hourly clean-up. */
export async function deleteExpiredRateLimits(pool: pg.Pool): Promise<number> {
  const result = await pool.query(`DELETE FROM rate_limits WHERE reset_at < now()`);
  return result.rowCount ?? 0;
}
