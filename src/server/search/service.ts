import { and, asc, count, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { donorGroupsFor } from '../../shared/compatibility';
import { todayInDhaka } from '../../shared/donation-request-policy';
import type { BloodGroup } from '../../shared/blood-groups';
import type { Pagination } from '../../shared/pagination';
import { maskEmail } from '../../shared/privacy-rules';
import type { Donor } from '../../shared/search';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { ListPage } from '../lib/list-caches';
import type { LocationIndex } from '../locations/service';
import type { SearchCache } from './cache';

export interface DonorFilter {
  /** Only donors whose email address is confirmed (set by the server while email verification is on: SMTP_URL). */
  verifiedOnly?: boolean;
  bloodGroup?: BloodGroup;
  division?: number;
  district?: number;
  upazila?: number;
  /** Also the groups that can give to `bloodGroup` (red cells), identical group first. */
  compatible?: boolean;
  /** Only available donors past their interval today. */
  eligibleOnly?: boolean;
  /** An anonymous search: emails masked (`r***@example.com`, issue 17); signed-in users get them in full. */
  maskEmails?: boolean;
}

/** With compatible or eligibleOnly, the total counts up to this many (a full count could read every donor). */
export const SEARCH_COUNT_LIMIT = 200;

/**
 * Findable donors: active, with a blood group and a location. The conditions match the partial
 * indexes of `users` (schema.ts), and the order (by id) is stable across pages. The answer may
 * come from the short-lived search cache (./cache.ts).
 */
export function searchDonors(db: Db, cache: SearchCache, locations: LocationIndex, filter: DonorFilter, p: Pagination): Promise<ListPage<Donor>> {
  // The mask is part of the cache key: an anonymous answer and a signed-in one never share an entry.
  return cache.donors(filter, p, async () => {
    const found = await findDonors(db, locations, filter, p);
    return filter.maskEmails ? { ...found, rows: found.rows.map((d) => ({ ...d, email: maskEmail(d.email) })) } : found;
  });
}

const donorColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  image: users.image,
  bloodGroup: users.bloodGroup,
  divisionId: users.divisionId,
  districtId: users.districtId,
  upazilaId: users.upazilaId,
};
type DonorRow = { [K in keyof typeof donorColumns]: (typeof users.$inferSelect)[K] };

function toDonor(r: DonorRow, locations: LocationIndex): Donor {
  return {
    _id: r.id,
    name: r.name,
    email: r.email,
    avatar: r.image,
    blood_group: r.bloodGroup!,
    division: locations.divisionName(r.divisionId!) ?? '',
    district: locations.districtName(r.districtId!) ?? '',
    upazila: locations.upazilaName(r.upazilaId!) ?? '',
    divisionId: String(r.divisionId),
    districtId: String(r.districtId),
    upazilaId: String(r.upazilaId),
  };
}

/** Findable, and in the places the filter names (any blood group). */
function placeConditions(filter: DonorFilter): SQL[] {
  const conditions: SQL[] = [eq(users.status, 'active'), isNotNull(users.bloodGroup), isNotNull(users.upazilaId)];
  if (filter.division !== undefined) conditions.push(eq(users.divisionId, filter.division));
  if (filter.district !== undefined) conditions.push(eq(users.districtId, filter.district));
  if (filter.upazila !== undefined) conditions.push(eq(users.upazilaId, filter.upazila));
  if (filter.verifiedOnly) conditions.push(eq(users.emailVerified, true));
  if (filter.eligibleOnly) {
    conditions.push(eq(users.available, true), sql`(${users.nextEligibleDate} IS NULL OR ${users.nextEligibleDate} <= ${todayInDhaka()}::date)`);
  }
  return conditions;
}

async function findDonors(db: Db, locations: LocationIndex, filter: DonorFilter, p: Pagination): Promise<ListPage<Donor>> {
  if (filter.compatible || filter.eligibleOnly) return findDonorsByGroups(db, locations, filter, p);
  const conditions = placeConditions(filter);
  if (filter.bloodGroup) conditions.push(eq(users.bloodGroup, filter.bloodGroup));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(donorColumns)
      .from(users)
      .where(where)
      .orderBy(asc(users.id))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows: rows.map((r) => toDonor(r, locations)), total: total?.n ?? 0 };
}

/**
 * compatible / eligibleOnly: one index scan per blood group (the search indexes, in id order),
 * each LIMIT what the page needs, the identical group first; the total counted up to
 * SEARCH_COUNT_LIMIT.
 */
async function findDonorsByGroups(db: Db, locations: LocationIndex, filter: DonorFilter, p: Pagination): Promise<ListPage<Donor>> {
  const groups: (BloodGroup | undefined)[] = !filter.bloodGroup
    ? [undefined]
    : filter.compatible
      ? [...donorGroupsFor(filter.bloodGroup, 'whole_blood')]
      : [filter.bloodGroup];
  const need = p.page * p.limit;
  const branches = groups.map((group) => {
    const where = and(...placeConditions(filter), group ? eq(users.bloodGroup, group) : undefined);
    const tier = group === filter.bloodGroup ? 0 : 1;
    return sql`(SELECT ${tier}::int AS tier, id, name, email, image, blood_group, division_id, district_id, upazila_id
      FROM ${users} WHERE ${where} ORDER BY id LIMIT ${need})`;
  });
  const { rows } = await db.execute<{ id: string; name: string; email: string; image: string | null; blood_group: BloodGroup; division_id: number; district_id: number; upazila_id: number }>(
    sql`SELECT * FROM (${sql.join(branches, sql` UNION ALL `)}) g ORDER BY g.tier, g.id LIMIT ${p.limit} OFFSET ${(p.page - 1) * p.limit}`,
  );
  const donors = rows.map((r) =>
    toDonor({ id: r.id, name: r.name, email: r.email, image: r.image, bloodGroup: r.blood_group, divisionId: r.division_id, districtId: r.district_id, upazilaId: r.upazila_id }, locations),
  );
  const inGroups = groups[0] === undefined ? undefined : inArray(users.bloodGroup, groups as BloodGroup[]);
  const counted = db.select({ one: sql`1` }).from(users).where(and(...placeConditions(filter), inGroups)).limit(SEARCH_COUNT_LIMIT).as('c');
  const [total] = await db.select({ n: count() }).from(counted);
  return { rows: donors, total: total?.n ?? 0 };
}
