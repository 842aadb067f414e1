import { spawn } from 'node:child_process';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_DONORS, DEMO_REQUESTS } from '../scripts/seed-demo';
import { buildApp } from '../src/server/app';
import { BLOOD_COMPONENTS, BLOOD_GROUPS, type BloodGroup, DONATION_INTERVAL_DAYS, donorGroupsFor } from '../src/shared/matching/model';
import { todayInDhaka } from '../src/shared/dates/model';
import { createTestDatabase, type TestDatabase, testConfig } from './helpers';

// `npm run seed:demo` against a database of its own (DATABASE_URL): it fills an empty one with a
// living site, and refuses to touch it again.

const root = path.resolve(import.meta.dirname, '..');
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.drop());

function databaseUrl(name: string): string {
  const { admin } = inject('testDb');
  if (admin.url) {
    const url = new URL(admin.url);
    url.pathname = `/${name}`;
    return url.toString();
  }
  const c = admin.config!;
  const auth = `${encodeURIComponent(c.user ?? 'postgres')}:${encodeURIComponent(c.password ?? '')}`;
  return `postgresql://${auth}@/${name}?host=${encodeURIComponent(c.host ?? '')}&port=${c.port ?? 5432}`;
}

function seedDemo(): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'seed-demo.ts')], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl(database.name) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

const one = async <T extends pg.QueryResultRow>(text: string) => (await database.pool.query<T>(text)).rows[0]!;

describe('npm run seed:demo', { timeout: 120_000 }, () => {
  it('fills an empty database (the first admin aside) with donors, requests, pledges, posts and gifts', async () => {
    await database.pool.query(`INSERT INTO users (id, name, email, role) VALUES ('first-admin', 'Admin', 'admin@example.com', 'admin')`);
    const run = await seedDemo();
    expect(run.stderr).toContain('filled');
    expect(run.code).toBe(0);

    const users = await one<{ donors: number; divisions: number; bangla: number; english: number; eligible: number; volunteers: number }>(`
      SELECT count(*) FILTER (WHERE role <> 'admin')::int AS donors, count(DISTINCT division_id)::int AS divisions,
             count(*) FILTER (WHERE name ~ '[\u0980-\u09FF]')::int AS bangla, count(*) FILTER (WHERE name ~ '^[A-Za-z ]+$' AND role <> 'admin')::int AS english,
             count(*) FILTER (WHERE status = 'active' AND available AND (next_eligible_date IS NULL OR next_eligible_date <= current_date))::int AS eligible,
             count(*) FILTER (WHERE role = 'volunteer')::int AS volunteers
      FROM users`);
    expect(users.donors).toBe(DEMO_DONORS);
    expect(users.divisions).toBe(8);
    expect(users.bangla).toBeGreaterThan(DEMO_DONORS * 0.3);
    expect(users.english).toBeGreaterThan(DEMO_DONORS * 0.5);
    expect(users.eligible).toBeGreaterThan(DEMO_DONORS * 0.5);
    expect(users.volunteers).toBeGreaterThan(0);

    const requests = await one<{ n: number; statuses: string[]; expired: number; oldest_days: number; wrong_counts: number }>(`
      SELECT count(*)::int AS n, array_agg(DISTINCT status ORDER BY status) AS statuses,
             count(*) FILTER (WHERE status = 'pending' AND needed_by <= now())::int AS expired,
             max(extract(epoch FROM now() - created_at) / 86400)::int AS oldest_days,
             count(*) FILTER (WHERE pledge_count <> (SELECT count(*) FROM donation_pledges p WHERE p.request_id = r.id))::int AS wrong_counts
      FROM donation_requests r`);
    expect(requests.n).toBe(DEMO_REQUESTS);
    expect(requests.statuses).toEqual(['canceled', 'done', 'inprogress', 'pending']);
    expect(requests.expired).toBeGreaterThan(0);
    expect(requests.oldest_days).toBeLessThanOrEqual(183);
    expect(requests.oldest_days).toBeGreaterThan(150);
    expect(requests.wrong_counts).toBe(0);

    // Pledges come after their request and before it was needed, from a donor who is not the requester.
    const pledges = await one<{ n: number; bad: number; first_median_min: number }>(`
      SELECT count(*)::int AS n,
             count(*) FILTER (WHERE p.pledged_at <= r.created_at OR p.pledged_at > r.needed_by OR p.donor_id = r.requester_id)::int AS bad,
             (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY m) FROM (SELECT extract(epoch FROM min(p2.pledged_at) - r2.created_at) / 60 AS m
                FROM donation_requests r2 JOIN donation_pledges p2 ON p2.request_id = r2.id GROUP BY r2.id) f) AS first_median_min
      FROM donation_pledges p JOIN donation_requests r ON r.id = p.request_id`);
    expect(pledges.n).toBeGreaterThan(DEMO_REQUESTS / 2);
    expect(pledges.bad).toBe(0);
    expect(pledges.first_median_min).toBeGreaterThan(10);
    expect(pledges.first_median_min).toBeLessThan(24 * 60);
    // A done request's pledges are donations on its day (what the histories show, issue 33); the others wait for their outcome.
    const states = await one<{ done_not_donated: number; open_decided: number; donations: number }>(`
      SELECT count(*) FILTER (WHERE r.status = 'done' AND (p.state <> 'donated' OR p.donated_on IS DISTINCT FROM r.donation_date))::int AS done_not_donated,
             count(*) FILTER (WHERE r.status <> 'done' AND p.state <> 'pledged')::int AS open_decided,
             count(*) FILTER (WHERE p.state = 'donated')::int AS donations
      FROM donation_pledges p JOIN donation_requests r ON r.id = p.request_id`);
    expect(states).toMatchObject({ done_not_donated: 0, open_decided: 0 });
    expect(states.donations).toBeGreaterThan(0);
    expect(await one<{ n: number }>(`SELECT count(*)::int AS n FROM donation_pledges p WHERE NOT EXISTS (SELECT 1 FROM outreach_answers a WHERE a.request_id = p.request_id AND a.user_id = p.donor_id AND a.answer = 'accept')`)).toEqual({ n: 0 });

    // Pledges a body can keep (issue 30): from active, available donors of a compatible group, and no
    // donor holds two open pledges (pending and not yet past, or in progress) within an interval.
    const compatible = Object.fromEntries(BLOOD_GROUPS.flatMap((g) => BLOOD_COMPONENTS.map((c) => [`${g}|${c}`, donorGroupsFor(g, c)])));
    const pledgeRows = (
      await database.pool.query<{ group: string; component: string; donor_group: string; status: string; available: boolean }>(`
        SELECT r.blood_group AS group, r.component, u.blood_group AS donor_group, u.status, u.available
        FROM donation_pledges p JOIN donation_requests r ON r.id = p.request_id JOIN users u ON u.id = p.donor_id`)
    ).rows;
    expect(pledgeRows.filter((p) => !compatible[`${p.group}|${p.component}`]!.includes(p.donor_group as BloodGroup))).toEqual([]);
    expect(pledgeRows.filter((p) => p.status !== 'active' || !p.available)).toEqual([]);
    const twice = await one<{ n: number }>(`
      WITH open AS (
        SELECT p.donor_id, p.request_id, r.donation_date FROM donation_pledges p JOIN donation_requests r ON r.id = p.request_id
        WHERE r.status = 'inprogress' OR (r.status = 'pending' AND r.needed_by > now()))
      SELECT count(*)::int AS n FROM open a JOIN open b ON a.donor_id = b.donor_id AND a.request_id <> b.request_id
      WHERE a.donation_date <= b.donation_date AND b.donation_date - a.donation_date < ${Math.min(...Object.values(DONATION_INTERVAL_DAYS))}`);
    expect(twice.n).toBe(0);

    // Right after seeding, the public list holds current requests (issue 38): pending, dated today
    // or later, urgent and critical among them, through the API as a visitor sees it.
    const app = await buildApp({ config: testConfig(), db: database.db, webDir: null });
    try {
      const today = todayInDhaka();
      const res = await app.inject({ method: 'GET', url: '/api/donationRequest/pending?page=1&limit=100' });
      expect(res.statusCode).toBe(200);
      const pending = res.json<{ urgency: string; donationDate: string; donationStatus: string }[]>();
      expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(30);
      expect(pending.every((r) => r.donationStatus === 'pending' && r.donationDate >= today)).toBe(true);
      for (const urgency of ['urgent', 'critical']) {
        const only = await app.inject({ method: 'GET', url: `/api/donationRequest/pending?urgency=${urgency}&page=1&limit=100` });
        const rows = only.json<{ urgency: string; donationDate: string }[]>();
        expect(rows.length, urgency).toBeGreaterThanOrEqual(3);
        expect(rows.every((r) => r.urgency === urgency && r.donationDate >= today)).toBe(true);
      }
    } finally {
      await app.close();
    }

    const blogs = await one<{ n: number; pictures: number }>(`
      SELECT count(*)::int AS n, count(i.id)::int AS pictures FROM blogs b
      LEFT JOIN images i ON '/api/images/' || i.id = b.thumbnail AND i.content_type = 'image/webp' AND length(i.data) > 1000
      WHERE b.status = 'published'`);
    expect(blogs).toEqual({ n: 12, pictures: 12 });
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM fundings WHERE amount_minor > 0')).n).toBeGreaterThanOrEqual(3);
  });

  it('refuses a database that is not empty, and leaves it as it was', async () => {
    const before = await one<{ users: number; requests: number }>('SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM donation_requests) AS requests');
    const run = await seedDemo();
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/not empty/);
    expect(await one('SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM donation_requests) AS requests')).toEqual(before);
  });
});
