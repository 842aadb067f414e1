import { eq, inArray } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers';
import { startSmppStandIn, type SmppStandIn } from '../../../test/smpp-stand-in';
import { smsMessages } from '../db/schema/sms';
import { type JobQueue, startJobQueue } from '../jobs';
import { type SmsGateway, SmsMaybeSent } from './gateway';
import { deliverSms, queueSms, recordFailedSms, recordSmsReceipt, type SmsJob } from './outbox';
import { createSmppGateway } from './smpp-gateway';
import { parseSmsUrl } from './sms-url';

// The SMS outbox (issue 32): a message is claimed just before it goes on the wire, so a crash
// leaves 'unknown' only on the messages that were on the wire, and nothing is sent twice. Real
// SMPP to the stand-in SMSC, real PostgreSQL and the real job queue (its jobs are read back, not run
// by a worker, so each test decides what happened before).

let database: TestDatabase;
let smsc: SmppStandIn;
let gateway: SmsGateway;
let jobs: JobQueue;

beforeAll(async () => {
  [smsc, database] = await Promise.all([startSmppStandIn({ systemId: 'blood', password: 'pw' }), createTestDatabase()]);
  const url = parseSmsUrl(smsc.url);
  if (url.kind !== 'smpp') throw new Error('smpp:// expected');
  gateway = createSmppGateway(url, { rebindDelayMs: 50 });
  jobs = await startJobQueue(database.pool, { timeoutSeconds: 30, supervise: false });
}, 60_000);

afterAll(async () => {
  await jobs?.stop({ graceful: false, wait: true });
  await gateway?.close();
  await Promise.all([smsc?.close(), database?.drop()]);
});

let n = 3_000_000;
const freshNumber = () => `+880171${String(++n).padStart(7, '0')}`;

/** Queues messages as the app does (row and job in one transaction) and returns their jobs as a worker would fetch them. */
async function queued(count: number, kind: 'phone-code' = 'phone-code'): Promise<SmsJob[]> {
  const ids = await database.db.transaction(async (tx) => {
    const made: string[] = [];
    for (let i = 0; i < count; i++) made.push(await queueSms(tx, jobs, { userId: null, to: freshNumber(), kind, body: `12345${i} is your Blood Donation code.` }));
    return made;
  });
  const rows = await database.pool.query<{ id: string; data: { smsId: string } }>(`SELECT id, data FROM pgboss.job WHERE name = 'sms' AND data->>'smsId' = ANY($1)`, [ids]);
  expect(rows.rows).toHaveLength(count);
  return rows.rows.map((r) => ({ id: r.id, name: 'sms', data: r.data }) as PgBoss.Job<{ smsId: string }>);
}
const states = async (batch: SmsJob[]) =>
  new Map(
    (await database.db.select().from(smsMessages).where(inArray(smsMessages.id, batch.map((j) => j.data.smsId)))).map((r) => [r.id, r]),
  );
const sentTo = (to: string) => smsc.submitted.filter((m) => `+${m.to}` === to).length;

describe('the SMS outbox', () => {
  it('queues nothing when the transaction rolls back', async () => {
    const to = freshNumber();
    await expect(
      database.db.transaction(async (tx) => {
        await queueSms(tx, jobs, { userId: null, to, kind: 'phone-code', body: '111111 is your code' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await database.db.select().from(smsMessages).where(eq(smsMessages.toNumber, to))).toHaveLength(0);
    expect((await database.pool.query(`SELECT 1 FROM pgboss.job WHERE name = 'sms' AND data->>'smsId' NOT IN (SELECT id::text FROM sms_messages)`)).rows).toHaveLength(0);
  });

  it("after a crash mid-batch: the message that was on the wire is 'unknown' and not sent again; the others go once", async () => {
    const batch = await queued(4);
    // The instance that ran this batch died while the second message was on the wire.
    await database.db.update(smsMessages).set({ state: 'sending' }).where(eq(smsMessages.id, batch[1]!.data.smsId));
    const before = await states(batch);
    const result = await deliverSms(database.db, gateway, batch);
    expect(result.failed).toEqual([]);
    const after = await states(batch);
    expect(after.get(batch[1]!.data.smsId)!.state).toBe('unknown');
    const numberOf = (i: number) => before.get(batch[i]!.data.smsId)!.toNumber!;
    expect(sentTo(numberOf(1))).toBe(0);
    for (const i of [0, 2, 3]) {
      // A phone code that left keeps neither its text nor its number: nothing personal stays.
      expect(after.get(batch[i]!.data.smsId)).toMatchObject({ state: 'sent', body: null, toNumber: null, segments: 1 });
      expect(sentTo(numberOf(i))).toBe(1);
    }
    // The job run once more (its completion was lost too) sends nothing.
    await deliverSms(database.db, gateway, batch);
    for (const i of [0, 1, 2, 3]) expect(sentTo(numberOf(i))).toBe(i === 1 ? 0 : 1);
  });

  it('a message the gateway refused goes back to pending and its job is failed for a retry, which sends it once', async () => {
    const batch = await queued(1);
    smsc.failNext(0x08); // ESME_RSYSERR
    const first = await deliverSms(database.db, gateway, batch);
    expect(first.failed.map((j) => j.id)).toEqual([batch[0]!.id]);
    const row = (await states(batch)).get(batch[0]!.data.smsId)!;
    expect(row.state).toBe('pending');
    expect(row.body).not.toBeNull();
    await deliverSms(database.db, gateway, batch);
    expect((await states(batch)).get(batch[0]!.data.smsId)!.state).toBe('sent');
    expect(sentTo(row.toNumber!)).toBe(1);
  });

  it("a text that may have reached the gateway is 'unknown' at once and never retried", async () => {
    const batch = await queued(1);
    const unsure: SmsGateway = { ...gateway, send: () => Promise.reject(new SmsMaybeSent('the connection closed before submit_sm_resp')) };
    const result = await deliverSms(database.db, unsure, batch);
    expect(result.failed).toEqual([]);
    expect((await states(batch)).get(batch[0]!.data.smsId)!.state).toBe('unknown');
  });

  it('without a gateway nothing is sent and the messages wait', async () => {
    const batch = await queued(1);
    expect(await deliverSms(database.db, null, batch)).toEqual({ failed: [] });
    expect((await states(batch)).get(batch[0]!.data.smsId)!.state).toBe('pending');
  });

  it('a message given up after every retry is failed and its code is dropped', async () => {
    const batch = await queued(1);
    await recordFailedSms(database.db, batch);
    expect((await states(batch)).get(batch[0]!.data.smsId)).toMatchObject({ state: 'failed', body: null, toNumber: null });
  });

  it("a receipt is recorded, even one that comes before the send's record of the gateway's id; one that is not final changes nothing", async () => {
    const [early, late] = await queued(2);
    // The handset's receipt beats the send's own write of the id: it looks again, and finds it.
    const receipt = recordSmsReceipt(database.db, { messageId: 'gw-early', state: 'delivered', delivered: true, status: 'DELIVRD' }, [50, 100, 200]);
    await new Promise((r) => setTimeout(r, 80));
    await database.db.update(smsMessages).set({ state: 'sent', gatewayId: 'gw-early', sentAt: new Date() }).where(eq(smsMessages.id, early!.data.smsId));
    await receipt;
    expect((await states([early!])).get(early!.data.smsId)!.state).toBe('delivered');

    await database.db.update(smsMessages).set({ state: 'sent', gatewayId: 'gw-late', sentAt: new Date() }).where(eq(smsMessages.id, late!.data.smsId));
    await recordSmsReceipt(database.db, { messageId: 'gw-late', state: 'other', delivered: false, status: 'ENROUTE' });
    expect((await states([late!])).get(late!.data.smsId)!.state).toBe('sent');
    await recordSmsReceipt(database.db, { messageId: 'gw-late', state: 'failed', delivered: false, status: 'UNDELIV' });
    expect((await states([late!])).get(late!.data.smsId)!.state).toBe('failed');
    // A final state stays: a late 'delivered' does not undo a failure the handset reported.
    await recordSmsReceipt(database.db, { messageId: 'gw-late', state: 'delivered', delivered: true, status: 'DELIVRD' });
    expect((await states([late!])).get(late!.data.smsId)!.state).toBe('failed');
    // A receipt for a message nobody sent is given up after its looks.
    await recordSmsReceipt(database.db, { messageId: 'gw-nobody', state: 'delivered', delivered: true, status: 'DELIVRD' }, [10]);
  });
});
