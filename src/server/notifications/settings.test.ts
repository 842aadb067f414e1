import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type TestUser, userWith } from '../../../test/fixtures';
import { createTestApp, errorBody, type TestApp } from '../../../test/helpers';

// Notification settings say which channels this server can send on (issue 38): without SMTP_URL
// there is no email, whatever the switch says, so the form can show it unavailable. (With SMTP_URL:
// outreach.test.ts.)

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let blockedVolunteer: TestUser;
const url = (user: TestUser) => `/api/users/${encodeURIComponent(user.email)}/notification-settings`;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app);
  other = await registerUser(t.app);
  blockedVolunteer = await userWith(t.app, t.database.db, 'volunteer', 'blocked');
});
afterAll(() => t?.close());

describe('GET and PATCH /api/users/{email}/notification-settings without SMTP_URL', () => {
  it('say email is not available and push is', async () => {
    const res = await t.app.inject({ method: 'GET', url: url(owner), headers: owner.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: true, available: { email: false, push: true } });
    const patched = await t.app.inject({ method: 'PATCH', url: url(owner), headers: owner.auth, payload: { maxPerWeek: 4 } });
    expect(patched.json()).toMatchObject({ maxPerWeek: 4, available: { email: false, push: true } });
  });

  it('refuse changing what is available, no token, someone else, a blocked volunteer', async () => {
    const bad = await t.app.inject({ method: 'PATCH', url: url(owner), headers: owner.auth, payload: { available: { email: true } } });
    expect(bad.statusCode).toBe(400);
    errorBody(bad);
    expect((await t.app.inject({ method: 'GET', url: url(owner) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: url(owner), headers: other.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PATCH', url: url(blockedVolunteer), headers: blockedVolunteer.auth, payload: { email: false } })).statusCode).toBe(403);
  });
});
