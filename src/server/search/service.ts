import { and, asc, count, eq, isNotNull, type SQL } from 'drizzle-orm';
import type { BloodGroup } from '../../shared/blood-groups';
import type { Pagination } from '../../shared/pagination';
import type { Donor } from '../../shared/search';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { ListPage } from '../lib/list-caches';
import type { LocationIndex } from '../locations/service';
import type { SearchCache } from './cache';

export interface DonorFilter {
  bloodGroup?: BloodGroup;
  division?: number;
  district?: number;
  upazila?: number;
}

/**
 * Findable donors: active, with a blood group and a location. The conditions match the partial
 * indexes of `users` (schema.ts), and the order (by id) is stable across pages. The answer may
 * come from the short-lived search cache (./cache.ts).
 */
export function searchDonors(db: Db, cache: SearchCache, locations: LocationIndex, filter: DonorFilter, p: Pagination): Promise<ListPage<Donor>> {
  return cache.donors(filter, p, () => findDonors(db, locations, filter, p));
}

async function findDonors(db: Db, locations: LocationIndex, filter: DonorFilter, p: Pagination): Promise<ListPage<Donor>> {
  const conditions: SQL[] = [eq(users.status, 'active'), isNotNull(users.bloodGroup), isNotNull(users.upazilaId)];
  if (filter.bloodGroup) conditions.push(eq(users.bloodGroup, filter.bloodGroup));
  if (filter.division !== undefined) conditions.push(eq(users.divisionId, filter.division));
  if (filter.district !== undefined) conditions.push(eq(users.districtId, filter.district));
  if (filter.upazila !== undefined) conditions.push(eq(users.upazilaId, filter.upazila));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        image: users.image,
        bloodGroup: users.bloodGroup,
        divisionId: users.divisionId,
        districtId: users.districtId,
        upazilaId: users.upazilaId,
      })
      .from(users)
      .where(where)
      .orderBy(asc(users.id))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit),
    db.select({ n: count() }).from(users).where(where),
  ]);
  const donors: Donor[] = rows.map((r) => ({
    _id: r.id,
    name: r.name,
    email: r.email,
    avatar: r.image,
    blood_group: r.bloodGroup!,
    division: locations.divisionName(r.divisionId!) ?? '',
    district: locations.districtName(r.districtId!) ?? '',
    upazila: locations.upazilaName(r.upazilaId!) ?? '',
  }));
  return { rows: donors, total: total?.n ?? 0 };
}
