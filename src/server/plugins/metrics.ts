import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { unauthorized } from '../errors';
import { API_MESSAGES } from '../../shared/api/texts';

// GET /metrics in Prometheus text format (issue 19), off unless METRICS_TOKEN is set; then only
// with `Authorization: Bearer <token>`. Requests by route and status, the pool, the job queue and
// the alerts sent by channel. Job and alert figures are read from the database when scraped, so
// every instance reports the same site-wide numbers for them; requests and the pool are this
// instance's own (label them by instance in Prometheus).

export interface MetricsSources {
  pool: pg.Pool;
  /** Jobs waiting and failed per queue, and alerts sent per channel: read at each scrape. */
  jobs: () => Promise<{ queue: string; state: string; count: number }[]>;
  alerts: () => Promise<{ channel: string; state: string; count: number }[]>;
}

export function registerMetrics(app: FastifyInstance, token: string | undefined, sources: MetricsSources): void {
  if (!token) return;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const requests = new Counter({ name: 'http_requests_total', help: 'Requests answered, by method, route pattern and status', labelNames: ['method', 'route', 'status'] as const, registers: [registry] });
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database pool connections by state',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, sources.pool.totalCount);
      this.set({ state: 'idle' }, sources.pool.idleCount);
      this.set({ state: 'waiting' }, sources.pool.waitingCount);
    },
  });
  new Gauge({
    name: 'job_queue_jobs',
    help: 'Background jobs by queue and state (created, retry, active, failed)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await sources.jobs()) this.set({ queue: row.queue, state: row.state }, row.count);
    },
  });
  new Gauge({
    name: 'alerts',
    help: 'Alert deliveries by channel and state (sent, failed, unknown, pending)',
    labelNames: ['channel', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await sources.alerts()) this.set({ channel: row.channel, state: row.state }, row.count);
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, never the raw URL: ids and emails would make one series per request.
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) throw unauthorized(API_MESSAGES.metricsToken);
    void reply.header('cache-control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
}
