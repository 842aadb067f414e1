import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donationRequestBody, inDays, registerUser, type TestUser, uploadImage, userWith } from '../../../test/fixtures';
import { createTestApp, errorBody, type TestApp } from '../../../test/helpers';
import type { AuditEntry } from '../../shared/audit/schemas';
import { todayInDhaka } from '../../shared/dates/model';
import { auditLog, users } from '../db/schema/accounts';

// The audit trail (issue 17): every staff change and every phone shown to someone else is written
// with the change, the table refuses UPDATE, DELETE and TRUNCATE from the app's own database role,
// and admins read it with filters and paging.

let t: TestApp;
let admin: TestUser;
let volunteer: TestUser;
let donor: TestUser;
let requester: TestUser;
let blockedAdmin: TestUser;

const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user: TestUser | null, payload?: object) =>
  t.app.inject({ method, url, headers: { ...(user ? user.auth : {}), 'x-forwarded-for': '203.0.113.9' }, ...(payload && { payload }) });
const rowsOf = (action: string, targetId?: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), targetId ? eq(auditLog.targetId, targetId) : undefined));

async function createRequest(owner: TestUser, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await inject('POST', '/api/donationRequest', owner, donationRequestBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ insertedId: string }>().insertedId;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await userWith(t.app, t.database.db, 'admin');
  volunteer = await userWith(t.app, t.database.db, 'volunteer');
  blockedAdmin = await userWith(t.app, t.database.db, 'admin', 'blocked');
  donor = await registerUser(t.app);
  await t.database.db.update(users).set({ phone: '+8801712345678' }).where(eq(users.id, donor.id));
  requester = await registerUser(t.app);
}, 60_000);
afterAll(() => t?.close());

describe('the audit table', () => {
  it('refuses UPDATE, DELETE and TRUNCATE from the app\'s own database role, and keeps its rows', async () => {
    const pool = t.database.pool; // the pool the app itself uses
    await pool.query(`INSERT INTO audit_log (actor_id, action, target_type, target_id) VALUES ($1, 'user.role', 'user', 'x')`, [admin.id]);
    const { rows: before } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log');
    const { rows: role } = await pool.query<{ r: string }>('SELECT current_user AS r');
    for (const statement of ["UPDATE audit_log SET action = 'tampered'", 'DELETE FROM audit_log', 'TRUNCATE audit_log CASCADE']) {
      await expect(pool.query(statement), `${statement} as ${role[0]!.r}`).rejects.toThrow(/append-only/);
    }
    const { rows: after } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log');
    expect(after[0]!.n).toBe(before[0]!.n);
    const { rows: tampered } = await pool.query(`SELECT 1 FROM audit_log WHERE action = 'tampered'`);
    expect(tampered).toEqual([]);
  });
});

describe('what is recorded', () => {
  it('user status and role changes by an admin: who, what, on what, before and after, when, from where', async () => {
    const target = await registerUser(t.app);
    expect((await inject('PATCH', `/api/users?status=blocked&&email=${encodeURIComponent(target.email)}`, admin)).statusCode).toBe(200);
    expect((await inject('PATCH', `/api/users?role=volunteer&&email=${encodeURIComponent(target.email)}`, admin)).statusCode).toBe(200);
    const [status] = await rowsOf('user.status', target.id);
    expect(status).toMatchObject({ actorId: admin.id, targetType: 'user', before: { status: 'active' }, after: { status: 'blocked' } });
    expect(status!.at.getTime()).toBeGreaterThan(Date.now() - 60_000);
    // The address, beside the row (audit_addresses: erasable with its actor's account).
    const { rows: address } = await t.database.pool.query(`SELECT ip, actor_id FROM audit_addresses WHERE audit_id = $1`, [status!.id]);
    expect(address).toEqual([{ ip: expect.any(String), actor_id: admin.id }]);
    const [role] = await rowsOf('user.role', target.id);
    expect(role).toMatchObject({ actorId: admin.id, before: { role: 'donner' }, after: { role: 'volunteer' } });
  });

  it('nothing for a refused change (the row is in the change\'s transaction)', async () => {
    const target = await registerUser(t.app);
    const before = (await rowsOf('user.status', target.id)).length;
    expect((await inject('PATCH', `/api/users?status=active&&email=${encodeURIComponent(target.email)}`, admin)).statusCode).toBe(409);
    expect(await rowsOf('user.status', target.id)).toHaveLength(before);
  });

  it('request status changes and deletions by staff on others\' requests, not the requester\'s own', async () => {
    const id = await createRequest(requester, { unitsNeeded: 1 });
    expect((await inject('PATCH', `/api/confirmDonation/${id}`, donor)).statusCode).toBe(200);
    expect((await inject('PATCH', `/api/donationRequest/${id}/status`, volunteer, { donationStatus: 'canceled' })).statusCode).toBe(200);
    expect(await rowsOf('request.status', id)).toMatchObject([{ actorId: volunteer.id, targetType: 'request', before: { status: 'inprogress' }, after: { status: 'canceled' } }]);

    const own = await createRequest(requester, { unitsNeeded: 1 });
    expect((await inject('PATCH', `/api/confirmDonation/${own}`, donor)).statusCode).toBe(200);
    expect((await inject('PATCH', `/api/donationRequest/${own}/status`, requester, { donationStatus: 'done' })).statusCode).toBe(200);
    expect(await rowsOf('request.status', own)).toEqual([]);

    expect((await inject('DELETE', `/api/donationRequest?id=${id}`, admin)).statusCode).toBe(200);
    expect(await rowsOf('request.delete', id)).toMatchObject([{ actorId: admin.id, before: { status: 'canceled', requesterId: requester.id } }]);
    expect((await inject('DELETE', `/api/donationRequest?id=${own}`, requester)).statusCode).toBe(200);
    expect(await rowsOf('request.delete', own)).toEqual([]);
  });

  it('an admin\'s edit of someone else\'s request', async () => {
    const id = await createRequest(requester);
    expect((await inject('PATCH', `/api/donationRequest/${id}`, admin, donationRequestBody({ hospitalName: 'Chittagong Medical' }))).statusCode).toBe(200);
    const [row] = await rowsOf('request.edit', id);
    expect(row).toMatchObject({ actorId: admin.id, before: { hospitalName: 'Dhaka Medical College Hospital' }, after: { hospitalName: 'Chittagong Medical' } });
  });

  it('blog transitions and deletions', async () => {
    const thumbnail = await uploadImage(t.app);
    const created = await inject('POST', '/api/blog', admin, { blogTitle: 'Audit me', content: '<p>Some words to read.</p>', thumbnail });
    const id = created.json<{ insertedId: string }>().insertedId;
    expect((await inject('PATCH', `/api/blog?status=published&&id=${id}`, admin)).statusCode).toBe(200);
    expect((await inject('PATCH', `/api/blog?status=published&&id=${id}`, admin)).statusCode).toBe(409);
    expect(await rowsOf('blog.status', id)).toMatchObject([{ actorId: admin.id, targetType: 'blog', before: { status: 'draft' }, after: { status: 'published' } }]);
    expect((await inject('DELETE', `/api/blog?id=${id}`, admin)).statusCode).toBe(200);
    expect(await rowsOf('blog.delete', id)).toMatchObject([{ actorId: admin.id, before: { status: 'published' } }]);
  });

  it('a phone shown to someone other than its owner, at most once an hour per viewer, phone and request', async () => {
    // A donor who can pledge to both requests below (issue 30: eligible, one donation at a time).
    const donor = await registerUser(t.app);
    await t.database.db.update(users).set({ phone: '+8801712345678' }).where(eq(users.id, donor.id));
    const id = await createRequest(requester, { unitsNeeded: 2, contactPhone: '01812345678' });
    // The requester reads their own request: nothing to record yet (no pledged donor's phone).
    expect((await inject('GET', `/api/donationRequest?id=${id}`, requester)).statusCode).toBe(200);
    const accepted = await inject('POST', `/api/donationRequest/${id}/respond`, donor, { answer: 'accept' });
    expect(accepted.json()).toMatchObject({ requesterPhone: '+8801812345678' });
    // The request page polls: the donor sees the family's phone, the requester the donor's.
    for (let i = 0; i < 3; i++) {
      expect((await inject('GET', `/api/donationRequest?id=${id}`, donor)).json()).toMatchObject({ contactPhone: '+8801812345678' });
      expect((await inject('GET', `/api/donationRequest?id=${id}`, requester)).statusCode).toBe(200);
    }
    const reveals = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'phone.reveal'), sql`${auditLog.after}->>'requestId' = ${id}`));
    expect(reveals.map((r) => [r.actorId, r.targetId]).sort()).toEqual(
      [
        [donor.id, requester.id],
        [requester.id, donor.id],
      ].sort(),
    );
    // An hour later it counts again: a sight older than the window does not hold the next one back.
    const later = await createRequest(requester, { unitsNeeded: 2, contactPhone: '01812345678', donationDate: inDays(130) });
    expect((await inject('PATCH', `/api/confirmDonation/${later}`, donor)).statusCode).toBe(200);
    const revealsOf = () => t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'phone.reveal'), sql`${auditLog.after}->>'requestId' = ${later}`));
    await t.database.pool.query(
      `INSERT INTO audit_log (at, actor_id, action, target_type, target_id, after) VALUES (now() - interval '61 minutes', $1, 'phone.reveal', 'user', $2, jsonb_build_object('requestId', $3::text))`,
      [donor.id, requester.id, later],
    );
    await inject('GET', `/api/donationRequest?id=${later}`, donor);
    expect(await revealsOf()).toHaveLength(2);
    await inject('GET', `/api/donationRequest?id=${later}`, donor);
    expect(await revealsOf()).toHaveLength(2);
  });

  it('keeps ids only: no name, email or phone in any row', async () => {
    const { rows } = await t.database.pool.query<{ r: string }>('SELECT row_to_json(a)::text AS r FROM audit_log a');
    const people = await t.database.db.select({ name: users.name, email: users.email, phone: users.phone }).from(users);
    for (const { r } of rows) {
      for (const p of people) {
        expect(r).not.toContain(p.email);
        if (p.phone) expect(r).not.toContain(p.phone);
      }
      expect(r).not.toContain('+880');
    }
  });
});

describe('GET /api/audit', () => {
  it('is for active admins only', async () => {
    expect((await inject('GET', '/api/audit', null)).statusCode).toBe(401);
    for (const user of [donor, volunteer, blockedAdmin]) {
      const res = await inject('GET', '/api/audit', user);
      expect(res.statusCode, user.email).toBe(403);
      errorBody(res);
    }
  });

  it('answers bad input with 400', async () => {
    for (const q of ['action=user.delete', 'from=yesterday', 'to=2026-02-30', 'from=2026-05-02&to=2026-05-01', 'limit=0', 'page=-1', `actor=${'a'.repeat(300)}`]) {
      const res = await inject('GET', `/api/audit?${q}`, admin);
      expect(res.statusCode, q).toBe(400);
      errorBody(res);
    }
  });

  it('lists the rows newest first with the actor\'s name and email read now, paged with X-Total-Count', async () => {
    const res = await inject('GET', '/api/audit?limit=100', admin);
    expect(res.statusCode).toBe(200);
    const rows = res.json<AuditEntry[]>();
    expect(rows.length).toBe(Number(res.headers['x-total-count']));
    expect(rows.map((r) => r.at)).toEqual([...rows.map((r) => r.at)].sort().reverse());
    expect(rows.find((r) => r.action === 'blog.delete')).toMatchObject({ actor: { _id: admin.id, email: admin.email, name: 'Rahim Uddin' }, targetType: 'blog', before: { status: 'published', title: 'Audit me' }, after: {} });
    expect(rows.find((r) => r.action === 'user.role')).toMatchObject({ before: { role: 'donner' }, after: { role: 'volunteer' }, ip: '127.0.0.1' });
    // Targets are named as they are now: a deleted blog has no name left, an edited request its recipient's.
    expect(rows.find((r) => r.action === 'blog.delete')?.targetName).toBeNull();
    expect(rows.find((r) => r.action === 'request.edit')?.targetName).toBe('Ayesha Begum');
    expect(rows.find((r) => r.action === 'user.role')?.targetName).toBe('Rahim Uddin');
    const page2 = await inject('GET', '/api/audit?limit=2&page=2', admin);
    expect(page2.json<AuditEntry[]>().map((r) => r._id)).toEqual(rows.slice(2, 4).map((r) => r._id));
  });

  it('filters by actor (email or id), action and Dhaka days', async () => {
    const byEmail = (await inject('GET', `/api/audit?actor=${encodeURIComponent(volunteer.email.toUpperCase())}&limit=100`, admin)).json<AuditEntry[]>();
    expect(byEmail.length).toBeGreaterThan(0);
    expect(byEmail.every((r) => r.actor?._id === volunteer.id)).toBe(true);
    const byId = (await inject('GET', `/api/audit?actor=${volunteer.id}&limit=100`, admin)).json<AuditEntry[]>();
    expect(byId.map((r) => r._id)).toEqual(byEmail.map((r) => r._id));
    expect((await inject('GET', '/api/audit?actor=nobody@example.com', admin)).json()).toEqual([]);
    const roles = (await inject('GET', '/api/audit?action=user.role&limit=100', admin)).json<AuditEntry[]>();
    expect(roles.length).toBeGreaterThan(0);
    expect(roles.every((r) => r.action === 'user.role')).toBe(true);
    // The Dhaka days the rows were written on (two when the suite runs across Dhaka's midnight).
    const rows = (await inject('GET', '/api/audit?limit=100', admin)).json<AuditEntry[]>();
    const all = Number((await inject('GET', '/api/audit', admin)).headers['x-total-count']);
    expect(rows).toHaveLength(all);
    const days = rows.map((r) => todayInDhaka(Date.parse(r.at))).sort();
    const [first, last] = [days[0]!, days.at(-1)!];
    const dayAfter = todayInDhaka(Date.parse(`${last}T12:00:00+06:00`) + 86_400_000);
    const dayBefore = todayInDhaka(Date.parse(`${first}T12:00:00+06:00`) - 86_400_000);
    expect(Number((await inject('GET', `/api/audit?from=${first}&to=${last}`, admin)).headers['x-total-count'])).toBe(all);
    expect(Number((await inject('GET', `/api/audit?from=${last}&to=${last}`, admin)).headers['x-total-count'])).toBe(days.filter((d) => d === last).length);
    expect((await inject('GET', `/api/audit?from=${dayAfter}`, admin)).json()).toEqual([]);
    expect((await inject('GET', `/api/audit?to=${dayBefore}`, admin)).json()).toEqual([]);
  });

  it('shows a deleted account as "Deleted user"', async () => {
    const gone = await userWith(t.app, t.database.db, 'admin');
    const target = await registerUser(t.app);
    expect((await inject('PATCH', `/api/users?role=volunteer&&email=${encodeURIComponent(target.email)}`, gone)).statusCode).toBe(200);
    await t.database.db.update(users).set({ deletedAt: new Date(), name: 'Deleted user', email: `deleted-${gone.id}@invalid` }).where(eq(users.id, gone.id));
    const rows = (await inject('GET', `/api/audit?actor=${gone.id}`, admin)).json<AuditEntry[]>();
    expect(rows).toMatchObject([{ actor: { _id: gone.id, name: 'Deleted user', email: null }, action: 'user.role', targetId: target.id }]);
  });
});
