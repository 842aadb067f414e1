import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers';
import { BLOOD_GROUPS, isEligibleDonorOn, isFindableDonor } from '../../shared/matching/model';

// Issue 31: "findable" and "eligible on a day" are stated once in SQL (db/functions/donor_findable.sql and donor_eligible_on.sql)
// and once in src/shared for the web (shared/matching/model.ts). The two must agree on every kind of
// donor; and the SQL statement must be the one the partial indexes of users are built on, or the
// queries that use it would read the whole table.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.drop());

/** A small deterministic generator (the same donors every run). */
function random(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x / 2_147_483_648;
  };
}

const DAY = '2026-12-10';
const dayAround = (r: number) => new Date(Date.parse(`${DAY}T00:00:00Z`) + Math.round((r - 0.5) * 6) * 86_400_000).toISOString().slice(0, 10);

describe('donor_findable and donor_eligible_on', () => {
  it('agree with the shared rules on 2,000 generated donors, around every boundary', async () => {
    const rand = random(31);
    const donors = Array.from({ length: 2000 }, (_, i) => ({
      id: `rule-${i}`,
      status: rand() < 0.8 ? 'active' : 'blocked',
      bloodGroup: rand() < 0.85 ? BLOOD_GROUPS[Math.floor(rand() * BLOOD_GROUPS.length)]! : null,
      upazilaId: rand() < 0.85 ? 1 : null,
      available: rand() < 0.8,
      // Three days either side of the day asked about, the day itself included, or never given.
      nextEligibleDate: rand() < 0.25 ? null : dayAround(rand()),
    }));
    const { rows } = await database.pool.query<{ id: string; findable: boolean; eligible: boolean }>(
      `SELECT d.id, donor_findable(d.status, d.blood_group, d.upazila_id) AS findable, donor_eligible_on(d.available, d.next_eligible_date, $2::date) AS eligible
       FROM json_to_recordset($1::json) AS d(id text, status text, blood_group text, upazila_id int, available boolean, next_eligible_date date)`,
      [JSON.stringify(donors.map((d) => ({ id: d.id, status: d.status, blood_group: d.bloodGroup, upazila_id: d.upazilaId, available: d.available, next_eligible_date: d.nextEligibleDate }))), DAY],
    );
    const sqlSays = new Map(rows.map((r) => [r.id, [r.findable, r.eligible]]));
    for (const d of donors) expect(sqlSays.get(d.id), JSON.stringify(d)).toEqual([isFindableDonor(d), isEligibleDonorOn(d, DAY)]);
    // Every case happened.
    const cases = new Set(donors.map((d) => `${isFindableDonor(d)}/${isEligibleDonorOn(d, DAY)}`));
    expect(cases).toEqual(new Set(['true/true', 'true/false', 'false/true', 'false/false']));
    expect(donors.some((d) => d.nextEligibleDate === DAY && d.available && isEligibleDonorOn(d, DAY))).toBe(true);
  });

  it('are what the partial indexes of users are built on: matching and search read them, not the table', async () => {
    // Enough donors that a sequential scan would not be chosen for its own sake.
    // Spread over every upazila of the country, as real donors are.
    await database.pool.query(
      `INSERT INTO users (id, name, email, status, blood_group, division_id, district_id, upazila_id, available)
       SELECT 'plan-' || g, 'Donor ' || g, 'plan' || g || '@example.com', CASE WHEN g % 10 = 0 THEN 'blocked' ELSE 'active' END,
              (ARRAY['A+','A-','B+','B-','AB+','AB-','O+','O-'])[1 + g % 8], d.division_id, d.id, p.id, g % 7 <> 0
       FROM generate_series(1, 20000) g
       JOIN (SELECT u.id, u.district_id, row_number() OVER (ORDER BY u.id) - 1 AS n, count(*) OVER () AS total FROM upazilas u) p ON p.n = g % p.total
       JOIN districts d ON d.id = p.district_id`,
    );
    await database.pool.query('ANALYZE users');
    const plan = async (query: string, values: unknown[]) =>
      (await database.pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${query}`, values)).rows.map((r) => r['QUERY PLAN']).join('\n');
    // A segment of the ranking, as ranked_donors reads it.
    const segment = await plan(
      `SELECT u.id, u.last_donation_date FROM users u
       WHERE u.blood_group = $1 AND u.district_id = $2 AND donor_findable(u.status, u.blood_group, u.upazila_id)
         AND donor_eligible_on(u.available, u.next_eligible_date, $3::date) AND u.id <> ALL ($4::text[])
       ORDER BY u.last_donation_date NULLS FIRST, u.id LIMIT 100`,
      ['O+', 1, DAY, ['x']],
    );
    // Either partial index on the findable donors will do at this size (the ranking's own is chosen at a million donors).
    expect(segment).toMatch(/Scan (using|on) users_(match|search_district)_idx/);
    // Donor search by group and district, in id order.
    const search = await plan(
      `SELECT u.id FROM users u WHERE u.blood_group = $1 AND donor_findable(u.status, u.blood_group, u.upazila_id) AND u.division_id = 1 AND u.district_id = $2
       ORDER BY u.id LIMIT 20`,
      ['A+', 1],
    );
    expect(search).toMatch(/Scan (using|on) users_search_district_idx/);
  });
});
