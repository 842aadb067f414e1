import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOOD_GROUPS, searchCodeFor } from '../../shared/matching/model';
import { users } from '../db/schema/accounts';
import { migrationsDir } from '../paths';
import { registerUser, setUserStatus, userWith, type TestUser } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helpers';

// Donor search's exact totals come from search_donor_counts, which a trigger keeps from every write
// to users (db/functions/search_donor_counts_sync.sql). Whatever writes the users, through the API
// or in bulk by SQL, the table must say what counting the users themselves says.

let t: TestApp;
let admin: TestUser;
const donors: TestUser[] = [];
const places = [
  { division: '1', district: '1', upazila: '1' },
  { division: '1', district: '1', upazila: '2' },
  { division: '3', district: '27', upazila: '213' },
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await userWith(t.app, t.database.db, 'admin');
  for (const [i, group] of BLOOD_GROUPS.entries()) {
    for (const place of [places[i % 3]!, places[(i + 1) % 3]!]) donors.push(await registerUser(t.app, { blood_group: group, ...place }));
  }
});
afterAll(() => t.close());

type Count = { blood_group: string; division_id: number; district_id: number; upazila_id: number; confirmed: boolean; n: number };

/** The kept counts, zero rows left out (a place whose last donor left keeps its row at 0). */
async function kept(): Promise<Count[]> {
  const r = await t.database.db.execute<Count>(sql`
    SELECT blood_group, division_id, district_id, upazila_id, confirmed, n FROM search_donor_counts WHERE n <> 0
    ORDER BY 1, 2, 3, 4, 5`);
  return r.rows;
}

/** The same counts, recomputed from the users. */
async function recounted(): Promise<Count[]> {
  const r = await t.database.db.execute<Count>(sql`
    SELECT blood_group, coalesce(division_id, 0) AS division_id, coalesce(district_id, 0) AS district_id, upazila_id,
      email_verified AS confirmed, count(*)::int AS n
    FROM users WHERE donor_findable(status, blood_group, upazila_id)
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`);
  return r.rows;
}

const total = async (query: string) => {
  const res = await t.app.inject({ url: `/api/search?${query}`, headers: admin.auth });
  expect(res.statusCode).toBe(200);
  return Number(res.headers['x-total-count']);
};

describe('search_donor_counts', () => {
  it('holds the findable donors per place, group and confirmed address after registrations', async () => {
    const counts = await kept();
    expect(counts.length).toBeGreaterThan(0);
    expect(counts).toEqual(await recounted());
  });

  it('follows profile edits (group and place), blocks, reactivations and deleted accounts', async () => {
    const [moved, blocked, deleted, regrouped] = donors;
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${moved!.email}`,
      headers: moved!.auth,
      payload: { name: 'Moved Donor', blood_group: 'B-', division: '3', district: '27', upazila: '213' },
    });
    expect(edit.statusCode).toBe(200);
    const regroup = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${regrouped!.email}`,
      headers: regrouped!.auth,
      payload: { name: 'Regrouped Donor', blood_group: 'AB+', division: '1', district: '1', upazila: '1' },
    });
    expect(regroup.statusCode).toBe(200);
    await setUserStatus(t.app, admin, blocked!, 'blocked');
    expect(await kept()).toEqual(await recounted());
    await setUserStatus(t.app, admin, blocked!, 'active');
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/users/${deleted!.email}`, headers: deleted!.auth, payload: { confirmEmail: deleted!.email } });
    expect(gone.statusCode).toBe(200);
    expect(await kept()).toEqual(await recounted());
  });

  it('follows bulk writes by SQL: many rows updated, inserted and deleted in one statement each', async () => {
    const db = t.database.db;
    await db.execute(sql`UPDATE users SET email_verified = NOT email_verified WHERE blood_group IN ('O+', 'A-')`);
    await db.execute(sql`UPDATE users SET upazila_id = NULL WHERE blood_group = 'B+'`);
    await db.execute(sql`
      INSERT INTO users (id, name, email, blood_group, division_id, district_id, upazila_id, email_verified)
      SELECT 'bulk-' || i, 'Bulk ' || i, 'bulk' || i || '@example.com', (ARRAY['O-','O+','AB-'])[1 + i % 3], 3, 27, 213, i % 2 = 0
      FROM generate_series(1, 30) i`);
    expect(await kept()).toEqual(await recounted());
    await db.execute(sql`DELETE FROM users WHERE email LIKE 'bulk%@example.com' AND blood_group = 'O-'`);
    await db.update(users).set({ status: 'blocked' }).where(eq(users.bloodGroup, 'AB-'));
    expect(await kept()).toEqual(await recounted());
  });

  it('gives donor search its exact totals (X-Total-Count) at every place level (confirmed only: outreach.test.ts)', async () => {
    const all = await recounted();
    const sum = (pred: (c: Count) => boolean) => all.filter(pred).reduce((s, c) => s + c.n, 0);
    for (const group of ['O+', 'B-', 'AB+'] as const) {
      const code = searchCodeFor(group);
      expect(await total(`bloodGroup=${code}`)).toBe(sum((c) => c.blood_group === group));
      expect(await total(`bloodGroup=${code}&&division=3`)).toBe(sum((c) => c.blood_group === group && c.division_id === 3));
      expect(await total(`bloodGroup=${code}&&district=1`)).toBe(sum((c) => c.blood_group === group && c.district_id === 1));
      expect(await total(`bloodGroup=${code}&&upazila=213`)).toBe(sum((c) => c.blood_group === group && c.upazila_id === 213));
    }
    expect(await total('district=27')).toBe(sum((c) => c.district_id === 27));
  });

  it('is filled by migration 0024 from the donors an installation already has', async () => {
    const text = await fs.readFile(path.join(migrationsDir, '0024_database_is_the_index.sql'), 'utf8');
    const fill = text.split('--> statement-breakpoint').find((s) => s.includes('INSERT INTO "search_donor_counts"') && !s.includes('FUNCTION'));
    expect(fill).toBeDefined();
    const expected = await recounted();
    await t.database.db.execute(sql`TRUNCATE search_donor_counts`);
    await t.database.db.execute(sql.raw(fill!));
    expect(await kept()).toEqual(expected);
  });
});
