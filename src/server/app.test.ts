import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { createDeps } from './deps';
import { createDb, createPool } from './db/client';
import { createTestApp, errorBody, testConfig, type TestApp } from '../../test/helpers';

let t: TestApp;
let webDir: string;
beforeAll(async () => {
  // A stand-in for the built SPA: an index page and a hashed asset.
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bd-web-'));
  await fs.mkdir(path.join(webDir, 'assets'));
  await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
  await fs.writeFile(path.join(webDir, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  await fs.writeFile(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ webDir, env: { CORS_ORIGINS: 'https://allowed.example' } });
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

describe('health', () => {
  it('answers ok when the database answers', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('answers 503 in the error shape when the database is unreachable', async () => {
    const pool = createPool({ host: '/nonexistent-socket-dir', port: 5432, user: 'x', database: 'x' }, 1);
    // Started against a database (the job queue needs one at start), then serving with one that is gone.
    const config = testConfig({ AUTH_SECRET: 'x'.repeat(40) });
    const started = await createDeps({ config, db: t.database.db });
    const db = createDb(pool);
    const app = await buildApp({ config, db, webDir: null }, { ...started, db, pool });
    try {
      const res = await app.inject('/api/health');
      expect(res.statusCode).toBe(503);
      expect(errorBody(res).code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await app.close();
      await pool.end();
    }
  });
});

describe('API errors', () => {
  it('answers unknown /api paths with a JSON 404, never the SPA page', async () => {
    for (const url of ['/api/nope', '/api', '/api/blog/x/y']) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(errorBody(res).code).toBe('NOT_FOUND');
    }
  });

  it('refuses NUL characters in params, query and body with 400 (PostgreSQL text cannot hold them)', async () => {
    for (const opts of [
      { url: '/api/users/a%00b' },
      { url: '/api/search?bloodGroup=%00' },
      { method: 'POST' as const, url: '/api/users', payload: { name: 'a\u0000b' } },
      { method: 'POST' as const, url: '/api/users', payload: { ['k\u0000']: 1 } },
    ]) {
      const res = await t.app.inject(opts);
      expect(res.statusCode).toBe(400);
      expect(errorBody(res).message).toMatch(/NUL/);
    }
  });

  it('answers malformed JSON with 400 in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/nope',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    errorBody(res);
  });

  it('limits the request body size (413)', async () => {
    const app = await buildApp({ config: testConfig({ BODY_LIMIT: '2048' }), db: t.database.db, webDir: null });
    app.post('/api/echo', async (req) => req.body as object);
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/echo',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ big: 'x'.repeat(5000) }),
      });
      expect(res.statusCode).toBe(413);
      expect(errorBody(res).code).toBe('PAYLOAD_TOO_LARGE');
      const bad = await app.inject({
        method: 'POST',
        url: '/api/echo',
        headers: { 'content-type': 'application/json' },
        payload: '{not json',
      });
      expect(bad.statusCode).toBe(400);
      expect(errorBody(bad).code).toBe('BAD_REQUEST');
    } finally {
      await app.close();
    }
  });
});

describe('security headers', () => {
  it('sends CSP, nosniff, frame-ancestors none and a referrer policy', async () => {
    const res = await t.app.inject('/api/division');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('closes CORS except to the allow-list', async () => {
    const denied = await t.app.inject({ url: '/api/division', headers: { origin: 'https://evil.example' } });
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();
    const allowed = await t.app.inject({ url: '/api/division', headers: { origin: 'https://allowed.example' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://allowed.example');
  });
});

describe('serving the SPA', () => {
  it('falls back to index.html for browser routes, not cached', async () => {
    for (const url of ['/', '/blog', '/dashboard/userHome', '/viewBlog/123?x=1']) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with immutable caching and compression', async () => {
    const res = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('answers a missing asset with 404, not the page', async () => {
    for (const url of ['/assets/missing-123.js', '/nope.png']) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(404);
    }
  });

  it('does not answer POST to a browser route with the page', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/blog' });
    expect(res.statusCode).toBe(404);
    errorBody(res);
  });
});
