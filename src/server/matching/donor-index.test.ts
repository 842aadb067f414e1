import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BLOOD_GROUPS } from '../../shared/blood-groups';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers';
import { createDonorIndex, deleteOldDonorChanges, type DonorIndex } from './donor-index';

// The donor index follows the database (decision 051): two indexes on one database stand for two
// instances. Every write committed before a call is in its answer, whichever instance wrote it,
// including a transaction that began before an earlier look and committed after a later one.

let database: TestDatabase;
let other: pg.Pool;
let a: DonorIndex;
let b: DonorIndex;
type Place = { division: number; district: number; upazila: number };
let place: Place;
let elsewhere: Place;

const ids = async (index: DonorIndex, upazila = place.upazila) =>
  (await index.current())
    .search({ tiers: [BLOOD_GROUPS], upazilaId: upazila, eligibleOn: 20_000_000, verifiedOnly: false, offset: 0, limit: 5000, countLimit: 5000 })
    .rows.map((r) => r.id);

const insertDonors = (pool: pg.Pool, prefix: string, n: number, where = place, group = 'O+') =>
  pool.query(
    `INSERT INTO users (id, name, email, blood_group, division_id, district_id, upazila_id)
     SELECT $1 || g, 'Donor ' || g, $1 || g || '@example.com', $6, $2, $3, $4 FROM generate_series(1, $5::int) g`,
    [prefix, where.division, where.district, where.upazila, n, group],
  );

beforeAll(async () => {
  database = await createTestDatabase();
  other = new pg.Pool(database.pool.options);
  const { rows } = await database.pool.query<Place>(
    `SELECT DISTINCT ON (u.district_id) d.division_id AS division, u.district_id AS district, u.id AS upazila
     FROM upazilas u JOIN districts d ON d.id = u.district_id ORDER BY u.district_id DESC, u.id DESC LIMIT 2`,
  );
  [place, elsewhere] = rows as [Place, Place];
  a = createDonorIndex(database.pool);
  b = createDonorIndex(other);
});

afterAll(async () => {
  await other?.end();
  await database?.drop();
});

describe('the donor index', () => {
  it("follows another instance's change of a donor's quiet hours (outreach's walk skips who sleeps)", async () => {
    await insertDonors(database.pool, 'quiet-', 2, elsewhere, 'AB-');
    const awakeAt = async (index: DonorIndex, minute: number) =>
      [
        ...(await index.current()).walk({
          tiers: [['AB-']],
          districtId: elsewhere.district,
          upazilaId: elsewhere.upazila,
          otherDistricts: [],
          eligibleOn: 20_000_000,
          exclude: new Set(),
          awakeAt: minute,
          verifiedOnly: false,
          maxVisits: 1000,
        }),
      ].map((d) => d.id);
    // The default quiet hours are 22:00 to 07:00.
    expect(await awakeAt(a, 23 * 60)).toEqual([]);
    expect(await awakeAt(a, 12 * 60)).toEqual(['quiet-1', 'quiet-2']);
    await other.query(`UPDATE users SET quiet_hours_start = 0, quiet_hours_end = 0 WHERE id = 'quiet-2'`);
    expect(await awakeAt(a, 23 * 60)).toEqual(['quiet-2']);
    await database.pool.query(`DELETE FROM users WHERE id LIKE 'quiet-%'`);
  });

  it('loads the findable donors, and sees another instance\'s writes on its next call', async () => {
    await insertDonors(database.pool, 'few-', 3);
    expect(await ids(a)).toEqual(['few-1', 'few-2', 'few-3']);
    expect(await ids(b)).toEqual(['few-1', 'few-2', 'few-3']);
    // Written through B's connections, read from A at once; and a block, a lost place, a deletion.
    await other.query(`UPDATE users SET available = false WHERE id = 'few-1'`);
    await other.query(`UPDATE users SET status = 'blocked' WHERE id = 'few-2'`);
    expect(await ids(a)).toEqual(['few-3']);
    await other.query(`UPDATE users SET status = 'active', available = true WHERE id IN ('few-1', 'few-2')`);
    await other.query(`DELETE FROM users WHERE id = 'few-3'`);
    expect(await ids(a)).toEqual(['few-1', 'few-2']);
    expect(await ids(b)).toEqual(['few-1', 'few-2']);
  });

  it('applies a transaction that began before a look and committed after it, though a later one committed first', async () => {
    const slow = await database.pool.connect();
    try {
      await slow.query('BEGIN');
      await slow.query(`UPDATE users SET blood_group = NULL WHERE id = 'few-1'`); // its change row has the smaller number
      // Committed at once, with a larger number (another district and group: the insight summaries' rows are not shared).
      await insertDonors(other, 'late-', 1, elsewhere, 'B-');
      expect(await ids(a, elsewhere.upazila)).toEqual(['late-1']);
      expect(await ids(a)).toEqual(['few-1', 'few-2']);
      await slow.query('COMMIT');
    } finally {
      slow.release();
    }
    expect(await ids(a)).toEqual(['few-2']);
    expect(await ids(b)).toEqual(['few-2']);
  });

  it('ignores what was rolled back and what the index does not hold (settings, timestamps)', async () => {
    await other.query(`UPDATE users SET blood_group = 'A-', available = true WHERE id IN ('few-1', 'few-2')`);
    const undone = await database.pool.connect();
    try {
      await undone.query('BEGIN');
      await undone.query(`UPDATE users SET status = 'blocked' WHERE id = 'few-1'`);
      await undone.query('ROLLBACK');
    } finally {
      undone.release();
    }
    const before = (await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM donor_changes')).rows[0]!.n;
    await other.query(`UPDATE users SET max_alerts_per_week = 5, role = 'volunteer', updated_at = now() WHERE id = 'few-1'`);
    expect((await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM donor_changes')).rows[0]!.n).toBe(before);
    expect(await ids(a)).toEqual(['few-1', 'few-2']);
    expect((await a.current()).search({ tiers: [['A-']], upazilaId: place.upazila, verifiedOnly: false, offset: 0, limit: 10, countLimit: 10 }).total).toBe(2);
  });

  it("shows another instance's change of a donor's name, email or picture on its next call (decision 057)", async () => {
    const shown = async (index: DonorIndex) =>
      (await index.current())
        .search({ tiers: [['A-']], upazilaId: place.upazila, verifiedOnly: false, offset: 0, limit: 10, countLimit: 10 })
        .rows.map(({ id, name, email, image }) => ({ id, name, email, image }));
    expect(await shown(a)).toEqual([
      { id: 'few-1', name: 'Donor 1', email: 'few-1@example.com', image: null },
      { id: 'few-2', name: 'Donor 2', email: 'few-2@example.com', image: null },
    ]);
    await other.query(`UPDATE users SET name = 'রহিম Renamed' WHERE id = 'few-1'`);
    await other.query(`UPDATE users SET email = 'new-2@example.com', image = '/api/images/x.webp' WHERE id = 'few-2'`);
    for (const index of [a, b]) {
      expect(await shown(index)).toEqual([
        { id: 'few-1', name: 'রহিম Renamed', email: 'few-1@example.com', image: null },
        { id: 'few-2', name: 'Donor 2', email: 'new-2@example.com', image: '/api/images/x.webp' },
      ]);
    }
  });

  it('loads everything again after a statement that changed more than 1,000 donors', async () => {
    await insertDonors(other, 'bulk-', 1200);
    expect(await database.pool.query(`SELECT 1 FROM donor_changes WHERE user_id IS NULL`)).toHaveProperty('rowCount', 1);
    expect(await ids(a)).toHaveLength(1202);
    await other.query(`UPDATE users SET available = false WHERE id LIKE 'bulk-%'`);
    expect(await ids(a)).toEqual(['few-1', 'few-2']);
    expect(await ids(b)).toEqual(['few-1', 'few-2']);
  });

  it("reads a request's matching fields in its look: another instance's edit and pledge at once, one statement for the calls that come together", async () => {
    const { rows } = await other.query<{ id: string }>(
      `INSERT INTO donation_requests (requester_id, requester_name, requester_email, recipient_name, blood_group, hospital_name, full_address,
         division_id, district_id, upazila_id, donation_date, donation_time, request_message, needed_by)
       VALUES ('few-1', 'Donor 1', 'few-1@example.com', 'Patient', 'B+', 'Hospital', 'Road 1', $1, $2, $3, '2030-01-02', '10:00', 'Please', now() + interval '1 day')
       RETURNING id`,
      [place.division, place.district, place.upazila],
    );
    const id = rows[0]!.id;
    const seen = await a.withRequest(id.toUpperCase());
    expect(seen.table).toBe(await a.current());
    expect(seen.request).toEqual({
      id,
      requesterId: 'few-1',
      status: 'pending',
      donorId: null,
      bloodGroup: 'B+',
      component: 'whole_blood',
      districtId: place.district,
      upazilaId: place.upazila,
      donationDate: '2030-01-02',
      pledged: [],
    });
    await other.query(`UPDATE donation_requests SET blood_group = 'O-', component = 'plasma', upazila_id = $2 WHERE id = $1`, [id, elsewhere.upazila]);
    await other.query(`INSERT INTO donation_pledges (request_id, donor_id, donor_name, donor_email) VALUES ($1, 'few-2', 'Donor 2', 'few-2@example.com')`, [id]);
    expect((await a.withRequest(id)).request).toMatchObject({ bloodGroup: 'O-', component: 'plasma', upazilaId: elsewhere.upazila, pledged: ['few-2'] });

    // Five calls together (and a missing request): one look answers them all.
    const spy = vi.spyOn(other, 'query');
    const missing = '00000000-0000-4000-8000-000000000000';
    const answers = await Promise.all([id, id, missing, id, id].map((x) => b.withRequest(x)));
    expect(answers.map((x) => x.request?.id ?? null)).toEqual([id, id, null, id, id]);
    const looks = spy.mock.calls.filter(([config]) => typeof config === 'object' && (config as { name?: string }).name === 'donor_index_look');
    expect(looks).toHaveLength(1);
    spy.mockRestore();
    await other.query(`DELETE FROM donation_requests WHERE id = $1`, [id]);
    expect((await a.withRequest(id)).request).toBeUndefined();
  });

  it('forgets change rows older than a day (the hourly clean-up), and only those', async () => {
    await database.pool.query(`UPDATE donor_changes SET changed_at = now() - interval '25 hours' WHERE seq IN (SELECT min(seq) FROM donor_changes)`);
    const before = (await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM donor_changes')).rows[0]!.n;
    expect(await deleteOldDonorChanges(database.pool)).toBe(1);
    expect((await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM donor_changes')).rows[0]!.n).toBe(before - 1);
  });
});
