import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donationRequests } from '../db/schema/requests';
import { donationRequestBody, registerUser, setUserStatus, type TestUser, uploadImage, userWith } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { WriteEvents } from './list-caches';

describe('WriteEvents', () => {
  it('runs the clears registered for a write, and only those', () => {
    const writes = new WriteEvents();
    const cleared: string[] = [];
    writes.onWrite(['donation-requests'], () => cleared.push('requests'));
    writes.onWrite(['users', 'donation-requests'], () => cleared.push('both'));
    writes.written('users');
    expect(cleared).toEqual(['both']);
    writes.written('donation-requests');
    expect(cleared).toEqual(['both', 'requests', 'both']);
    writes.written('blogs');
    expect(cleared).toHaveLength(3);
  });
});

// Each feature's cache.ts says which writes clear it; here, with the caches on, every list shows a
// write through the API at once, and only such writes clear it.
describe('the list caches, on', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ env: { LIST_CACHE_TTL_MS: '60000' } });
    admin = await userWith(t.app, t.database.db, 'admin');
  });
  afterAll(() => t.close());

  const request = donationRequestBody();
  const createRequest = async (owner: TestUser) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/donationRequest', headers: owner.auth, payload: request });
    expect(res.statusCode).toBe(201);
    return (res.json() as { insertedId: string }).insertedId;
  };
  const ids = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ url, headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(0);
    return (res.json() as { _id: string }[]).map((r) => r._id);
  };
  const setStatus = (user: TestUser, status: 'active' | 'blocked') => setUserStatus(t.app, admin, user, status);

  it('pending list: a block of the requester hides their requests at once, an activation shows them again', async () => {
    const owner = await registerUser(t.app);
    const id = await createRequest(owner);
    const pending = () => ids('/api/donationRequest/pending?limit=100');
    const total = async () => Number((await t.app.inject({ url: '/api/donationRequest/pending?limit=1' })).headers['x-total-count']);
    expect(await pending()).toContain(id);
    const before = await total();
    await setStatus(owner, 'blocked');
    expect(await pending()).not.toContain(id);
    // The count follows too (it reads the flag triggers keep on the request: db/functions/users_status_to_requests.sql).
    expect(await total()).toBe(before - 1);
    await setStatus(owner, 'active');
    expect(await pending()).toContain(id);
    expect(await total()).toBe(before);
  });

  it('pending list: a request written while its requester is blocked stays off the list until they are active', async () => {
    const owner = await registerUser(t.app);
    const id = await createRequest(owner);
    await setStatus(owner, 'blocked');
    // A second request written straight to the table (the API refuses a blocked requester).
    const copy = await t.database.pool.query<{ id: string }>(
      `INSERT INTO donation_requests (requester_id, requester_name, requester_email, recipient_name, blood_group, hospital_name, full_address, division_id, district_id, upazila_id, donation_date, donation_time, request_message, needed_by)
       SELECT requester_id, requester_name, requester_email, recipient_name, blood_group, hospital_name, full_address, division_id, district_id, upazila_id, donation_date, donation_time, request_message, needed_by FROM donation_requests WHERE id = $1 RETURNING id`,
      [id],
    );
    const copyId = copy.rows[0]!.id;
    const pending = () => ids('/api/donationRequest/pending?limit=100');
    expect(await pending()).not.toContain(copyId);
    await setStatus(owner, 'active');
    expect(await pending()).toEqual(expect.arrayContaining([id, copyId]));
  });

  it("a requester's own list shows their new request at once", async () => {
    const owner = await registerUser(t.app);
    const own = () => ids(`/api/donationRequest?email=${encodeURIComponent(owner.email)}`, owner.auth);
    expect(await own()).toEqual([]);
    const id = await createRequest(owner);
    expect(await own()).toEqual([id]);
  });

  const editProfile = async (user: TestUser, payload: Record<string, string>) => {
    const res = await t.app.inject({ method: 'PATCH', url: `/api/users/${user.email}`, headers: user.auth, payload: { division: '3', district: '27', upazila: '213', ...payload } });
    expect(res.statusCode).toBe(200);
  };

  it('donor search: a profile edit and a block show at once', async () => {
    const donor = await registerUser(t.app, { blood_group: 'AB-' });
    const search = () => ids('/api/search?division=1&limit=100');
    expect(await search()).toContain(donor.id);
    await editProfile(donor, { name: 'Moved Away', blood_group: 'AB-' });
    expect(await search()).not.toContain(donor.id);
    expect(await ids('/api/search?division=3&limit=100')).toContain(donor.id);
    await setStatus(donor, 'blocked');
    expect(await ids('/api/search?division=3&limit=100')).not.toContain(donor.id);
  });

  it('published blogs: a publication shows at once', async () => {
    const published = () => ids('/api/blog?status=published&limit=100');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/blog',
      headers: admin.auth,
      payload: { blogTitle: 'Why donate blood?', content: '<p>Every donation helps.</p>', thumbnail: await uploadImage(t.app) },
    });
    const id = (created.json() as { insertedId: string }).insertedId;
    expect(await published()).not.toContain(id);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/blog?status=published&&id=${id}`, headers: admin.auth })).statusCode).toBe(200);
    expect(await published()).toContain(id);
  });

  it('reads and refused writes leave the caches as they are', async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const id = await createRequest(owner);
    const pendingNames = async () =>
      ((await t.app.inject('/api/donationRequest/pending?limit=100')).json() as { _id: string; recipientName: string }[]).find((r) => r._id === id)?.recipientName;
    expect(await pendingNames()).toBe('Ayesha Begum');
    // A change behind the app's back is not seen while the entry lives...
    await t.database.db.update(donationRequests).set({ recipientName: 'Changed directly' }).where(eq(donationRequests.id, id));
    // ...and neither a read nor a refused write (403) clears it...
    expect((await t.app.inject({ url: `/api/users/${owner.email}`, headers: owner.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/donationRequest?id=${id}`, headers: other.auth })).statusCode).toBe(403);
    expect(await pendingNames()).toBe('Ayesha Begum');
    // ...nor user writes that cannot change the list: a registration, a profile edit.
    const newcomer = await registerUser(t.app);
    await editProfile(other, { name: 'Renamed Donor', blood_group: 'B+' });
    expect(await pendingNames()).toBe('Ayesha Begum');
    // A block of someone else does (it may hide their requests): the change made behind the app's back shows.
    await setStatus(newcomer, 'blocked');
    expect(await pendingNames()).toBe('Changed directly');
  });
});

describe('rememberingWriter', () => {
  it('writes a value once while it lives, and a new value anew', async () => {
    const { rememberingWriter } = await import('../plugins/serializer');
    let calls = 0;
    const write = rememberingWriter((rows: { n: number }[]) => {
      calls += 1;
      return JSON.stringify(rows);
    });
    const page = [{ n: 1 }];
    expect(write(page)).toBe('[{"n":1}]');
    expect(write(page)).toBe('[{"n":1}]');
    expect(calls).toBe(1);
    expect(write([{ n: 2 }])).toBe('[{"n":2}]');
    expect(calls).toBe(2);
  });
});
