import { BLOOD_GROUPS, type BloodGroup, groupTiers } from '../../shared/matching/model';
import { todayInDhaka } from '../../shared/dates/model';
import type { Pagination } from '../../shared/api/schemas';
import { maskEmail } from '../../shared/privacy/model';
import type { Donor } from '../../shared/search/schemas';
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

/** The place a search is narrowed to: the most specific the filter names (an upazila's district and a district's division are implied). */
type Place = { level: 'upazila'; district: number; upazila: number } | { level: 'district' | 'division'; id: number } | { level: 'country' };

function placeOf(filter: DonorFilter, locations: LocationIndex): Place | null {
  const district = filter.district ?? (filter.upazila === undefined ? undefined : (locations.districtOfUpazila(filter.upazila) ?? undefined));
  // A place that contradicts another of the filter (a district outside its division): nobody.
  if (filter.upazila !== undefined && (district === undefined || locations.districtOfUpazila(filter.upazila) !== district)) return null;
  if (district !== undefined && filter.division !== undefined && locations.divisionOfDistrict(district) !== filter.division) return null;
  if (filter.upazila !== undefined) return { level: 'upazila', district: district!, upazila: filter.upazila };
  if (district !== undefined) return { level: 'district', id: district };
  if (filter.division !== undefined) return { level: 'division', id: filter.division };
  return { level: 'country' };
}

const PLACE_SQL: Record<Place['level'], string> = {
  upazila: 'AND u.district_id = $5::int AND u.upazila_id = $6::int',
  district: 'AND u.district_id = $5::int',
  division: 'AND u.division_id = $5::int',
  country: '',
};

/** The same places in search_donor_counts, the findable donors counted per place, group and "confirmed" (address or phone). */
const COUNTS_PLACE_SQL: Record<Place['level'], string> = {
  upazila: 'AND c.district_id = $5::int AND c.upazila_id = $6::int',
  district: 'AND c.district_id = $5::int',
  division: 'AND c.division_id = $5::int',
  country: '',
};

/**
 * One statement per place level (decision 064), prepared by name, so PostgreSQL plans it once per
 * connection: the page's ids from one ordered, index-only scan per group (the partial search
 * indexes carry what the filters read), their rows, and the total in one round trip: exact, from
 * search_donor_counts (kept by its trigger, db/functions/search_donor_counts_sync.sql), or with
 * eligibleOnly, which depends on the day, counted per group up to SEARCH_COUNT_LIMIT. $1 groups,
 * $2 their tiers, $3 confirmed only, $4 the day donors must be eligible on or null, $5 and $6 the
 * place, then ids read per group (offset + limit), the offset, the limit, and the count's cap per
 * group (null: exact).
 */
function searchSql(level: Place['level']): string {
  const n = level === 'upazila' ? 7 : level === 'country' ? 5 : 6;
  const where = `u.blood_group = g.grp AND donor_findable(u.status, u.blood_group, u.upazila_id) ${PLACE_SQL[level]}
      AND (NOT $3::boolean OR u.confirmed)
      AND ($4::date IS NULL OR donor_eligible_on(u.available, u.next_eligible_date, $4::date))`;
  return `
WITH g AS (SELECT * FROM unnest($1::text[], $2::int[]) AS g(grp, tier)),
page AS (
  SELECT c.tier, c.id FROM g CROSS JOIN LATERAL (
    SELECT g.tier, u.id FROM users u WHERE ${where} ORDER BY u.id LIMIT $${n}::int
  ) c
  ORDER BY c.tier, c.id OFFSET $${n + 1}::int LIMIT $${n + 2}::int
),
counted AS (
  SELECT CASE WHEN $4::date IS NULL THEN (
    SELECT coalesce(sum(c.n), 0)::int FROM search_donor_counts c
    WHERE c.blood_group = ANY($1::text[]) ${COUNTS_PLACE_SQL[level]} AND (NOT $3::boolean OR c.confirmed)
  ) ELSE (
    SELECT coalesce(sum(k.n), 0)::int FROM g CROSS JOIN LATERAL (
      SELECT count(*) AS n FROM (SELECT 1 FROM users u WHERE ${where} LIMIT $${n + 3}::int) x
    ) k
  ) END AS total
)
SELECT counted.total, u.id, u.name, u.email, u.image, u.blood_group, u.division_id, u.district_id, u.upazila_id
FROM counted LEFT JOIN (page JOIN users u ON u.id = page.id) ON true
ORDER BY page.tier, page.id`;
}
const SEARCH_SQL = Object.fromEntries((Object.keys(PLACE_SQL) as Place['level'][]).map((level) => [level, searchSql(level)])) as Record<Place['level'], string>;

/**
 * The filter's page: any group, the group, or (compatible) the group then those that can give to
 * it, each tier in id order.
 */
async function findDonors(db: Db, locations: LocationIndex, filter: DonorFilter, p: Pagination): Promise<ListPage<Donor>> {
  const place = placeOf(filter, locations);
  if (!place) return { rows: [], total: 0 };
  const tiers: (readonly BloodGroup[])[] = !filter.bloodGroup ? [BLOOD_GROUPS] : filter.compatible ? groupTiers(filter.bloodGroup, 'whole_blood') : [[filter.bloodGroup]];
  const groups = tiers.flat();
  const tierOf = tiers.flatMap((tier, i) => tier.map(() => i));
  const offset = (p.page - 1) * p.limit;
  const placeValues = place.level === 'upazila' ? [place.district, place.upazila] : place.level === 'country' ? [] : [place.id];
  const { rows } = await db.$client.query<DonorRow>({
    name: `donor_search_${place.level}`,
    text: SEARCH_SQL[place.level],
    values: [
      groups,
      tierOf,
      filter.verifiedOnly ?? false,
      filter.eligibleOnly ? todayInDhaka() : null,
      ...placeValues,
      offset + p.limit,
      offset,
      p.limit,
      filter.eligibleOnly ? SEARCH_COUNT_LIMIT : null,
    ],
  });
  const total = rows[0]?.total ?? 0;
  return { rows: rows.filter((r) => r.id !== null).map((r) => toDonor(r, locations)), total: filter.eligibleOnly ? Math.min(total, SEARCH_COUNT_LIMIT) : total };
}
