import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donationRequestBody, registerUser, type TestUser, userWith } from '../../../test/fixtures';
import { createTestApp, errorBody, type TestApp } from '../../../test/helpers';
import { users } from '../db/schema/accounts';
import { fundings } from '../db/schema/funding';
import { donationRequests } from '../db/schema/requests';
import { safeCell } from './csv';

let t: TestApp;
let donor: TestUser;
let volunteer: TestUser;
let admin: TestUser;

const PAYLOADS = ['=HYPERLINK("http://evil.example","x")', '+1+2', '-2+3', '@SUM(A1)', '\tTab', '\rReturn', 'রহিম উদ্দিন', 'Comma, "quoted"\nnewline'];

beforeAll(async () => {
  t = await createTestApp();
  donor = await registerUser(t.app, { name: 'রহিম উদ্দিন' });
  volunteer = await userWith(t.app, t.database.db, 'volunteer');
  admin = await userWith(t.app, t.database.db, 'admin');
  for (const name of PAYLOADS) {
    const u = await registerUser(t.app);
    await t.database.db.update(users).set({ name }).where(eq(users.id, u.id));
  }
  for (const [i, status] of (['pending', 'done', 'canceled'] as const).entries()) {
    const res = await t.app.inject({ method: 'POST', url: '/api/donationRequest', headers: donor.auth, payload: donationRequestBody({ recipientName: `Patient ${i}` }) });
    expect(res.statusCode).toBe(201);
    const id = res.json<{ insertedId: string }>().insertedId;
    if (status !== 'pending') {
      await t.database.db
        .update(donationRequests)
        .set({ status, donorId: volunteer.id, donorName: '=cmd|calc', donorEmail: volunteer.email, createdAt: new Date('2025-06-01T06:00:00Z') })
        .where(eq(donationRequests.id, id));
    }
  }
  await t.database.db.insert(fundings).values([
    { stripeSessionId: 'cs_test_secret_session', stripeEventId: 'evt_secret', userId: donor.id, donorName: '-Giver', showName: false, amountMinor: 50_050, currency: 'bdt', createdAt: new Date('2026-01-02T00:00:00Z') },
    { stripeSessionId: 'cs_test_other', stripeEventId: 'evt_other', donorName: 'করিম', showName: true, amountMinor: 100_000, currency: 'bdt', createdAt: new Date('2026-01-03T00:00:00Z') },
  ]);
});
afterAll(() => t.close());

const BOM = '\uFEFF';
async function download(url: string) {
  const res = await t.app.inject({ url, headers: admin.auth });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[a-z-]+-\d{4}-\d{2}-\d{2}\.csv"$/);
  expect(res.body.startsWith(BOM)).toBe(true);
  // No password, hash, session, token or secret, in a heading or a cell.
  for (const word of ['password', 'hash', 'argon', 'session', 'token', 'secret', 'evt_', 'cs_test', 'phone']) expect(res.body.toLowerCase(), word).not.toContain(word);
  return parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
}

describe('CSV exports', () => {
  it('exports every user row by row, as the database has them, newest first', async () => {
    const rows = await download('/api/users.csv');
    const expected = await t.database.db.execute<{ id: string; name: string; email: string; role: string; status: string; blood_group: string }>(
      sql`SELECT id, name, email, role, status, blood_group FROM users ORDER BY created_at DESC, id DESC`,
    );
    expect(rows).toHaveLength(expected.rows.length);
    expected.rows.forEach((u, i) => {
      expect(rows[i]).toMatchObject({ id: u.id, name: safeCell(u.name), email: u.email, role: u.role, status: u.status, bloodGroup: u.blood_group, division: 'Chattogram' });
    });
    expect(Object.keys(rows[0]!)).toEqual(['id', 'name', 'email', 'role', 'status', 'bloodGroup', 'division', 'district', 'upazila', 'available', 'lastDonationDate', 'nextEligibleDate', 'donationCount', 'emailVerified', 'createdAt']);
    expect(rows.map((r) => r.name)).toContain('রহিম উদ্দিন');
  });

  it("prefixes every cell that would start a formula with ' and keeps other text as typed", async () => {
    const names = (await download('/api/users.csv')).map((r) => r.name);
    expect(names).toEqual(
      expect.arrayContaining(["'=HYPERLINK(\"http://evil.example\",\"x\")", "'+1+2", "'-2+3", "'@SUM(A1)", "'\tTab", "'\rReturn", 'রহিম উদ্দিন', 'Comma, "quoted"\nnewline']),
    );
    for (const name of names) expect(name).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('exports donation requests with the list filters and a range of creation days', async () => {
    const all = await download('/api/donationRequests.csv');
    expect(all).toHaveLength(3);
    expect(all.every((r) => r.requesterName === 'রহিম উদ্দিন')).toBe(true);
    const done = await download('/api/donationRequests.csv?status=done');
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ status: 'done', donorName: "'=cmd|calc", recipientName: 'Patient 1', bloodGroup: 'B+', division: 'Chattogram', expired: 'false' });
    expect(await download('/api/donationRequests.csv?from=2025-06-01&to=2025-06-01')).toHaveLength(2);
    expect(await download('/api/donationRequests.csv?from=2025-06-02')).toHaveLength(1);
  });

  it('exports the funding ledger with every name and amounts in taka, no Stripe ids', async () => {
    const rows = await download('/api/funding/ledger.csv');
    expect(rows.map(({ id: _id, ...r }) => r)).toEqual([
      { createdAt: '2026-01-03T00:00:00Z', name: 'করিম', nameShown: 'true', amount: '1000.00', currency: 'bdt' },
      { createdAt: '2026-01-02T00:00:00Z', name: "'-Giver", nameShown: 'false', amount: '500.50', currency: 'bdt' },
    ]);
  });

  it('is for active admins only: not volunteers, donors, blocked admins or anonymous callers', async () => {
    const blockedAdmin = await userWith(t.app, t.database.db, 'admin', 'blocked');
    for (const url of ['/api/users.csv', '/api/donationRequests.csv', '/api/funding/ledger.csv']) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
      for (const who of [volunteer, donor, blockedAdmin]) {
        const res = await t.app.inject({ url, headers: who.auth });
        expect(res.statusCode, url).toBe(403);
        errorBody(res);
      }
    }
  });

  it('refuses bad filters with 400', async () => {
    for (const url of ['/api/users.csv?status=gone', '/api/donationRequests.csv?status=lost', '/api/donationRequests.csv?from=2026-02-31', '/api/donationRequests.csv?from=2026-02-02&to=2026-02-01']) {
      const res = await t.app.inject({ url, headers: admin.auth });
      expect(res.statusCode, url).toBe(400);
      errorBody(res);
    }
  });

  it('streams: a client that hangs up mid-way closes the cursor and the connection goes back', async () => {
    // 30,000 more users: several hundred kilobytes of CSV, far beyond one socket buffer.
    await t.database.db.execute(sql`
      INSERT INTO users (id, name, email, created_at) SELECT 'bulk-' || g, 'Bulk ' || g, 'bulk' || g || '@example.com', now() - make_interval(secs => g) FROM generate_series(1, 30000) g`);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const received = await new Promise<number>((resolve, reject) => {
      const req = http.get({ port, host: '127.0.0.1', path: '/api/users.csv', headers: admin.auth }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes > 20_000) {
            req.destroy();
            resolve(bytes);
          }
        });
      });
      req.on('error', (err) => (err.message.includes('socket hang up') ? undefined : reject(err)));
    });
    expect(received).toBeGreaterThan(20_000);
    // The export's cursor is gone from PostgreSQL, and the pool has its connections free again.
    await expect
      .poll(async () => (await t.database.pool.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE '%LEFT JOIN upazilas up ON up.id = u.upazila_id%' AND state <> 'idle' AND pid <> pg_backend_pid()`)).rows[0].n, { timeout: 5000 })
      .toBe(0);
    await expect.poll(() => t.database.pool.waitingCount, { timeout: 5000 }).toBe(0);
    // And the next export works.
    expect((await download('/api/funding/ledger.csv')).length).toBe(2);
  });
});
