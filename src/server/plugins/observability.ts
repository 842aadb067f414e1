import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type pg from 'pg';
import type { MetricsSources } from './metrics';

export { registerMetrics } from './metrics';

const REQUEST_ID = /^[\w.:-]{1,100}$/;

/**
 * Request ids (issue 19): behind trusted proxies (TRUST_PROXY set) the proxy's X-Request-Id is
 * kept, so one id follows a request through the proxy's logs and ours; otherwise, or when it is not
 * a plain token, a new one.
 */
export function requestIdFrom(trustProxy: boolean) {
  return (request: IncomingMessage): string => {
    const given = request.headers['x-request-id'];
    return trustProxy && typeof given === 'string' && REQUEST_ID.test(given) ? given : crypto.randomUUID();
  };
}

/** What /metrics reads from the database at each scrape. */
export function metricsSources(pool: pg.Pool): MetricsSources {
  return {
    pool,
    async jobs() {
      const { rows } = await pool.query<{ queue: string; state: string; count: number }>(
        `SELECT name AS queue, state::text AS state, count(*)::int AS count FROM pgboss.job
         WHERE state IN ('created', 'retry', 'active', 'failed') GROUP BY name, state`,
      );
      return rows;
    },
    async alerts() {
      const { rows } = await pool.query<{ channel: string; state: string; count: number }>(
        `SELECT 'email' AS channel, email_state AS state, count(*)::int AS count FROM notifications WHERE kind = 'alert' GROUP BY email_state
         UNION ALL
         SELECT 'push', push_state, count(*)::int FROM notifications WHERE kind = 'alert' GROUP BY push_state
         UNION ALL
         SELECT 'in-app', 'sent', count(*)::int FROM notifications WHERE kind = 'alert'`,
      );
      return rows;
    },
  };
}
