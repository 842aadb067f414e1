import { type SQL, sql } from 'drizzle-orm';
import { BLOOD_GROUPS, type BloodGroup } from '../../shared/blood-groups';
import { groupTiers } from '../../shared/compatibility';
import { todayInDhaka } from '../../shared/donation-request-policy';
import type { Pagination } from '../../shared/pagination';
import { maskEmail } from '../../shared/privacy-rules';
import type { Donor } from '../../shared/search';
import type { Db } from '../db/client';
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

/** With eligibleOnly, the total counts up to this many (a full count could read every donor); without it the total is exact. */
export const SEARCH_COUNT_LIMIT = 200;

/**
 * Findable donors (donor_findable, db/functions/donor_findable.sql) in the filter's places, in a
 * stable order across pages: by id, the identical group first with `compatible`. One statement
 * on the partial search indexes (decision 064). The answer may come from the short-lived search
 * cache (./cache.ts).
 */
export function searchDonors(db: Db, cache: SearchCache, locations: LocationIndex, filter: DonorFilter, p: Pagination): Promise<ListPage<Donor>> {
  // The mask is part of the cache key: an anonymous answer and a signed-in one never share an entry.
  return cache.donors(filter, p, async () => {
    const found = await findDonors(db, locations, filter, p);
    return filter.maskEmails ? { ...found, rows: found.rows.map((d) => ({ ...d, email: maskEmail(d.email) })) } : found;
  });
}

type DonorRow = {
  total: number;
  id: string | null;
  name: string;
  email: string;
  image: string | null;
  blood_group: BloodGroup;
  division_id: number;
  district_id: number;
  upazila_id: number;
};

function toDonor(r: DonorRow, locations: LocationIndex): Donor {
  return {
    _id: r.id!,
    name: r.name,
    email: r.email,
    avatar: r.image,
    blood_group: r.blood_group,
    division: locations.divisionName(r.division_id) ?? '',
    district: locations.districtName(r.district_id) ?? '',
    upazila: locations.upazilaName(r.upazila_id) ?? '',
    divisionId: String(r.division_id),
    districtId: String(r.district_id),
    upazilaId: String(r.upazila_id),
  };
}

/**
 * What a donor must be for this filter besides their group: findable, in its places (an upazila
 * narrows to its district and a district to its division too, so the most specific one picks the
 * index), confirmed when it asks, eligible today with eligibleOnly.
 */
function conditions(filter: DonorFilter, locations: LocationIndex): SQL {
  const district = filter.district ?? (filter.upazila === undefined ? undefined : (locations.districtOfUpazila(filter.upazila) ?? -1));
  const division = filter.division ?? (district === undefined ? undefined : (locations.divisionOfDistrict(district) ?? -1));
  const parts: SQL[] = [sql`donor_findable(u.status, u.blood_group, u.upazila_id)`];
  if (division !== undefined) parts.push(sql`u.division_id = ${division}`);
  if (district !== undefined) parts.push(sql`u.district_id = ${district}`);
  if (filter.upazila !== undefined) parts.push(sql`u.upazila_id = ${filter.upazila}`);
  if (filter.verifiedOnly) parts.push(sql`u.email_verified`);
  if (filter.eligibleOnly) parts.push(sql`donor_eligible_on(u.available, u.next_eligible_date, ${todayInDhaka()}::date)`);
  return sql.join(parts, sql` AND `);
}

/**
 * The filter's page: any group, the group, or (compatible) the group then those that can give to
 * it, each tier in id order: one ordered scan per group, LIMIT what the page needs, merged. The
 * total in the same statement: exact, or with eligibleOnly counted up to SEARCH_COUNT_LIMIT.
 */
async function findDonors(db: Db, locations: LocationIndex, filter: DonorFilter, p: Pagination): Promise<ListPage<Donor>> {
  const tiers: (readonly BloodGroup[])[] = !filter.bloodGroup ? [BLOOD_GROUPS] : filter.compatible ? groupTiers(filter.bloodGroup, 'whole_blood') : [[filter.bloodGroup]];
  const groups = tiers.flat();
  const tierOf = tiers.flatMap((tier, i) => tier.map(() => i));
  const where = conditions(filter, locations);
  const offset = (p.page - 1) * p.limit;
  const cap = filter.eligibleOnly ? sql`LIMIT ${SEARCH_COUNT_LIMIT}` : sql``;
  const { rows } = await db.execute<DonorRow>(sql`
    WITH page AS (
      SELECT c.* FROM unnest(${sql.param(groups)}::text[], ${sql.param(tierOf)}::int[]) AS g(grp, tier)
      CROSS JOIN LATERAL (
        SELECT g.tier, u.id, u.name, u.email, u.image, u.blood_group, u.division_id, u.district_id, u.upazila_id
        FROM users u WHERE u.blood_group = g.grp AND ${where}
        ORDER BY u.id LIMIT ${offset + p.limit}
      ) c
      ORDER BY c.tier, c.id OFFSET ${offset} LIMIT ${p.limit}
    ), counted AS (
      SELECT count(*)::int AS total FROM (SELECT 1 FROM users u WHERE u.blood_group = ANY(${sql.param(groups)}::text[]) AND ${where} ${cap}) x
    )
    SELECT counted.total, page.* FROM counted LEFT JOIN page ON true ORDER BY page.tier, page.id`);
  return { rows: rows.filter((r) => r.id !== null).map((r) => toDonor(r, locations)), total: rows[0]?.total ?? 0 };
}
