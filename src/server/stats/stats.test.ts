import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInDhaka } from '../../shared/dates/model';
import { registerUser, type TestUser, userWith } from '../../../test/fixtures';
import { createTestApp, errorBody, type TestApp } from '../../../test/helpers';
import { startSmppStandIn } from '../../../test/smpp-stand-in';
import { smsMessages } from '../db/schema/sms';

let t: TestApp;
let donor: TestUser;
let volunteer: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  donor = await registerUser(t.app);
  volunteer = await userWith(t.app, t.database.db, 'volunteer');
  admin = await userWith(t.app, t.database.db, 'admin');
});
afterAll(() => t.close());

describe('GET /api/admin-stats', () => {
  it('counts users and donation requests; revenue is 0 until funding arrives', async () => {
    const before = (await t.app.inject({ url: '/api/admin-stats', headers: admin.auth })).json() as { users: number; donation: number };
    expect(before).toEqual({ users: 3, revenue: 0, donation: 0 });
    await registerUser(t.app);
    for (let i = 0; i < 2; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/donationRequest',
        headers: donor.auth,
        payload: {
          recipientName: 'R', bloodGroup: 'A-', hospitalName: 'H', fullAddress: 'A', donationDate: todayInDhaka(), donationTime: '09:00',
          requestMessage: 'M', recipientDivision: '1', recipientDistrict: '1', recipientUpazila: '1',
        },
      });
    }
    const res = await t.app.inject({ url: '/api/admin-stats', headers: volunteer.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ users: 4, revenue: 0, donation: 2 });
    // A deleted account (issue 17) is no longer counted; its requests still are.
    const leaving = await registerUser(t.app);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/users/${encodeURIComponent(leaving.email)}`, headers: leaving.auth, payload: { confirmEmail: leaving.email } });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect((await t.app.inject({ url: '/api/admin-stats', headers: admin.auth })).json()).toEqual({ users: 4, revenue: 0, donation: 2 });
  });

  it('is for admins and volunteers only', async () => {
    const res = await t.app.inject({ url: '/api/admin-stats', headers: donor.auth });
    expect(res.statusCode).toBe(403);
    errorBody(res);
    expect((await t.app.inject('/api/admin-stats')).statusCode).toBe(401);
  });
});

describe('GET /api/admin-stats/sms', () => {
  const url = '/api/admin-stats/sms';
  const DHAKA = 6 * 60 * 60 * 1000;
  /** The start of today and of this month in Dhaka (UTC+6, no summer time), as instants. */
  const dhakaStarts = (now: number) => {
    const local = new Date(now + DHAKA);
    const day = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - DHAKA;
    const month = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - DHAKA;
    return { day, month };
  };

  it("counts the segments and messages the gateway took, and the failures, today and this month (Dhaka's calendar)", async () => {
    const empty = await t.app.inject({ url, headers: admin.auth });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ enabled: false, dailySegments: 5000, today: { segments: 0, messages: 0, failed: 0 }, month: { segments: 0, messages: 0, failed: 0 } });

    const now = Date.now();
    const { day, month } = dhakaStarts(now);
    const at = (ms: number) => new Date(ms);
    // Early this month: today too on the month's first day.
    const early = month + 60_000;
    const earlyIsToday = early >= day;
    await t.database.db.insert(smsMessages).values([
      { kind: 'phone-code', segments: 2, state: 'sent', createdAt: at(now - 1000), sentAt: at(now) },
      { kind: 'phone-code', segments: 1, state: 'delivered', createdAt: at(now - 2000), sentAt: at(now - 1000) },
      // May have reached the gateway: billed as taken.
      { kind: 'phone-code', segments: 1, state: 'unknown', createdAt: at(now - 3000) },
      // Refused every time: not taken, a failure.
      { kind: 'phone-code', segments: 1, state: 'failed', createdAt: at(now - 4000) },
      // Taken, then its receipt said it will not arrive: both.
      { kind: 'phone-code', segments: 3, state: 'failed', createdAt: at(now - 5000), sentAt: at(now - 4000) },
      // Still waiting its turn: neither.
      { kind: 'phone-code', segments: 1, state: 'pending', createdAt: at(now - 6000) },
      { kind: 'phone-code', segments: 2, state: 'sent', createdAt: at(early), sentAt: at(early + 1000) },
      // Last month's, and one from a minute before today began in Dhaka.
      { kind: 'phone-code', segments: 5, state: 'sent', createdAt: at(month - 60_000), sentAt: at(month - 59_000) },
      ...(day - 60_000 >= month ? [{ kind: 'phone-code' as const, segments: 4, state: 'sent' as const, createdAt: at(day - 60_000), sentAt: at(day - 59_000) }] : []),
    ]);
    const beforeToday = day - 60_000 >= month ? 1 : 0;
    const res = await t.app.inject({ url, headers: volunteer.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      enabled: false,
      dailySegments: 5000,
      today: { segments: 7 + (earlyIsToday ? 2 : 0), messages: 4 + (earlyIsToday ? 1 : 0), failed: 2 },
      month: { segments: 9 + 4 * beforeToday, messages: 5 + beforeToday, failed: 2 },
    });
  });

  it('is for admins and volunteers only: not a donor, a blocked admin or volunteer, or no one signed in', async () => {
    const blockedAdmin = await userWith(t.app, t.database.db, 'admin', 'blocked');
    const blockedVolunteer = await userWith(t.app, t.database.db, 'volunteer', 'blocked');
    for (const who of [donor, blockedAdmin, blockedVolunteer]) {
      const res = await t.app.inject({ url, headers: who.auth });
      expect(res.statusCode).toBe(403);
      errorBody(res);
    }
    const anonymous = await t.app.inject(url);
    expect(anonymous.statusCode).toBe(401);
    errorBody(anonymous);
  });

  it('says the site sends SMS when SMS_URL is set', async () => {
    const smsc = await startSmppStandIn({ systemId: 'blood', password: 's3cret' });
    const withSms = await createTestApp({ env: { SMS_URL: smsc.url } });
    try {
      const staff = await userWith(withSms.app, withSms.database.db, 'admin');
      const res = await withSms.app.inject({ url, headers: staff.auth });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ enabled: true, today: { segments: 0 } });
    } finally {
      await withSms.close();
      await smsc.close();
    }
  });
});
