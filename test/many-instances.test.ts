import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/server/app';
import type { FastifyInstance } from 'fastify';
import { withDatabase } from './db-info';
import { donationRequestBody, registerUser, type TestUser, userWith } from './fixtures';
import { createTestDatabase, type TestDatabase, testConfig } from './helpers';
import { type ServerProcess, startServerProcess } from './server-process';

// Issue 19: two app instances on one database behave as one site. Two real server processes (A
// and B) share a database; a third app in this process only makes accounts (a token is valid on
// every instance: the secret is shared through the database).

let database: TestDatabase;
let setup: FastifyInstance;
let a: ServerProcess;
let b: ServerProcess;
let admin: TestUser;
let donor: TestUser;
let requester: TestUser;

/** The app takes a URL: the embedded server's socket directory goes in as a percent-encoded host. */
function connectionUrl(config: pg.PoolConfig): string {
  if (config.connectionString) return config.connectionString;
  const e = encodeURIComponent;
  return `postgres://${e(config.user ?? '')}:${e(String(config.password ?? ''))}@${e(config.host ?? 'localhost')}:${config.port ?? 5432}/${config.database}`;
}

const call = (server: ServerProcess, method: string, path: string, user?: TestUser, body?: unknown) =>
  fetch(`${server.baseUrl}/api${path}`, {
    method,
    headers: { ...(user ? user.auth : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });

beforeAll(async () => {
  database = await createTestDatabase();
  setup = await buildApp({ config: testConfig(), db: database.db, webDir: null });
  await setup.ready();
  admin = await userWith(setup, database.db, 'admin');
  donor = await registerUser(setup);
  requester = await registerUser(setup);
  const env = { DATABASE_URL: connectionUrl(withDatabase(inject('testDb').admin, database.name)), RATE_LIMIT_AUTH_PER_MINUTE: '10', LIST_CACHE_TTL_MS: '60000' };
  [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
}, 120_000);

afterAll(async () => {
  for (const server of [a, b]) {
    if (!server) continue;
    process.kill(-server.child.pid!, 'SIGTERM');
    await server.exited;
  }
  await setup?.close();
  await database?.drop();
});

describe('two instances on one database', { timeout: 60_000 }, () => {
  it('shows a request created on A in B\'s public list on the next call, though B keeps lists a minute', async () => {
    const before = await (await call(b, 'GET', '/donationRequest/pending?page=1&limit=50')).json();
    const created = await call(a, 'POST', '/donationRequest', requester, donationRequestBody({ hospitalName: 'Instance A hospital' }));
    expect(created.status).toBe(201);
    const { insertedId } = (await created.json()) as { insertedId: string };
    const after = (await (await call(b, 'GET', '/donationRequest/pending?page=1&limit=50')).json()) as { _id: string }[];
    expect((before as { _id: string }[]).map((r) => r._id)).not.toContain(insertedId);
    expect(after.map((r) => r._id)).toContain(insertedId);
  });

  it('takes exactly one pledge of 20 confirmations split across both', async () => {
    const created = await call(a, 'POST', '/donationRequest', requester, donationRequestBody({ hospitalName: 'Race hospital', unitsNeeded: 1 }));
    const { insertedId } = (await created.json()) as { insertedId: string };
    const donors = await Promise.all(Array.from({ length: 20 }, () => registerUser(setup)));
    const answers = await Promise.all(donors.map((d, i) => call(i % 2 === 0 ? a : b, 'PATCH', `/confirmDonation/${insertedId}`, d)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    const { rows } = await database.pool.query(`SELECT count(*)::int AS n FROM donation_pledges WHERE request_id = $1`, [insertedId]);
    expect(rows[0].n).toBe(1);
  });

  it('answers matches on B with a donor\'s change made on A, at the next call', async () => {
    const created = await call(a, 'POST', '/donationRequest', requester, donationRequestBody({ hospitalName: 'Matching hospital', bloodGroup: 'B+' }));
    const { insertedId } = (await created.json()) as { insertedId: string };
    // Registered on one instance, matched on the other: every instance reads the same database.
    const giver = await registerUser(setup, { name: 'Instance Giver', blood_group: 'B+' });
    const matchedOnB = async () => ((await (await call(b, 'GET', `/donationRequest/${insertedId}/matches?page=1&limit=100`, requester)).json()) as { _id: string }[]).map((m) => m._id);
    expect(await matchedOnB()).toContain(giver.id);
    const off = await call(a, 'PATCH', `/users/${encodeURIComponent(giver.email)}`, giver, { name: 'Instance Giver', blood_group: 'B+', division: '1', district: '1', upazila: '1', available: false });
    expect(off.status).toBe(200);
    expect(await matchedOnB()).not.toContain(giver.id);
  });

  it('refuses a user blocked on A at their next call on B', async () => {
    expect((await call(b, 'POST', '/donationRequest', donor, donationRequestBody())).status).toBe(201);
    const blocked = await call(a, 'PATCH', `/users?status=blocked&&email=${encodeURIComponent(donor.email)}`, admin);
    expect(blocked.status).toBe(200);
    // A block ends the user's sessions (decision 010): the token is refused at once, on any instance.
    const after = await call(b, 'POST', '/donationRequest', donor, donationRequestBody({ hospitalName: 'After the block' }));
    expect(after.status).toBe(401);
    const { rows } = await database.pool.query(`SELECT 1 FROM donation_requests WHERE hospital_name = 'After the block'`);
    expect(rows).toEqual([]);
  });

  it('counts the sign-in rate limit over both instances', async () => {
    // Each attempt names another account, so no account lock (SIGN_IN_MAX_FAILURES) answers before the limit.
    let n = 0;
    const attempt = (server: ServerProcess) =>
      fetch(`${server.baseUrl}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.baseUrl },
        body: JSON.stringify({ email: `nobody${n++}@example.com`, password: 'Wrong1!x' }),
      }).then((r) => r.status);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push(await attempt(a), await attempt(b));
    // 10 a minute for the site: the 11th attempt, wherever it lands, is refused.
    expect(statuses.slice(0, 10).filter((s) => s === 429)).toEqual([]);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
  });
});
