import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { ConfigError, loadConfig } from '../config';
import { HttpError } from '../errors';
import { createLogger } from '../lib/log-redaction';
import { createTestApp, createTestDatabase, errorBody, testConfig, type TestApp, type TestDatabase } from '../../../test/helpers';

// Security review, issue 12: client addresses behind a proxy, slow requests, HSTS and personal data in logs.

describe('TRUST_PROXY', () => {
  it('refuses `true` at start-up and says what to set instead', () => {
    for (const value of ['true', 'TRUE']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY:.*client writes itself.*TRUST_PROXY=1.*TRUST_PROXY=10\.0\.0\.0\/8,127\.0\.0\.1/s);
    }
  });

  it('takes a number of proxies, a list of proxy addresses and CIDR ranges, or false', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['maybe', '10.0.0.0/33', '10.0.0.0/8,proxy.example', '300.1.1.1', '1000', ','])('refuses %s, naming TRUST_PROXY', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY:/);
  });

  describe('behind proxies, the address a trusted proxy appended is the one rate-limited', () => {
    const PROXY = '10.0.0.2';
    const register = (app: FastifyInstance, forwardedFor: string, remoteAddress = PROXY) =>
      app.inject({ method: 'POST', url: '/api/users', payload: {}, remoteAddress, headers: { 'x-forwarded-for': forwardedFor } });

    it.each([
      ['1', 'a hop count'],
      ['10.0.0.0/8,127.0.0.1', 'a list of proxies'],
    ])('TRUST_PROXY=%s (%s)', async (trustProxy) => {
      const t = await createTestApp({ env: { TRUST_PROXY: trustProxy, RATE_LIMIT_AUTH_PER_MINUTE: '3' } });
      try {
        // The client writes whatever it likes as the first hop; the proxy appends the address it saw.
        const codes: number[] = [];
        for (let i = 0; i < 6; i++) codes.push((await register(t.app, `198.51.100.${i}, 203.0.113.7`)).statusCode);
        expect(codes).toEqual([400, 400, 400, 429, 429, 429]);
        const limited = await register(t.app, '192.0.2.99, 203.0.113.7');
        expect(errorBody(limited).code).toBe('RATE_LIMITED');
        // Another client behind the same proxy is counted on its own.
        expect((await register(t.app, '198.51.100.1, 203.0.113.8')).statusCode).toBe(400);
      } finally {
        await t.close();
      }
    });

    it('a peer outside the list of proxies is counted by its own address, whatever it forwards', async () => {
      const t = await createTestApp({ env: { TRUST_PROXY: '10.0.0.0/8', RATE_LIMIT_AUTH_PER_MINUTE: '3' } });
      try {
        const codes: number[] = [];
        for (let i = 0; i < 5; i++) codes.push((await register(t.app, `203.0.113.${i}`, '192.0.2.50')).statusCode);
        expect(codes).toEqual([400, 400, 400, 429, 429]);
      } finally {
        await t.close();
      }
    });
  });
});

describe('request and keep-alive timeouts (a real listening server)', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ env: { REQUEST_TIMEOUT_MS: '500', KEEP_ALIVE_TIMEOUT_MS: '1000' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  /** Opens a connection, sends `head`, then one more byte of `trickle` every 50 ms until the server answers or closes. */
  function trickle(head: string, drip: string, boundMs: number) {
    return new Promise<{ closed: boolean; elapsed: number; received: string }>((resolve, reject) => {
      const started = Date.now();
      const socket = net.connect(port, '127.0.0.1');
      let received = '';
      let timer: NodeJS.Timeout | undefined;
      const finish = (closed: boolean) => {
        clearInterval(timer);
        clearTimeout(bound);
        socket.destroy();
        resolve({ closed, elapsed: Date.now() - started, received });
      };
      const bound = setTimeout(() => finish(false), boundMs);
      socket.on('connect', () => {
        socket.write(head);
        timer = setInterval(() => socket.writable && socket.write(drip), 50);
      });
      socket.on('data', (chunk) => (received += chunk.toString('latin1')));
      socket.on('close', () => finish(true));
      socket.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' || err.code === 'EPIPE' ? undefined : reject(err)));
    });
  }

  it.each([
    [
      'a body trickled under a large Content-Length',
      'POST /api/users HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{"name":"',
      'a',
    ],
    ['headers that never end', 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n', 'X-Slow: 1\r\n'],
  ])('answers %s with 408 in the error shape and closes the connection', async (_name, head, drip) => {
    // REQUEST_TIMEOUT_MS is 500: closed well within 5 s (without a timeout it stays open for good).
    const res = await trickle(head, drip, 5000);
    expect(res.closed).toBe(true);
    expect(res.elapsed).toBeLessThan(5000);
    expect(res.received).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    const body = res.received.slice(res.received.indexOf('\r\n\r\n') + 4);
    expect(JSON.parse(body)).toEqual({ message: expect.any(String), code: 'REQUEST_TIMEOUT' });
  });

  it('keeps a connection alive between requests, and closes it once idle past KEEP_ALIVE_TIMEOUT_MS', async () => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
    const answers = () => received.match(/HTTP\/1\.1 \d+/g) ?? [];
    const until = async (done: () => boolean) => {
      for (let i = 0; i < 100 && !done(); i++) await new Promise((r) => setTimeout(r, 20));
    };
    try {
      // Two requests, one after the other, on the same connection: both answered, and it stays open.
      for (let n = 1; n <= 2; n++) {
        socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
        await until(() => answers().length === n && received.endsWith('}'));
        expect(answers()).toEqual(Array(n).fill('HTTP/1.1 200'));
      }
      expect(received).toMatch(/\r\nconnection: keep-alive\r\nkeep-alive: timeout=1\r\n/i);
      // Idle now: closed by the server after 1 s (plus Node's 1 s grace), well within 5 s.
      // (Without a keep-alive timeout Fastify's 72 s would apply.)
      const idleSince = Date.now();
      const closedAt = await Promise.race([closed, new Promise<null>((r) => setTimeout(() => r(null), 5000))]);
      expect(closedAt).not.toBeNull();
      expect(closedAt! - idleSince).toBeLessThan(5000);
    } finally {
      socket.destroy();
    }
  });

  it('refuses timeouts that would turn the protection off', () => {
    for (const name of ['REQUEST_TIMEOUT_MS', 'KEEP_ALIVE_TIMEOUT_MS']) {
      expect(() => loadConfig({ [name]: '0' })).toThrow(new RegExp(`${name}:`));
    }
    const c = loadConfig({});
    expect([c.REQUEST_TIMEOUT_MS, c.KEEP_ALIVE_TIMEOUT_MS]).toEqual([30_000, 72_000]);
  });
});

describe('Strict-Transport-Security', () => {
  const HSTS = 'max-age=31536000; includeSubDomains';

  it('is sent on every response when PUBLIC_URL is https', async () => {
    const t = await createTestApp({ env: { PUBLIC_URL: 'https://blood.example' } });
    try {
      for (const req of [
        { url: '/api/health' },
        { url: '/api/nope' },
        { method: 'POST' as const, url: '/api/users', payload: {} },
        { method: 'POST' as const, url: '/api/users', payload: '{bad', headers: { 'content-type': 'application/json' } },
      ]) {
        const res = await t.app.inject(req);
        expect(res.headers['strict-transport-security'], `${req.url} ${res.statusCode}`).toBe(HSTS);
      }
    } finally {
      await t.close();
    }
  });

  it.each<Record<string, string>>([{ PUBLIC_URL: 'http://192.168.1.5:3000' }, {}])('is not sent over http (%o)', async (env) => {
    const t = await createTestApp({ env });
    try {
      for (const url of ['/api/health', '/api/nope']) {
        expect((await t.app.inject(url)).headers['strict-transport-security']).toBeUndefined();
      }
    } finally {
      await t.close();
    }
  });
});

describe('personal data in logs', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  function memoryStream() {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    return { stream, lines };
  }

  const EMAIL = 'someone.private@example.com';
  const SECRETS = [EMAIL, 'someone.private%40example.com', 'someone.private', 'Bearer sekrit-token', 'session_token=sekrit-cookie'];

  async function exercise(app: FastifyInstance) {
    app.get('/api/test-failure', () => {
      throw new Error(`lookup of ${EMAIL} failed`);
    });
    app.get('/api/test-refusal', () => {
      throw new HttpError(404, `No account for ${EMAIL}`);
    });
    await app.ready();
    const credentials = { authorization: 'Bearer sekrit-token', cookie: 'session_token=sekrit-cookie' };
    for (const req of [
      { method: 'PATCH' as const, url: `/api/users?email=${EMAIL}`, payload: {} },
      { method: 'GET' as const, url: `/api/users/${EMAIL}` },
      { method: 'GET' as const, url: `/api/donationRequest?email=${encodeURIComponent(EMAIL)}&page=1`, headers: credentials },
      { method: 'GET' as const, url: `/api/nope/${EMAIL}` },
      { method: 'GET' as const, url: `/api/test-failure?email=${EMAIL}` },
      { method: 'GET' as const, url: '/api/test-refusal' },
    ]) {
      await app.inject(req);
    }
    app.log.info({ req: { headers: credentials }, headers: credentials }, 'something logged headers');
  }

  function expectRedacted(lines: string[]) {
    expect(lines.length).toBeGreaterThan(12);
    const text = lines.join('\n');
    for (const secret of SECRETS) expect(text, secret).not.toContain(secret);
    const urls = lines.map((l) => JSON.parse(l) as { msg?: string; req?: { url?: string } }).filter((l) => l.msg === 'incoming request').map((l) => l.req?.url);
    expect(urls).toEqual([
      '/api/users?email=s***@example.com',
      '/api/users/s***@example.com',
      '/api/donationRequest?email=s***%40example.com&page=1',
      '/api/nope/s***@example.com',
      '/api/test-failure?email=s***@example.com',
      '/api/test-refusal',
    ]);
    expect(text).toContain('"msg":"request failed"');
    expect(text).toContain('lookup of s***@example.com failed');
    expect(text).toContain('No account for s***@example.com');
    expect(text).toContain('[redacted]');
  }

  it("masks emails and credentials in the application's logger (main.ts)", async () => {
    const { stream, lines } = memoryStream();
    const app = await buildApp({ config: testConfig(), db: database.db, webDir: null, loggerInstance: createLogger('info', stream) });
    try {
      await exercise(app);
    } finally {
      await app.close();
    }
    expectRedacted(lines);
  });

  it('masks them too when buildApp gets Fastify logger settings', async () => {
    const { stream, lines } = memoryStream();
    const app = await buildApp({ config: testConfig(), db: database.db, webDir: null, logger: { level: 'info', stream } });
    try {
      await exercise(app);
    } finally {
      await app.close();
    }
    expectRedacted(lines);
  });
});
