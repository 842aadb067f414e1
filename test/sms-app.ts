import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { type AppDeps, createDeps } from '../src/server/deps';
import { QUEUES } from '../src/server/jobs';
import { startOutreach } from '../src/server/outreach';
import { createTestDatabase, type TestDatabase, testConfig } from './helpers';
import { startSmppStandIn, type SmppStandIn } from './smpp-stand-in';

// The app as the SMS tests of issue 33 run it: a test database, the SMPP stand-in SMSC as its
// gateway, and this instance's outreach and SMS workers on the real job queue.

export interface SmsTestApp {
  database: TestDatabase;
  smsc: SmppStandIn;
  app: FastifyInstance;
  deps: AppDeps;
  /** The texts the stand-in took for a number (+880...). */
  textsTo(phone: string): string[];
  /** Waits until no SMS waits to be sent and no job of `queues` is due or running. */
  settled(queues?: string[]): Promise<void>;
  close(): Promise<void>;
}

export async function startSmsTestApp(env: Record<string, string> = {}): Promise<SmsTestApp> {
  const [smsc, database] = await Promise.all([startSmppStandIn({ systemId: 'blood', password: 'pw' }), createTestDatabase()]);
  const config = testConfig({ SMS_URL: smsc.url, OUTREACH_WAVE_SIZE: '10', NEW_ACCOUNT_HOURS: '0', PUBLIC_URL: 'https://blood.example.org', ...env });
  const deps = await createDeps({ config, db: database.db });
  const app = await buildApp({ config, db: database.db, webDir: null }, deps);
  await app.ready();
  await startOutreach(deps, app.log);
  return {
    database,
    smsc,
    app,
    deps,
    textsTo: (phone) => smsc.submitted.filter((m) => `+${m.to}` === phone).map((m) => m.text),
    async settled(queues = [QUEUES.noticeSms, QUEUES.smsInbound, QUEUES.sms]) {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const { rows } = await database.pool.query(
          `SELECT 1 FROM sms_messages WHERE state IN ('pending', 'sending')
           UNION ALL SELECT 1 FROM pgboss.job WHERE name = ANY($1) AND state IN ('created', 'retry', 'active') AND start_after <= now()`,
          [queues],
        );
        if (rows.length === 0) return;
        if (Date.now() > deadline) throw new Error('SMS still on their way');
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async close() {
      await app.close();
      await Promise.all([smsc.close(), database.drop()]);
    },
  };
}
