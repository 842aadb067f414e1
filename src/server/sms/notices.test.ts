import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dhakaMinuteOfDay } from '../../shared/outreach/model';
import { donationRequestBody, registerUser, type TestUser } from '../../../test/fixtures';
import type { TestDatabase } from '../../../test/helpers';
import { type SmsTestApp, startSmsTestApp } from '../../../test/sms-app';
import type { AppDeps } from '../deps';
import { users } from '../db/schema/accounts';
import { notifications } from '../db/schema/outreach';
import { smsMessages } from '../db/schema/sms';
import { QUEUES } from '../jobs';
import { makeNoticeSms, type NoticeSmsDeps } from './notices';
import { SMS_TEXTS } from './sms-texts';

// A notice's SMS (issue 33): a thank-you or an eligible-again notice made 'due' (outreach's
// after-donation.test.ts shows when) becomes one SMS, in the donor's language, outside their quiet
// hours and within the day's budget. Driven with an injected clock against the stand-in SMSC.

let harness: SmsTestApp;
let database: TestDatabase;
let app: FastifyInstance;
let deps: AppDeps;
let requester: TestUser;
let requestId: string;

let n = 7_000_000;
const textsTo = (phone: string) => harness.textsTo(phone);

async function donor(lang: 'en' | 'bn' = 'en', quiet: [number, number] = [0, 0]) {
  const user = await registerUser(app, { blood_group: 'B+' });
  const phone = `+880181${String(++n).padStart(7, '0')}`;
  await database.db
    .update(users)
    .set({ locale: lang, phone, phoneNumber: phone, phoneNumberVerified: true, quietHoursStart: quiet[0], quietHoursEnd: quiet[1], available: false })
    .where(eq(users.id, user.id));
  return { ...user, phone };
}
async function notice(userId: string, kind: 'thanks' | 'eligible'): Promise<string> {
  const [row] = await database.db
    .insert(notifications)
    .values({ userId, kind, requestId: kind === 'thanks' ? requestId : null, smsState: 'due' })
    .returning({ id: notifications.id });
  return row!.id;
}
const stateOf = async (id: string) => (await database.db.select({ s: notifications.smsState }).from(notifications).where(eq(notifications.id, id)))[0]!.s;
const smsDeps = (over: Partial<NoticeSmsDeps> = {}): NoticeSmsDeps => ({ db: deps.db, jobs: deps.jobs, dailySegments: 100_000, ...over });

beforeAll(async () => {
  harness = await startSmsTestApp({ NEW_ACCOUNT_HOURS: '24' });
  ({ database, app, deps } = harness);
  requester = await registerUser(app, { blood_group: 'A+' });
  const res = await app.inject({ method: 'POST', url: '/api/donationRequest', headers: requester.auth, payload: donationRequestBody({ hospitalName: 'Chittagong Medical College Hospital' }) });
  requestId = res.json<{ insertedId: string }>().insertedId;
}, 60_000);

afterAll(() => harness?.close());

describe("a notice's SMS", () => {
  it('a thank-you names the hospital in the donor\'s language; run twice (a retry, a crash) it is one SMS', async () => {
    const d = await donor('bn');
    const id = await notice(d.id, 'thanks');
    const runs = await Promise.all([1, 2].map(() => makeNoticeSms(smsDeps(), { notificationId: id })));
    expect(runs.sort()).toEqual(['done-before', 'queued']);
    expect(await makeNoticeSms(smsDeps(), { notificationId: id })).toBe('done-before');
    await harness.settled();
    expect(textsTo(d.phone)).toEqual([SMS_TEXTS.bn.thanks('Chittagong Medical College Hospital')]);
    expect(await stateOf(id)).toBe('queued');
    const [sms] = await database.db.select().from(smsMessages).where(eq(smsMessages.notificationId, id));
    expect(sms).toMatchObject({ kind: 'notice', userId: d.id, segments: 1 });
  });

  it('the eligible-again notice, made at its own moment (an injected clock)', async () => {
    const d = await donor('en');
    const id = await notice(d.id, 'eligible');
    const at = new Date('2031-03-01T03:00:00Z');
    expect(await makeNoticeSms(smsDeps({ now: () => at }), { notificationId: id })).toBe('queued');
    await harness.settled();
    expect(textsTo(d.phone)).toEqual([SMS_TEXTS.en.eligibleAgain()]);
    expect(SMS_TEXTS.en.eligibleAgain()).toMatch(/^You can give blood again from today\./);
  });

  it("in the donor's quiet hours it waits for their end: a new job then, the notice still due", async () => {
    const now = new Date();
    const minute = dhakaMinuteOfDay(now);
    const d = await donor('en', [(minute + 1440 - 30) % 1440, (minute + 30) % 1440]);
    const id = await notice(d.id, 'thanks');
    expect(await makeNoticeSms(smsDeps({ now: () => now }), { notificationId: id })).toBe('later');
    expect(await stateOf(id)).toBe('due');
    const { rows } = await database.pool.query<{ start_after: Date }>(`SELECT start_after FROM pgboss.job WHERE name = $1 AND data->>'notificationId' = $2`, [QUEUES.noticeSms, id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.start_after.getTime()).toBeGreaterThan(now.getTime() + 25 * 60_000);
    expect(textsTo(d.phone)).toEqual([]);
  });

  it("over the day's budget, without a proven phone, with SMS turned off, or blocked: skipped, nothing sent", async () => {
    const over = await donor();
    const overId = await notice(over.id, 'thanks');
    expect(await makeNoticeSms(smsDeps({ dailySegments: 0 }), { notificationId: overId })).toBe('skipped');
    const cases = [{ phoneNumber: null, phoneNumberVerified: false }, { notifySms: false }, { status: 'blocked' as const }];
    for (const change of cases) {
      const d = await donor();
      const id = await notice(d.id, 'eligible');
      await database.db.update(users).set(change).where(eq(users.id, d.id));
      expect(await makeNoticeSms(smsDeps(), { notificationId: id })).toBe('skipped');
      expect(await stateOf(id)).toBe('skipped');
      expect(textsTo(d.phone)).toEqual([]);
    }
    expect(textsTo(over.phone)).toEqual([]);
    // A notice not due (none, or already queued) is left alone.
    const none = await donor();
    const [row] = await database.db.insert(notifications).values({ userId: none.id, kind: 'thanks', requestId, smsState: 'none' }).returning({ id: notifications.id });
    expect(await makeNoticeSms(smsDeps(), { notificationId: row!.id })).toBe('done-before');
    expect(await database.db.select().from(smsMessages).where(eq(smsMessages.userId, none.id))).toEqual([]);
  });
});
