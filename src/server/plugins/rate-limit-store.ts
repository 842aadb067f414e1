import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type pg from 'pg';

// Rate limits counted in PostgreSQL (issue 19): every instance adds to the same count, so N
// instances behind a load balancer do not give a client N times the limit. On an UNLOGGED table
// (counts need no crash safety, and skip the WAL). The requests of one event-loop turn with the
// same key add together in one statement ($3 of them), and each gets the count it would have had
// alone: concurrent calls from one address no longer queue on that row's lock one by one.

const INCR = `
INSERT INTO rate_limits (key, count, reset_at) VALUES ($1, $3, now() + $2 * interval '1 millisecond')
ON CONFLICT (key) DO UPDATE SET
  count = CASE WHEN rate_limits.reset_at <= now() THEN $3 ELSE rate_limits.count + $3 END,
  reset_at = CASE WHEN rate_limits.reset_at <= now() THEN now() + $2 * interval '1 millisecond' ELSE rate_limits.reset_at END
RETURNING count, GREATEST(0, (EXTRACT(EPOCH FROM reset_at - now()) * 1000))::int AS ttl`;

/** A store class for @fastify/rate-limit over the app's pool; each route counts on its own, as the in-memory store did. */
export function postgresRateLimitStore(pool: pg.Pool): FastifyRateLimitStoreCtor {
  type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
  let pending: Map<string, { timeWindow: number; callbacks: Callback[] }> | null = null;
  const flush = () => {
    const batch = pending;
    pending = null;
    for (const [key, { timeWindow, callbacks }] of batch ?? []) {
      pool
        .query<{ count: number; ttl: number }>({ name: 'rate_limit_incr', text: INCR, values: [key, timeWindow, callbacks.length] })
        .then(({ rows }) => {
          const first = rows[0]!.count - callbacks.length + 1;
          callbacks.forEach((callback, i) => callback(null, { current: first + i, ttl: rows[0]!.ttl }));
        })
        .catch((err: Error) => {
          for (const callback of callbacks) callback(err);
        });
    }
  };

  class PostgresStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly route = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      if (!pending) {
        pending = new Map();
        setImmediate(flush);
      }
      const fullKey = `${this.route}|${key}`;
      const entry = pending.get(fullKey);
      if (entry) entry.callbacks.push(callback);
      else pending.set(fullKey, { timeWindow, callbacks: [callback] });
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
