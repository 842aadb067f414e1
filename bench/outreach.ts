/**
 * `npm run bench` (its last part) or `npm run bench:outreach`: one wave of alerts to 1,000 donors,
 * end to end. Starts the built server (production mode, embedded PostgreSQL) with SMTP pointed at a
 * local SMTP server, seeds BENCH_WAVE donors (default 1000), queues a critical request's first
 * wave the way the app does, and times how long until every in-app alert exists and until the
 * last email has arrived. Writes bench/outreach-results.json.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import PgBoss from 'pg-boss';
import { embeddedClient, startServerProcess } from '../test/server-process';
import { startSmtpStandIn } from '../test/smtp-stand-in';

const WAVE = Number(process.env.BENCH_WAVE ?? 1000);
const root = path.resolve(import.meta.dirname, '..');

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bd-bench-outreach-'));
  const smtp = await startSmtpStandIn();
  const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', SMTP_URL: smtp.url, OUTREACH_WAVE_SIZE: String(WAVE / 2), PUBLIC_URL: 'http://bench.test' });
  const db = await embeddedClient(dataDir);
  try {
    await db.query(
      `INSERT INTO users (id, name, email, email_verified, role, status, blood_group, division_id, district_id, upazila_id)
       SELECT 'bench-donor-' || g, 'Donor ' || g, 'bench' || g || '@example.com', true, 'donner', 'active', 'O+', 1, 1, 1 FROM generate_series(1, $1::int) g`,
      [WAVE],
    );
    // An account older than NEW_ACCOUNT_HOURS: its critical request alerts as critical (issue 30), so the
    // donors' quiet hours do not hold the wave at whatever hour the bench runs.
    await db.query(
      `INSERT INTO users (id, name, email, email_verified, role, status, created_at)
       VALUES ('bench-requester', 'Requester', 'bench-requester@example.com', true, 'donner', 'active', now() - interval '30 days')`,
    );
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO donation_requests (requester_id, requester_name, requester_email, recipient_name, blood_group, hospital_name, full_address,
         division_id, district_id, upazila_id, donation_date, donation_time, request_message, needed_by, urgency, units_needed)
       VALUES ('bench-requester', 'Requester', 'bench-requester@example.com', 'Patient', 'O+', 'Bench hospital', 'Address', 1, 1, 1,
         (now() + interval '2 days')::date, '23:00', 'Please', now() + interval '2 days', 'critical', 10) RETURNING id`,
    );
    const requestId = rows[0]!.id;
    const password = (await fs.readFile(path.join(dataDir, 'pg-password'), 'utf8')).trim();
    const boss = new PgBoss({ host: path.join(dataDir, 'pg-run'), port: 5432, user: 'postgres', password, database: 'blood_donation', supervise: false, schedule: false, migrate: false });
    await boss.start();
    const started = performance.now();
    // Critical: the wave is twice OUTREACH_WAVE_SIZE, so WAVE donors in one wave.
    await boss.send('outreach-wave', { requestId, wave: 1 }, { singletonKey: requestId });
    await boss.stop({ graceful: false, close: true });
    // Alert emails only (the first admin's address confirmation goes to the same server).
    const alerts = () => smtp.messages.filter((m) => m.text.includes(requestId));
    let inAppMs = 0;
    while (performance.now() - started < 300_000) {
      if (!inAppMs) {
        const { rows: n } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM notifications WHERE request_id = $1`, [requestId]);
        if (n[0]!.n >= WAVE) inAppMs = performance.now() - started;
      }
      if (alerts().length >= WAVE) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const lastEmailMs = performance.now() - started;
    const received = alerts();
    const result = {
      donors: WAVE,
      emailsReceived: received.length,
      distinctRecipients: new Set(received.map((m) => m.envelopeTo.join(','))).size,
      inAppAllMs: Math.round(inAppMs),
      lastEmailMs: Math.round(lastEmailMs),
      alertsPerSecond: Math.round((received.length / lastEmailMs) * 1000),
      cpus: os.cpus().length,
    };
    console.table([result]);
    await fs.writeFile(path.join(root, 'bench/outreach-results.json'), `${JSON.stringify(result, null, 2)}\n`);
    if (received.length < WAVE || result.distinctRecipients < received.length) process.exitCode = 1;
  } finally {
    await db.end().catch(() => {});
    process.kill(-server.child.pid!, 'SIGTERM');
    await server.exited;
    await smtp.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
