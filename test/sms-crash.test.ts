import type pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { withDatabase } from './db-info';
import { inDays } from './fixtures';
import { createTestDatabase, type TestDatabase } from './helpers';
import { startServerProcess } from './server-process';
import { startSmppStandIn, type SmppStandIn } from './smpp-stand-in';

// Issue 32: a wave of SMS alerts survives its app being killed. 150 donors with proven phones and
// no push, so each alert's SMS goes at once; the app is SIGKILLed while they go out over SMPP to
// the stand-in SMSC. After a restart every donor has one alert and at most one SMS: nobody got a
// text twice, every SMS still waiting its turn went, and only those on the wire are 'unknown'.

const DONORS = 150;
/** The outbox's messages on the wire at once (sms/outbox.ts SMS_AT_ONCE). */
const ON_THE_WIRE = 10;

function connectionUrl(config: pg.PoolConfig): string {
  if (config.connectionString) return config.connectionString;
  const e = encodeURIComponent;
  return `postgres://${e(config.user ?? '')}:${e(String(config.password ?? ''))}@${e(config.host ?? 'localhost')}:${config.port ?? 5432}/${config.database}`;
}
let database: TestDatabase;
let smsc: SmppStandIn;
let url: string;

beforeAll(async () => {
  [database, smsc] = await Promise.all([createTestDatabase(), startSmppStandIn({ systemId: 'blood', password: 'pw' })]);
  url = connectionUrl(withDatabase(inject('testDb').admin, database.name));
  // Never in quiet hours (start = end): the wave goes whatever the hour.
  await database.pool.query(
    `INSERT INTO users (id, name, email, email_verified, role, status, blood_group, division_id, district_id, upazila_id, phone, phone_number, phone_number_verified, quiet_hours_start, quiet_hours_end)
     SELECT 'sms-donor-' || g, 'Donor ' || g, 'sms' || g || '@example.com', true, 'donner', 'active', 'O+', 1, 1, 1,
       '+8801712' || lpad(g::text, 6, '0'), '+8801712' || lpad(g::text, 6, '0'), true, 0, 0
     FROM generate_series(1, $1::int) g`,
    [DONORS],
  );
  await database.pool.query(
    `INSERT INTO users (id, name, email, email_verified, role, status, created_at)
     VALUES ('sms-requester', 'Requester', 'sms-requester@example.com', true, 'donner', 'active', now() - interval '30 days')`,
  );
}, 60_000);

afterAll(async () => {
  await smsc?.close();
  await database?.drop();
});

const env = () => ({
  DATABASE_URL: url,
  SMS_URL: smsc.url,
  OUTREACH_WAVE_SIZE: String(DONORS),
  JOB_TIMEOUT_SECONDS: '5',
  PUBLIC_URL: 'http://blood.test',
});

async function until(check: () => Promise<boolean> | boolean, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('a wave of SMS alerts across a crash', { timeout: 180_000 }, () => {
  it('texts every donor of the wave at most once when the app is killed mid-wave and restarted', async () => {
    let server = await startServerProcess(env());
    const { rows } = await database.pool.query<{ id: string }>(
      `INSERT INTO donation_requests (requester_id, requester_name, requester_email, recipient_name, blood_group, hospital_name, full_address,
         division_id, district_id, upazila_id, donation_date, donation_time, request_message, needed_by, urgency, units_needed)
       VALUES ('sms-requester', 'Requester', 'sms-requester@example.com', 'Patient', 'O+', 'Crash hospital', 'Address', 1, 1, 1, $1, '23:00', 'Please', now() + interval '2 days', 'critical', 10)
       RETURNING id`,
      [inDays(2)],
    );
    const requestId = rows[0]!.id;
    const boss = new PgBoss({ connectionString: url, supervise: false, schedule: false, migrate: false });
    await boss.start();
    await boss.send('outreach-wave', { requestId, wave: 1 }, { singletonKey: requestId });
    await boss.stop({ graceful: false, close: true });

    await until(() => smsc.submitted.length >= 10, 60_000, 'the first SMS');
    process.kill(-server.child.pid!, 'SIGKILL');
    await server.exited;
    expect(smsc.submitted.length).toBeLessThan(DONORS);

    server = await startServerProcess(env());
    try {
      const settled = async () => {
        const { rows: [r] } = await database.pool.query<{ alerts: number; waiting: number; unsent: number }>(
          `SELECT (SELECT count(*) FROM notifications WHERE request_id = $1)::int AS alerts,
                  (SELECT count(*) FROM notifications WHERE request_id = $1 AND sms_state IN ('due', 'fallback'))::int AS waiting,
                  (SELECT count(*) FROM sms_messages m JOIN notifications n ON n.id = m.notification_id WHERE n.request_id = $1 AND m.state IN ('pending', 'sending'))::int AS unsent`,
          [requestId],
        );
        return r!.alerts === DONORS && r!.waiting === 0 && r!.unsent === 0;
      };
      await until(settled, 90_000, 'every SMS of the wave to be settled');
      await new Promise((r) => setTimeout(r, 1000));

      const { rows: alerts } = await database.pool.query<{ user_id: string; sms_state: string; messages: number; state: string | null }>(
        `SELECT n.user_id, n.sms_state, count(m.id)::int AS messages, min(m.state) AS state
         FROM notifications n LEFT JOIN sms_messages m ON m.notification_id = n.id
         WHERE n.request_id = $1 AND n.kind = 'alert' GROUP BY n.id`,
        [requestId],
      );
      expect(alerts).toHaveLength(DONORS);
      // One SMS row per alert, made once across the crash.
      expect(alerts.every((a) => a.sms_state === 'queued' && a.messages === 1)).toBe(true);

      const recipients = smsc.submitted.map((m) => m.to);
      // Nobody got a text twice.
      expect(recipients.length).toBe(new Set(recipients).size);
      const sent = alerts.filter((a) => a.state === 'sent').length;
      const unknown = alerts.filter((a) => a.state === 'unknown').length;
      expect(sent + unknown).toBe(DONORS);
      expect(recipients.length).toBeGreaterThanOrEqual(sent);
      expect(recipients.length).toBeLessThanOrEqual(sent + unknown);
      expect(unknown).toBeLessThanOrEqual(ON_THE_WIRE);
    } finally {
      process.kill(-server.child.pid!, 'SIGTERM');
      await server.exited;
    }
  });
});
