import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

// Issue 19: /metrics (Prometheus, behind METRICS_TOKEN) and X-Request-Id.

const TOKEN = 'metrics-token-0123456789';
let t: TestApp;
let off: TestApp;
beforeAll(async () => {
  [t, off] = await Promise.all([createTestApp({ env: { METRICS_TOKEN: TOKEN, TRUST_PROXY: '1' } }), createTestApp()]);
});
afterAll(async () => {
  await Promise.all([t?.close(), off?.close()]);
});

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    expect((await off.app.inject('/metrics')).statusCode).toBe(404);
  });

  it('needs the token', async () => {
    expect((await t.app.inject('/metrics')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer ' } })).statusCode).toBe(401);
  });

  it('counts requests by route pattern and status, and reports the pool, the queue and the alerts', async () => {
    await t.app.inject('/api/health');
    await t.app.inject('/api/donationRequest/00000000-0000-4000-8000-000000000000/matches');
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(/http_requests_total\{method="GET",route="\/api\/health",status="200"\} [1-9]/);
    // The pattern, never the id.
    expect(res.body).toContain('route="/api/donationRequest/:id/matches",status="401"');
    expect(res.body).not.toContain('00000000-0000-4000');
    expect(res.body).toMatch(/http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/health"/);
    expect(res.body).toMatch(/db_pool_connections\{state="total"\} \d+/);
    expect(res.body).toContain('# TYPE job_queue_jobs gauge');
    expect(res.body).toContain('# TYPE alerts gauge');
  });
});

describe('X-Request-Id', () => {
  it('answers every request with an id, keeps a trusted proxy\'s, and never a malformed one', async () => {
    const fresh = await off.app.inject('/api/health');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // Without a trusted proxy, a client's id is not taken.
    expect((await off.app.inject({ url: '/api/health', headers: { 'x-request-id': 'abc-123' } })).headers['x-request-id']).not.toBe('abc-123');
    expect((await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'abc-123' } })).headers['x-request-id']).toBe('abc-123');
    const hostile = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'a b\u0001<script>' } });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // Errors carry it too.
    expect((await t.app.inject('/api/nope')).headers['x-request-id']).toBeTruthy();
  });
});
