import { and, asc, count, eq, isNotNull, type SQL } from 'drizzle-orm';
import { todayInDhaka } from '../../shared/donation-request-policy';
import { BLOOD_GROUPS, type BloodGroup } from '../../shared/blood-groups';
import type { Pagination } from '../../shared/pagination';
import { maskEmail } from '../../shared/privacy-rules';
import type { Donor } from '../../shared/search';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { ListPage } from '../lib/list-caches';
import type { LocationIndex } from '../locations/service';
import { dayNumber, type DonorIndex, groupTiers } from '../matching';
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
export function searchDonors(db: Db, donors: DonorIndex, cache: SearchCache, locations: LocationIndex, filter: DonorFilter, p: Pagination): Promise<ListPage<Donor>> {
  // The mask is part of the cache key: an anonymous answer and a signed-in one never share an entry.
  return cache.donors(filter, p, async () => {
    const found = filter.compatible || filter.eligibleOnly ? await findDonorsByGroups(donors, locations, filter, p) : await findDonors(db, locations, filter, p);
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

/** Findable, and in the places the filter names (any blood group): the search without its two options. */
function placeConditions(filter: DonorFilter): SQL[] {
  const conditions: SQL[] = [eq(users.status, 'active'), isNotNull(users.bloodGroup), isNotNull(users.upazilaId)];
  if (filter.division !== undefined) conditions.push(eq(users.divisionId, filter.division));
  if (filter.district !== undefined) conditions.push(eq(users.districtId, filter.district));
  if (filter.upazila !== undefined) conditions.push(eq(users.upazilaId, filter.upazila));
  if (filter.verifiedOnly) conditions.push(eq(users.emailVerified, true));
  return conditions;
}

async function findDonors(db: Db, locations: LocationIndex, filter: DonorFilter, p: Pagination): Promise<ListPage<Donor>> {
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
 * compatible / eligibleOnly: from the donor index in memory (decision 051), the identical group
 * first, each tier in id order; the total counted up to SEARCH_COUNT_LIMIT. Names, emails and
 * pictures are read for the page's rows only.
 */
async function findDonorsByGroups(donors: DonorIndex, locations: LocationIndex, filter: DonorFilter, p: Pagination): Promise<ListPage<Donor>> {
  const tiers: (readonly BloodGroup[])[] = !filter.bloodGroup
    ? [BLOOD_GROUPS]
    : filter.compatible
      ? groupTiers(filter.bloodGroup, 'whole_blood')
      : [[filter.bloodGroup]];
  const table = await donors.current();
  const { rows, total } = table.search({
    tiers,
    divisionId: filter.division,
    districtId: filter.district,
    upazilaId: filter.upazila,
    eligibleOn: filter.eligibleOnly ? dayNumber(todayInDhaka()) : undefined,
    verifiedOnly: filter.verifiedOnly ?? false,
    offset: (p.page - 1) * p.limit,
    limit: p.limit,
    countLimit: SEARCH_COUNT_LIMIT,
  });
  const people = await Promise.all(rows.map((r) => donors.person(r.id)));
  return {
    rows: rows.map((r, i) =>
      toDonor(
        { id: r.id, name: people[i]?.name ?? '', email: people[i]?.email ?? '', image: people[i]?.image ?? null, bloodGroup: r.bloodGroup, divisionId: r.divisionId, districtId: r.districtId, upazilaId: r.upazilaId },
        locations,
      ),
    ),
    total,
  };
}
