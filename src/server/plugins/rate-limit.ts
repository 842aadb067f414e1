import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { postgresRateLimitStore } from './rate-limit-store';

/**
 * Per-IP limits on the endpoints worth guessing, flooding or scraping (sign-in, registration, /jwt,
 * image upload, the public donor search). Routes opt in with `config: { rateLimit: limits.auth }`.
 * Counted in PostgreSQL, so the limit holds for the whole site however many instances serve it.
 */
export async function registerRateLimit(app: FastifyInstance, pool: pg.Pool) {
  await app.register(rateLimit, {
    global: false,
    store: postgresRateLimitStore(pool),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests: try again in ${Math.ceil(context.ttl / 1000)} seconds`,
      code: 'RATE_LIMITED',
    }),
  });
}

export function rateLimits(perMinuteAuth: number, perMinuteUpload: number, perMinuteSearch: number) {
  return {
    auth: { max: perMinuteAuth, timeWindow: 60_000 },
    upload: { max: perMinuteUpload, timeWindow: 60_000 },
    /** The public donor search: it shows donors' contact details, so one address may not harvest them. */
    search: { max: perMinuteSearch, timeWindow: 60_000 },
  };
}
