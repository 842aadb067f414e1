/**
 * `npm run bench` (its last part) or `npm run bench:outreach`: one wave of alerts to 1,000 donors,
 * end to end. Starts the built server (production mode, embedded PostgreSQL) with SMTP pointed at a
 * local SMTP server, seeds BENCH_WAVE donors (default 1000), queues a critical request's first
 * wave the way the app does, and times how long until every in-app alert exists and until the
 * last email has arrived. Half the donors (issue 32) have a proven phone and no email alerts:
 * they are reached only by SMS, over SMPP to a local SMSC (the `smpp` package's server); the
 * time until its last submit_sm is measured too. Writes bench/outreach-results.json.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import PgBoss from 'pg-boss';
import { embeddedClient, startServerProcess } from '../test/server-process';
import { startSmppStandIn } from '../test/smpp-stand-in';
import { startSmtpStandIn } from '../test/smtp-stand-in';

const WAVE = Number(process.env.BENCH_WAVE ?? 1000);
/** Donors reached only by SMS: a proven phone, email alerts off. */
const BY_SMS = Math.floor(WAVE / 2);
const root = path.resolve(import.meta.dirname, '..');

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bd-bench-outreach-'));
  const [smtp, smsc] = await Promise.all([startSmtpStandIn(), startSmppStandIn({ systemId: 'bench', password: 'bench' })]);
  const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', SMTP_URL: smtp.url, SMS_URL: smsc.url, OUTREACH_WAVE_SIZE: String(WAVE / 2), PUBLIC_URL: 'http://bench.test' });
  const db = await embeddedClient(dataDir);
  try {
    await db.query(
      `INSERT INTO users (id, name, email, email_verified, role, status, blood_group, division_id, district_id, upazila_id)
       SELECT 'bench-donor-' || g, 'Donor ' || g, 'bench' || g || '@example.com', true, 'donner', 'active', 'O+', 1, 1, 1 FROM generate_series(1, $1::int) g`,
      [WAVE],
    );
    await db.query(
      `UPDATE users SET phone = '+8801712' || lpad(g::text, 6, '0'), phone_number = '+8801712' || lpad(g::text, 6, '0'),
         phone_number_verified = true, notify_email = false
       FROM generate_series(1, $1::int) g WHERE users.id = 'bench-donor-' || g`,
      [BY_SMS],
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
    // Alert SMS only (their reply instruction), not the phone codes of anyone.
    const texts = () => smsc.submitted.filter((m) => / 1 \w{4} /.test(m.text));
    let inAppMs = 0;
    let lastEmailMs = 0;
    let lastSmsMs = 0;
    while (performance.now() - started < 300_000) {
      if (!inAppMs) {
        const { rows: n } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM notifications WHERE request_id = $1`, [requestId]);
        if (n[0]!.n >= WAVE) inAppMs = performance.now() - started;
      }
      if (!lastEmailMs && alerts().length >= WAVE - BY_SMS) lastEmailMs = performance.now() - started;
      if (!lastSmsMs && texts().length >= BY_SMS) lastSmsMs = performance.now() - started;
      if (lastEmailMs && lastSmsMs) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const received = alerts();
    const sms = texts();
    const result = {
      donors: WAVE,
      emailsReceived: received.length,
      distinctRecipients: new Set(received.map((m) => m.envelopeTo.join(','))).size,
      smsReceived: sms.length,
      distinctSmsRecipients: new Set(sms.map((m) => m.to)).size,
      inAppAllMs: Math.round(inAppMs),
      lastEmailMs: Math.round(lastEmailMs),
      lastSmsMs: Math.round(lastSmsMs),
      alertsPerSecond: Math.round((received.length / lastEmailMs) * 1000),
      smsPerSecond: Math.round((sms.length / lastSmsMs) * 1000),
      cpus: os.cpus().length,
    };
    console.table([result]);
    await fs.writeFile(path.join(root, 'bench/outreach-results.json'), `${JSON.stringify(result, null, 2)}\n`);
    if (received.length < WAVE - BY_SMS || result.distinctRecipients < received.length || sms.length < BY_SMS || result.distinctSmsRecipients < sms.length) process.exitCode = 1;
  } finally {
    await db.end().catch(() => {});
    process.kill(-server.child.pid!, 'SIGTERM');
    await server.exited;
    await Promise.all([smtp.close(), smsc.close()]);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
