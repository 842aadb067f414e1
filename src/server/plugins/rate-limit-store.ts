import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type pg from 'pg';

// Rate limits counted in PostgreSQL (issue 19): every instance adds to the same count, so N
// instances behind a load balancer do not give a client N times the limit. One statement per
// limited request, on an UNLOGGED table (counts need no crash safety, and skip the WAL).

const INCR = `
INSERT INTO rate_limits (key, count, reset_at) VALUES ($1, 1, now() + $2 * interval '1 millisecond')
ON CONFLICT (key) DO UPDATE SET
  count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
  reset_at = CASE WHEN rate_limits.reset_at <= now() THEN now() + $2 * interval '1 millisecond' ELSE rate_limits.reset_at END
RETURNING count, GREATEST(0, (EXTRACT(EPOCH FROM reset_at - now()) * 1000))::int AS ttl`;

/** A store class for @fastify/rate-limit over the app's pool; each route counts on its own, as the in-memory store did. */
export function postgresRateLimitStore(pool: pg.Pool): FastifyRateLimitStoreCtor {
  class PostgresStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly route = '',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      pool
        .query<{ count: number; ttl: number }>({ name: 'rate_limit_incr', text: INCR, values: [`${this.route}|${key}`, timeWindow] })
        .then(({ rows }) => callback(null, { current: rows[0]!.count, ttl: rows[0]!.ttl }))
        .catch((err: Error) => callback(err));
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
