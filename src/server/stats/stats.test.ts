import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInDhaka } from '../../shared/dates/model';
import { registerUser, type TestUser, userWith } from '../../../test/fixtures';
import { createTestApp, errorBody, type TestApp } from '../../../test/helpers';

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
