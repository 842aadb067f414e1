import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DONATION_MESSAGES } from '../../shared/donation-requests/texts';
import type { DonationStatus } from '../../shared/donation-requests/model';
import { donationRequests } from '../db/schema/requests';
import { donationRequestBody, inDays, registerUser, type TestUser, userWith } from '../../../test/fixtures';
import { createTestApp, errorBody, type TestApp } from '../../../test/helpers';

let t: TestApp;
let requester: TestUser;
let donor: TestUser;
let blocked: TestUser;
let volunteer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  requester = await registerUser(t.app);
  donor = await registerUser(t.app);
  blocked = await userWith(t.app, t.database.db, 'donner', 'blocked');
  volunteer = await userWith(t.app, t.database.db, 'volunteer');
  admin = await userWith(t.app, t.database.db, 'admin');
});
afterAll(() => t.close());

const validBody = donationRequestBody;

const call = (opts: InjectOptions) => t.app.inject(opts);
const as = (u: TestUser | null) => (u ? u.auth : {});

async function create(owner: TestUser = requester, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await call({ method: 'POST', url: '/api/donationRequest', headers: owner.auth, payload: validBody(overrides) });
  if (res.statusCode !== 201) throw new Error(`create failed ${res.statusCode} ${res.body}`);
  return (res.json() as { insertedId: string }).insertedId;
}
async function withStatus(status: DonationStatus): Promise<string> {
  const id = await create();
  if (status === 'pending') return id;
  await t.database.db
    .update(donationRequests)
    .set({ status, donorId: donor.id, donorName: 'Donor', donorEmail: donor.email })
    .where(eq(donationRequests.id, id));
  return id;
}
const stored = async (id: string) => (await t.database.db.select().from(donationRequests).where(eq(donationRequests.id, id)))[0];

describe('POST /api/donationRequest', () => {
  it('creates a pending request with the requester taken from the account', async () => {
    const res = await call({
      method: 'POST',
      url: '/api/donationRequest',
      headers: requester.auth,
      payload: validBody({ requesterEmail: 'spoof@example.com', requesterName: 'Spoof', donationStatus: 'done', donarEmail: 'x@y.z' }),
    });
    expect(res.statusCode).toBe(201);
    const row = await stored((res.json() as { insertedId: string }).insertedId);
    expect(row).toMatchObject({ requesterEmail: requester.email, requesterName: 'Rahim Uddin', status: 'pending', donorEmail: null, bloodGroup: 'B+' });
  });

  it('accepts today and refuses a day in the past', async () => {
    expect((await call({ method: 'POST', url: '/api/donationRequest', headers: requester.auth, payload: validBody({ donationDate: inDays(0) }) })).statusCode).toBe(201);
    const res = await call({ method: 'POST', url: '/api/donationRequest', headers: requester.auth, payload: validBody({ donationDate: inDays(-1) }) });
    expect(res.statusCode).toBe(400);
    expect(errorBody(res).issues).toContainEqual({ path: 'body.donationDate', message: DONATION_MESSAGES.dateInPast });
  });

  it.each([
    ['recipientName', DONATION_MESSAGES.recipientNameRequired],
    ['hospitalName', DONATION_MESSAGES.hospitalNameRequired],
    ['fullAddress', DONATION_MESSAGES.fullAddressRequired],
    ['donationDate', DONATION_MESSAGES.donationDateRequired],
    ['donationTime', DONATION_MESSAGES.donationTimeRequired],
    ['requestMessage', DONATION_MESSAGES.requestMessageRequired],
  ])('refuses a missing %s with the spec message', async (field, message) => {
    const res = await call({ method: 'POST', url: '/api/donationRequest', headers: requester.auth, payload: validBody({ [field]: '  ' }) });
    expect(res.statusCode).toBe(400);
    expect(errorBody(res).issues).toContainEqual({ path: `body.${field}`, message });
  });

  it.each([
    ['an unknown blood group', { bloodGroup: 'AB' }],
    ['a district outside the division', { recipientDivision: '2' }],
    ['an impossible date', { donationDate: '2027-02-30' }],
    ['a huge message', { requestMessage: 'x'.repeat(5000) }],
  ])('refuses %s (400)', async (_name, override) => {
    const res = await call({ method: 'POST', url: '/api/donationRequest', headers: requester.auth, payload: validBody(override) });
    expect(res.statusCode).toBe(400);
    errorBody(res);
  });

  it('is refused to a blocked user with "You Are Blocked User!" and to the anonymous', async () => {
    const before = (await t.database.db.select().from(donationRequests)).length;
    const res = await call({ method: 'POST', url: '/api/donationRequest', headers: blocked.auth, payload: validBody() });
    expect(res.statusCode).toBe(403);
    expect(errorBody(res).message).toBe(DONATION_MESSAGES.blockedText);
    expect((await call({ method: 'POST', url: '/api/donationRequest', payload: validBody() })).statusCode).toBe(401);
    expect((await t.database.db.select().from(donationRequests)).length).toBe(before);
  });
});

describe('authorization matrix', () => {
  const actors = () => ({ anonymous: null, requester, other: donor, blocked, volunteer, admin }) as Record<string, TestUser | null>;

  it('GET ?email= (own list): yourself, or admin/volunteer', async () => {
    await create();
    const expected = { anonymous: 401, requester: 200, other: 403, blocked: 403, volunteer: 200, admin: 200 };
    for (const [name, user] of Object.entries(actors())) {
      const res = await call({ url: `/api/donationRequest?email=${requester.email}`, headers: as(user) });
      expect([name, res.statusCode]).toEqual([name, expected[name as keyof typeof expected]]);
    }
  });

  it('GET ?id= (one request): any signed-in user', async () => {
    const id = await create();
    const expected = { anonymous: 401, requester: 200, other: 200, blocked: 200, volunteer: 200, admin: 200 };
    for (const [name, user] of Object.entries(actors())) {
      const res = await call({ url: `/api/donationRequest?id=${id}`, headers: as(user) });
      expect([name, res.statusCode]).toEqual([name, expected[name as keyof typeof expected]]);
    }
    // A uuid in capitals is the same request.
    const upper = await call({ url: `/api/donationRequest?id=${id.toUpperCase()}`, headers: as(requester) });
    expect(upper.statusCode).toBe(200);
    expect((upper.json() as { _id: string })._id).toBe(id);
  });

  it('PATCH /{id} (edit): the requester or an admin; a refused edit changes nothing', async () => {
    const expected = { anonymous: 401, requester: 200, other: 403, blocked: 403, volunteer: 403, admin: 200 };
    for (const [name, user] of Object.entries(actors())) {
      const id = await create();
      const before = await stored(id);
      const res = await call({ method: 'PATCH', url: `/api/donationRequest/${id}`, headers: as(user), payload: validBody({ hospitalName: `Edited by ${name}` }) });
      expect([name, res.statusCode]).toEqual([name, expected[name as keyof typeof expected]]);
      if (res.statusCode !== 200) expect(await stored(id)).toEqual(before);
      else expect((await stored(id))?.hospitalName).toBe(`Edited by ${name}`);
    }
  });

  it('DELETE ?id=: the requester or an admin', async () => {
    const expected = { anonymous: 401, requester: 200, other: 403, blocked: 403, volunteer: 403, admin: 200 };
    for (const [name, user] of Object.entries(actors())) {
      const id = await create();
      const res = await call({ method: 'DELETE', url: `/api/donationRequest?id=${id}`, headers: as(user) });
      expect([name, res.statusCode]).toEqual([name, expected[name as keyof typeof expected]]);
      expect(Boolean(await stored(id))).toBe(res.statusCode !== 200);
      if (res.statusCode === 200) expect(res.json()).toEqual({ deletedCount: 1 });
    }
  });

  it('PATCH /confirmDonation/{id}: any active user but the requester', async () => {
    const expected = { anonymous: 401, requester: 403, other: 200, blocked: 403, volunteer: 200, admin: 200 };
    for (const [name, user] of Object.entries(actors())) {
      const id = await create();
      const res = await call({ method: 'PATCH', url: `/api/confirmDonation/${id}`, headers: as(user), payload: { donarName: 'Spoof', donarEmail: 'spoof@example.com' } });
      expect([name, res.statusCode]).toEqual([name, expected[name as keyof typeof expected]]);
      const row = await stored(id);
      if (res.statusCode === 200) {
        expect(res.json()).toEqual({ matchedCount: 1 });
        expect(row).toMatchObject({ status: 'inprogress', donorEmail: user!.email, donorName: 'Rahim Uddin' });
      } else {
        expect(row).toMatchObject({ status: 'pending', donorEmail: null });
      }
    }
  });

  it('PATCH /{id}/status (done/canceled): the requester, a volunteer or an admin', async () => {
    const expected = { anonymous: 401, requester: 200, other: 403, blocked: 403, volunteer: 200, admin: 200 };
    for (const [name, user] of Object.entries(actors())) {
      const id = await withStatus('inprogress');
      const res = await call({ method: 'PATCH', url: `/api/donationRequest/${id}/status`, headers: as(user), payload: { donationStatus: 'done' } });
      expect([name, res.statusCode]).toEqual([name, expected[name as keyof typeof expected]]);
      expect((await stored(id))?.status).toBe(res.statusCode === 200 ? 'done' : 'inprogress');
    }
  });

  it('GET /donationRequestAdmin/admin: admins and volunteers', async () => {
    const expected = { anonymous: 401, requester: 403, other: 403, blocked: 403, volunteer: 200, admin: 200 };
    for (const [name, user] of Object.entries(actors())) {
      const res = await call({ url: '/api/donationRequestAdmin/admin', headers: as(user) });
      expect([name, res.statusCode]).toEqual([name, expected[name as keyof typeof expected]]);
    }
  });

  it('GET /pending: public', async () => {
    for (const user of Object.values(actors())) {
      expect((await call({ url: '/api/donationRequest/pending', headers: as(user) })).statusCode).toBe(200);
    }
  });
});

describe('status transitions', () => {
  const statuses: DonationStatus[] = ['pending', 'inprogress', 'done', 'canceled'];

  it('confirming works only from pending', async () => {
    for (const from of statuses) {
      const id = await withStatus(from);
      // A fresh donor each time: one donor cannot pledge to two requests of the same day (issue 30).
      const res = await call({ method: 'PATCH', url: `/api/confirmDonation/${id}`, headers: (await registerUser(t.app)).auth });
      expect([from, res.statusCode]).toEqual([from, from === 'pending' ? 200 : 409]);
      if (from !== 'pending') expect((await stored(id))?.status).toBe(from);
    }
  });

  it('done and canceled work only from inprogress', async () => {
    for (const from of statuses) {
      for (const to of ['done', 'canceled'] as const) {
        const id = await withStatus(from);
        const res = await call({ method: 'PATCH', url: `/api/donationRequest/${id}/status`, headers: requester.auth, payload: { donationStatus: to } });
        expect([from, to, res.statusCode]).toEqual([from, to, from === 'inprogress' ? 200 : 409]);
        expect((await stored(id))?.status).toBe(from === 'inprogress' ? to : from);
      }
    }
  });

  it('refuses other target states (400)', async () => {
    const id = await withStatus('inprogress');
    for (const donationStatus of ['pending', 'inprogress', 'deleted', '']) {
      const res = await call({ method: 'PATCH', url: `/api/donationRequest/${id}/status`, headers: admin.auth, payload: { donationStatus } });
      expect(res.statusCode).toBe(400);
    }
  });

  it('edits only while pending or in progress', async () => {
    for (const from of statuses) {
      const id = await withStatus(from);
      const res = await call({ method: 'PATCH', url: `/api/donationRequest/${id}`, headers: requester.auth, payload: validBody({ hospitalName: 'Moved' }) });
      expect([from, res.statusCode]).toEqual([from, from === 'done' || from === 'canceled' ? 409 : 200]);
    }
  });

  it('lets exactly one of 20 simultaneous confirmations win', async () => {
    const id = await create();
    const donors = await Promise.all(Array.from({ length: 20 }, () => registerUser(t.app)));
    const results = await Promise.all(donors.map((d) => call({ method: 'PATCH', url: `/api/confirmDonation/${id}`, headers: d.auth })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const winner = donors[codes.indexOf(200)]!;
    expect((await stored(id))?.donorEmail).toBe(winner.email);
  });
});

describe('editing', () => {
  it('answers modifiedCount 0 when nothing changed', async () => {
    const id = await create();
    const res = await call({ method: 'PATCH', url: `/api/donationRequest/${id}`, headers: requester.auth, payload: validBody() });
    expect(res.json()).toEqual({ modifiedCount: 0 });
    const changed = await call({ method: 'PATCH', url: `/api/donationRequest/${id}`, headers: requester.auth, payload: validBody({ donationTime: 'after Asr' }) });
    expect(changed.json()).toEqual({ modifiedCount: 1 });
  });

  it('keeps an old date but refuses moving to a past one', async () => {
    const id = await create();
    await t.database.db.update(donationRequests).set({ donationDate: inDays(-3) }).where(eq(donationRequests.id, id));
    const same = await call({ method: 'PATCH', url: `/api/donationRequest/${id}`, headers: requester.auth, payload: validBody({ donationDate: inDays(-3), hospitalName: 'X' }) });
    expect(same.statusCode).toBe(200);
    const past = await call({ method: 'PATCH', url: `/api/donationRequest/${id}`, headers: requester.auth, payload: validBody({ donationDate: inDays(-2) }) });
    expect(past.statusCode).toBe(400);
  });
});

describe('lists', () => {
  it('the public list shows pending requests from today on, soonest first, without contact details', async () => {
    const site = await createTestApp();
    try {
      const owner = await registerUser(site.app);
      const make = async (days: number, time: string) => {
        const res = await site.app.inject({ method: 'POST', url: '/api/donationRequest', headers: owner.auth, payload: validBody({ donationDate: inDays(days), donationTime: time }) });
        return (res.json() as { insertedId: string }).insertedId;
      };
      const later = await make(5, '09:00');
      const soon = await make(1, '18:00');
      const sooner = await make(1, '08:00');
      const taken = await make(2, '10:00');
      const stale = await make(0, '10:00');
      await site.database.db.update(donationRequests).set({ donationDate: inDays(-1) }).where(eq(donationRequests.id, stale));
      const other = await registerUser(site.app);
      await site.app.inject({ method: 'PATCH', url: `/api/confirmDonation/${taken}`, headers: other.auth });

      const res = await site.app.inject('/api/donationRequest/pending?limit=10');
      expect(res.statusCode).toBe(200);
      const rows = res.json() as Record<string, unknown>[];
      expect(rows.map((r) => r._id)).toEqual([sooner, soon, later]);
      expect(res.headers['x-total-count']).toBe('3');
      expect(Object.keys(rows[0]!).sort()).toEqual(
        [
          '_id',
          'bloodGroup',
          'donationDate',
          'donationStatus',
          'donationTime',
          'recipientDistrict',
          'recipientDivision',
          'recipientName',
          'recipientUpazila',
          // Their ids (issue 16): the web shows the Bangla names.
          'recipientDivisionId',
          'recipientDistrictId',
          'recipientUpazilaId',
          // What is needed and how far the pledges have come (issue 14): no contact details.
          'component',
          'unitsNeeded',
          'urgency',
          'pledgeCount',
        ].sort(),
      );
      expect(res.body).not.toContain(owner.email);
      const page2 = await site.app.inject('/api/donationRequest/pending?limit=2&page=2');
      expect((page2.json() as { _id: string }[]).map((r) => r._id)).toEqual([later]);
    } finally {
      await site.close();
    }
  });

  it('the own list is newest first, filterable by status, paginated, with location names', async () => {
    const owner = await registerUser(t.app);
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await create(owner, { recipientName: `R${i}` }));
    // A donor with no other open pledge (issue 30: one donation at a time).
    const donor = await registerUser(t.app);
    await call({ method: 'PATCH', url: `/api/confirmDonation/${ids[1]}`, headers: donor.auth });
    const all = await call({ url: `/api/donationRequest?email=${owner.email}&limit=2`, headers: owner.auth });
    expect((all.json() as { _id: string }[]).map((r) => r._id)).toEqual([ids[2], ids[1]]);
    expect(all.headers['x-total-count']).toBe('3');
    const past = await call({ url: `/api/donationRequest?email=${owner.email}&limit=2&page=3`, headers: owner.auth });
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('3');
    const inprogress = await call({ url: `/api/donationRequest?email=${owner.email}&&status=inprogress`, headers: owner.auth });
    const rows = inprogress.json() as { _id: string; donarEmail: string; recipientDistrict: string; recipientUpazila: string }[];
    expect(rows.map((r) => r._id)).toEqual([ids[1]]);
    expect(rows[0]).toMatchObject({ donarEmail: donor.email, recipientDistrict: 'Comilla', recipientUpazila: 'Debidwar' });
  });

  it('the admin list filters by status', async () => {
    const id = await withStatus('canceled');
    const res = await call({ url: '/api/donationRequestAdmin/admin?status=canceled&limit=100', headers: admin.auth });
    const rows = res.json() as { _id: string; donationStatus: string }[];
    expect(rows.map((r) => r._id)).toContain(id);
    expect(rows.every((r) => r.donationStatus === 'canceled')).toBe(true);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
  });

  it.each([
    ['neither email nor id', '/api/donationRequest'],
    ['both email and id', '/api/donationRequest?email=a@b.co&id=6f1c1d9e-5f57-4a5e-9d3c-2a1b0c9d8e7f'],
    ['a malformed id', '/api/donationRequest?id=123'],
    ['an unknown status', '/api/donationRequest?email=a@b.co&status=lost'],
    ['limit over 100', '/api/donationRequest/pending?limit=500'],
  ])('refuses %s with 400', async (_name, url) => {
    const res = await call({ url, headers: admin.auth });
    expect(res.statusCode).toBe(400);
    errorBody(res);
  });
});

describe('missing requests', () => {
  const unknown = '6f1c1d9e-5f57-4a5e-9d3c-2a1b0c9d8e7f';
  it.each([
    ['GET', `/api/donationRequest?id=${unknown}`],
    ['PATCH', `/api/donationRequest/${unknown}`],
    ['PATCH', `/api/donationRequest/${unknown}/status`],
    ['DELETE', `/api/donationRequest?id=${unknown}`],
    ['PATCH', `/api/confirmDonation/${unknown}`],
  ] as const)('%s %s answers 404', async (method, url) => {
    const payload = url.endsWith('/status') ? { donationStatus: 'done' } : validBody();
    const res = await call({ method, url, headers: admin.auth, payload: method === 'GET' || method === 'DELETE' ? undefined : payload });
    expect(res.statusCode).toBe(404);
    errorBody(res);
  });

  it('a malformed id in the path is 400', async () => {
    expect((await call({ method: 'PATCH', url: '/api/confirmDonation/abc', headers: admin.auth })).statusCode).toBe(400);
  });
});

describe('the public list cache', () => {
  it('serves repeated reads from memory and shows a write through the API at once', async () => {
    const site = await createTestApp({ env: { LIST_CACHE_TTL_MS: '60000' } });
    try {
      const owner = await registerUser(site.app);
      const list = async () => (await site.app.inject('/api/donationRequest/pending')).json() as { _id: string }[];
      expect(await list()).toEqual([]);
      // A write through the API clears the cache before it answers...
      const res = await site.app.inject({ method: 'POST', url: '/api/donationRequest', headers: owner.auth, payload: validBody() });
      const id = (res.json() as { insertedId: string }).insertedId;
      expect((await list()).map((r) => r._id)).toEqual([id]);
      // ...while a change behind the app's back is not seen until the entry expires.
      await site.database.db.update(donationRequests).set({ recipientName: 'Changed directly' }).where(eq(donationRequests.id, id));
      expect((await site.app.inject('/api/donationRequest/pending')).json()).toEqual([expect.objectContaining({ recipientName: 'Ayesha Begum' })]);
    } finally {
      await site.close();
    }
  });
});
