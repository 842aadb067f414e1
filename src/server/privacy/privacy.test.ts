import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETED_USER_NAME, deletedEmailFor, maskEmail } from '../../shared/privacy/model';
import { PRIVACY_TEXTS } from '../../shared/privacy/texts';
import { users, verifications } from '../db/schema/accounts';
import { fundings } from '../db/schema/funding';
import { notifications } from '../db/schema/outreach';
import { donationPledges, donationRequests, requestReports } from '../db/schema/requests';
import { assertNoSecrets, donationRequestBody, registerUser, type TestUser, uniqueEmail, userWith } from '../../../test/fixtures';
import { createTestApp, errorBody, type TestApp } from '../../../test/helpers';
import { recordAudit } from '../audit/service';

let t: TestApp;
let other: TestUser;
let admin: TestUser;
let volunteer: TestUser;
let blocked: TestUser;
let blockedAdmin: TestUser;
let blockedVolunteer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  other = await registerUser(t.app);
  admin = await userWith(t.app, t.database.db, 'admin');
  volunteer = await userWith(t.app, t.database.db, 'volunteer');
  blocked = await userWith(t.app, t.database.db, 'donner', 'blocked');
  blockedAdmin = await userWith(t.app, t.database.db, 'admin', 'blocked');
  blockedVolunteer = await userWith(t.app, t.database.db, 'volunteer', 'blocked');
});
afterAll(() => t.close());

const enc = encodeURIComponent;
const exportOf = (who: TestUser | null, email: string) => t.app.inject({ url: `/api/users/${enc(email)}/export`, headers: who?.auth ?? {} });
const deleteOf = (who: TestUser | null, email: string, payload: unknown) =>
  t.app.inject({ method: 'DELETE', url: `/api/users/${enc(email)}`, headers: who?.auth ?? {}, payload: payload as object });

const PHONE = '+8801712345678';
const SUB = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc123', keys: { p256dh: 'BExampleKeyP256dh', auth: 'secretAuthKey' } };

/** A donor with everything the site can hold about a person: profile, phone, requests, a pledge, alerts, a push subscription, a report, a gift. */
async function fullUser(name: string, phone = PHONE) {
  const user = await registerUser(t.app, { name, blood_group: 'A+' });
  const profile = (await t.app.inject({ url: `/api/users/${enc(user.email)}`, headers: user.auth })).json() as { avatar: string };
  const patch = await t.app.inject({
    method: 'PATCH',
    url: `/api/users/${enc(user.email)}`,
    headers: user.auth,
    payload: { name, blood_group: 'A+', division: '1', district: '1', upazila: '1', phone, lastDonationDate: '2025-01-05' },
  });
  expect(patch.statusCode, patch.body).toBe(200);
  const mine = await t.app.inject({ method: 'POST', url: '/api/donationRequest', headers: user.auth, payload: donationRequestBody({ contactPhone: phone, bloodGroup: 'O+' }) });
  expect(mine.statusCode, mine.body).toBe(201);
  const requestId = (mine.json() as { insertedId: string }).insertedId;
  const theirs = await t.app.inject({ method: 'POST', url: '/api/donationRequest', headers: other.auth, payload: donationRequestBody({ bloodGroup: 'A+' }) });
  const theirId = (theirs.json() as { insertedId: string }).insertedId;
  expect((await t.app.inject({ method: 'PATCH', url: `/api/confirmDonation/${theirId}`, headers: user.auth })).statusCode).toBe(200);
  expect((await t.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: user.auth, payload: { ...SUB, endpoint: `${SUB.endpoint}${user.id}` } })).statusCode).toBe(201);
  await t.database.db.insert(notifications).values({ userId: user.id, requestId: theirId, kind: 'pledge' });
  await t.database.db.insert(requestReports).values({ requestId: theirId, reporterId: user.id, reason: 'other', note: `Reported by ${name}, call ${phone}` });
  await t.database.db.insert(fundings).values({ stripeSessionId: `cs_${user.id}`, stripeEventId: `evt_${user.id}`, userId: user.id, donorName: name, showName: true, amountMinor: 50000, currency: 'bdt' });
  await t.database.db.insert(verifications).values({ id: `v_${user.id}`, identifier: user.email, value: 'x', expiresAt: new Date(Date.now() + 3_600_000) });
  // A failed sign-in leaves a counter keyed by the address.
  await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password: 'Wrong#1234' } });
  return { user, requestId, theirId, avatar: profile.avatar };
}

describe('GET /api/users/{email}/export', () => {
  it("answers the owner everything the site holds about them, and never a credential", async () => {
    const { user, requestId, theirId } = await fullUser('Export Person');
    const res = await exportOf(user, user.email.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=/);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json() as Record<string, unknown> & {
      profile: Record<string, unknown>;
      requests: { _id: string; contactPhone: string }[];
      pledges: { requestId: string }[];
      notifications: unknown[];
      pushSubscriptions: Record<string, unknown>[];
      reports: unknown[];
      fundings: { amount: number }[];
      signIn: { provider: string }[];
    };
    expect(data.profile).toMatchObject({ _id: user.id, name: 'Export Person', email: user.email, phone: PHONE, blood_group: 'A+', district: 'Comilla', lastDonationDate: '2025-01-05' });
    expect(data.settings).toEqual({ email: true, push: true, quietHoursStart: '22:00', quietHoursEnd: '07:00', maxPerWeek: 3 });
    expect(data.requests.map((r) => [r._id, r.contactPhone])).toEqual([[requestId, PHONE]]);
    expect(data.pledges.map((p) => p.requestId)).toEqual([theirId]);
    expect(data.notifications).toHaveLength(1);
    expect(data.pushSubscriptions).toEqual([{ endpoint: `${SUB.endpoint}${user.id}`, createdAt: expect.any(String) }]);
    expect(data.reports).toHaveLength(1);
    expect(data.fundings.map((f) => f.amount)).toEqual([500]);
    expect(data.signIn.map((a) => a.provider)).toEqual(['credential']);
    assertNoSecrets(res.body);
    expect(res.body).not.toContain(SUB.keys.auth);
    expect(res.body).not.toContain(SUB.keys.p256dh);
  });

  it('a blocked owner may still download their data', async () => {
    expect((await exportOf(blocked, blocked.email)).statusCode).toBe(200);
  });

  it("refuses no token (401), and anyone else's data, staff included (403), whether the account exists or not", async () => {
    expect((await exportOf(null, other.email)).statusCode).toBe(401);
    for (const who of [admin, volunteer, blocked, blockedAdmin, blockedVolunteer]) {
      const res = await exportOf(who, other.email);
      expect(res.statusCode).toBe(403);
      expect(errorBody(res).message).toBe(PRIVACY_TEXTS.ownExportOnly);
    }
    expect((await exportOf(admin, 'nobody@example.com')).statusCode).toBe(403);
  });

  it('refuses a malformed email (400)', async () => {
    expect((await exportOf(other, ' ')).statusCode).toBe(400);
    expect((await exportOf(other, 'a'.repeat(300))).statusCode).toBe(400);
  });
});

describe('DELETE /api/users/{email}', () => {
  it('refuses without the typed email (400), a wrong one (400), no token (401), another account (403), a blocked account (403)', async () => {
    const user = await registerUser(t.app);
    for (const payload of [{}, { confirmEmail: '' }, { confirmEmail: 42 }, null]) {
      const res = await deleteOf(user, user.email, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      errorBody(res);
    }
    const wrong = await deleteOf(user, user.email, { confirmEmail: other.email });
    expect(wrong.statusCode).toBe(400);
    expect(errorBody(wrong).message).toBe(PRIVACY_TEXTS.confirmMismatch);
    expect((await deleteOf(null, user.email, { confirmEmail: user.email })).statusCode).toBe(401);
    for (const who of [other, admin, volunteer]) {
      const res = await deleteOf(who, user.email, { confirmEmail: user.email });
      expect(res.statusCode).toBe(403);
      expect(errorBody(res).message).toBe(PRIVACY_TEXTS.ownDeleteOnly);
    }
    // Blocked staff: refused like any blocked account's write.
    for (const who of [blockedAdmin, blockedVolunteer]) expect((await deleteOf(who, user.email, { confirmEmail: user.email })).statusCode).toBe(403);
    // An unknown address is "someone else's" too: nobody learns which accounts exist.
    expect((await deleteOf(other, 'nobody@example.com', { confirmEmail: 'nobody@example.com' })).statusCode).toBe(403);
    expect((await deleteOf(blocked, blocked.email, { confirmEmail: blocked.email })).statusCode).toBe(403);
    // Nothing happened.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.deletedAt).toBeNull();
    expect(row!.email).toBe(user.email);
  });

  it('signs the account out everywhere, erases every personal field in every table, and keeps the record', async () => {
    const name = 'Nasrin Sultana Qx';
    const phone = '+8801898765432';
    const { user, requestId, theirId, avatar } = await fullUser(name, phone);
    const imageId = /\/api\/images\/([0-9a-f-]{36})/.exec(avatar)![1]!;
    // A second session (another device), with its own token.
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password: user.password } });
    expect(again.statusCode).toBe(200);

    // Something they did was audited from an address (a phone shown to them): the row stays, the address goes.
    const address = '192.0.2.77';
    await recordAudit(t.database.db, { actorId: user.id, ip: address }, { action: 'phone.reveal', targetType: 'user', targetId: other.id });
    // SMS sent to them, and one still waiting (issue 32): their number and words go, and the waiting one is not sent.
    await t.database.pool.query(
      `INSERT INTO sms_messages (user_id, to_number, kind, body, segments, state) VALUES ($1, $2, 'alert', $3, 1, 'sent'), ($1, $2, 'reply', $3, 1, 'pending')`,
      [user.id, phone, `Nasrin, B+ needed`],
    );

    const res = await deleteOf(user, user.email, { confirmEmail: ` ${user.email.toUpperCase()} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: true });
    const { rows: kept } = await t.database.pool.query(`SELECT 1 FROM audit_log WHERE actor_id = $1 AND action = 'phone.reveal'`, [user.id]);
    expect(kept).toHaveLength(1);

    // Signed out everywhere: the token is refused, sessions are gone, the password no longer signs in.
    const after = await t.app.inject({ url: `/api/users/${enc(user.email)}`, headers: user.auth });
    expect(after.statusCode).toBe(401);
    const { rows: sessionRows } = await t.database.pool.query('SELECT 1 FROM sessions WHERE user_id = $1', [user.id]);
    expect(sessionRows).toHaveLength(0);

    // No personal field left in any row of any table (every text, varchar and jsonb column).
    const { rows: columns } = await t.database.pool.query<{ table_name: string; column_name: string }>(`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'jsonb', 'json', 'ARRAY', 'uuid')`);
    expect(columns.length).toBeGreaterThan(30);
    const needles = [user.email, name, 'Nasrin', 'Sultana', phone, phone.slice(4), imageId, address];
    const hits: string[] = [];
    for (const { table_name, column_name } of columns) {
      for (const needle of needles) {
        const { rows } = await t.database.pool.query(`SELECT 1 FROM "${table_name}" WHERE "${column_name}"::text ILIKE $1 LIMIT 1`, [`%${needle}%`]);
        if (rows.length) hits.push(`${table_name}.${column_name} holds ${needle}`);
      }
    }
    expect(hits).toEqual([]);
    const { rows: texts } = await t.database.pool.query<{ state: string }>(`SELECT state FROM sms_messages WHERE user_id = $1 ORDER BY kind`, [user.id]);
    expect(texts.map((m) => m.state)).toEqual(['sent', 'failed']);
    // The picture's bytes are gone too.
    const { rows: imageRows } = await t.database.pool.query('SELECT 1 FROM images WHERE id = $1', [imageId]);
    expect(imageRows).toHaveLength(0);

    // Neither the password nor the old session cookie signs in (a failed attempt's counter, made now, is not the person's data).
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password: user.password } });
    expect(signIn.statusCode).toBeGreaterThanOrEqual(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/jwt', headers: { cookie: user.cookie }, payload: { email: user.email } })).statusCode).toBe(401);
    // The row stays for the record, erased and closed.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      name: DELETED_USER_NAME,
      email: deletedEmailFor(user.id),
      image: null,
      bloodGroup: null,
      divisionId: null,
      districtId: null,
      upazilaId: null,
      phone: null,
      lastDonationDate: null,
      status: 'blocked',
    });
    expect(row!.deletedAt).toBeInstanceOf(Date);
    const [request] = await t.database.db.select().from(donationRequests).where(eq(donationRequests.id, requestId));
    expect(request).toMatchObject({ requesterName: DELETED_USER_NAME, requesterEmail: deletedEmailFor(user.id), contactPhone: null, recipientName: 'Ayesha Begum' });
    const [pledge] = await t.database.db.select().from(donationPledges).where(eq(donationPledges.requestId, theirId));
    expect(pledge).toMatchObject({ donorId: user.id, donorName: DELETED_USER_NAME });
    const [gift] = await t.database.db.select().from(fundings).where(eq(fundings.userId, user.id));
    expect(gift).toMatchObject({ donorName: DELETED_USER_NAME, showName: false });
    // Others see the request with "Deleted user".
    const seen = await t.app.inject({ url: `/api/donationRequest?id=${requestId}`, headers: other.auth });
    expect((seen.json() as { requesterName: string }).requesterName).toBe(DELETED_USER_NAME);

    // The address is free: the same email registers a new account.
    const fresh = await registerUser(t.app, { email: user.email });
    expect(fresh.id).not.toBe(user.id);
  });

  it('takes the account out of donor search and All Users', async () => {
    const user = await registerUser(t.app, { blood_group: 'AB-', division: '3', district: '27', upazila: '213' });
    const found = async () => ((await t.app.inject('/api/search?bloodGroup=AB-&&upazila=213&limit=100')).json() as { _id: string }[]).map((d) => d._id);
    const listed = async () => ((await t.app.inject({ url: '/api/users?limit=100', headers: admin.auth })).json() as { _id: string }[]).map((u) => u._id);
    expect(await found()).toContain(user.id);
    expect(await listed()).toContain(user.id);
    expect((await deleteOf(user, user.email, { confirmEmail: user.email })).statusCode).toBe(200);
    expect(await found()).not.toContain(user.id);
    expect(await listed()).not.toContain(user.id);
  });

  it('the last active admin cannot delete themselves (409); with another admin they can', async () => {
    const t2 = await createTestApp();
    try {
      const only = await userWith(t2.app, t2.database.db, 'admin');
      // A blocked admin is no admin: it does not count.
      await userWith(t2.app, t2.database.db, 'admin', 'blocked');
      const del = (who: TestUser) => t2.app.inject({ method: 'DELETE', url: `/api/users/${enc(who.email)}`, headers: who.auth, payload: { confirmEmail: who.email } });
      // The seeded first admin, if any, would be another active admin: the database starts without one here.
      const { rows } = await t2.database.pool.query(`SELECT count(*)::int AS n FROM users WHERE role = 'admin' AND status = 'active'`);
      expect(rows[0].n).toBe(1);
      const refused = await del(only);
      expect(refused.statusCode).toBe(409);
      expect(errorBody(refused)).toMatchObject({ code: 'LAST_ADMIN', message: PRIVACY_TEXTS.lastAdmin });
      await userWith(t2.app, t2.database.db, 'admin');
      expect((await del(only)).statusCode).toBe(200);
    } finally {
      await t2.close();
    }
  });
});

describe('donor search emails (issue 17)', () => {
  it('are masked for anonymous callers and in full for signed-in users, never from a shared cache entry', async () => {
    const cached = await createTestApp({ env: { LIST_CACHE_TTL_MS: '60000' } });
    try {
      const donor = await registerUser(cached.app, { email: uniqueEmail('rahim'), blood_group: 'B-', division: '3', district: '27', upazila: '213' });
      const viewer = await registerUser(cached.app);
      const url = '/api/search?bloodGroup=B-&&upazila=213';
      const emails = async (headers: Record<string, string>) => ((await cached.app.inject({ url, headers })).json() as { email: string }[]).map((d) => d.email);
      // Each order, so neither answer can come from the other's entry.
      expect(await emails({})).toEqual([maskEmail(donor.email)]);
      expect(await emails(viewer.auth)).toEqual([donor.email]);
      expect(await emails({})).toEqual([maskEmail(donor.email)]);
      expect(maskEmail(donor.email)).toMatch(/^r\*\*\*@example\.com$/);
      // A bad token is refused, not treated as anonymous.
      expect((await cached.app.inject({ url, headers: { authorization: 'Bearer nope' } })).statusCode).toBe(401);
    } finally {
      await cached.close();
    }
  });

  it('maskEmail keeps the first character and the domain', () => {
    expect(maskEmail('rahim@example.com')).toBe('r***@example.com');
    expect(maskEmail('a@b.co')).toBe('a***@b.co');
    expect(maskEmail('not-an-address')).toBe('***');
    expect(maskEmail('@example.com')).toBe('***');
  });
});
