import { sql, type SQL } from 'drizzle-orm';
import type { BloodGroup } from '../../shared/blood-groups';
import { type BloodComponent, donorGroupsFor } from '../../shared/compatibility';
import type { Match } from '../../shared/donation-requests';
import type { Pagination } from '../../shared/pagination';
import type { Db } from '../db/client';
import type { LocationIndex } from '../locations/service';

// Matching donors for a request (decision 032). The order is a series of segments: the identical
// group before the merely compatible ones; within each, the request's upazila, the rest of its
// district, the nearest districts one by one, then every other district by distance; within a
// segment, who gave longest ago first (never first). Each segment is read from a partial index
// (users_match_upazila_idx / users_match_district_idx) in that order, LIMIT what the page still
// needs, so a page costs a few short index scans however many donors there are.

/** How many of the nearest districts get a segment (and an index scan) of their own. */
const NEAR_DISTRICTS = 8;
/** X-Total-Count counts matches up to this many: enough to page through, and a bounded count. */
export const MATCH_COUNT_LIMIT = 1000;

export interface MatchTarget {
  id: string;
  requesterId: string;
  bloodGroup: BloodGroup;
  component: BloodComponent;
  districtId: number;
  upazilaId: number;
  /** Donors must be eligible on this day (YYYY-MM-DD). */
  eligibleOn: string;
}

type MatchRow = {
  id: string;
  name: string;
  image: string | null;
  blood_group: BloodGroup;
  district_id: number;
  upazila_id: number;
  next_eligible_date: string | null;
};

/** Active, available, eligible on the day, with a place; not the requester, not already pledged. */
function matchable(target: MatchTarget): SQL {
  return sql`u.status = 'active' AND u.available AND u.blood_group IS NOT NULL AND u.upazila_id IS NOT NULL
    AND (u.next_eligible_date IS NULL OR u.next_eligible_date <= ${target.eligibleOn}::date)
    AND u.id <> ${target.requesterId}
    AND NOT EXISTS (SELECT 1 FROM donation_pledges p WHERE p.request_id = ${target.id} AND p.donor_id = u.id)`;
}

const COLUMNS = sql`u.id, u.name, u.image, u.blood_group, u.district_id, u.upazila_id, u.next_eligible_date::text AS next_eligible_date, u.last_donation_date`;
const ORDER = sql`u.last_donation_date ASC NULLS FIRST, u.id`;

/** One segment of one blood group, `seg` its place in the order. */
function branch(target: MatchTarget, group: BloodGroup, seg: number, place: SQL, limit: number): SQL {
  return sql`(SELECT ${seg}::int AS seg, ${COLUMNS} FROM users u
    WHERE u.blood_group = ${group} AND ${place} AND ${matchable(target)}
    ORDER BY ${ORDER} LIMIT ${limit})`;
}

/** Runs the branches as one statement, in segment order. */
async function readSegments(db: Db, branches: SQL[], limit: number): Promise<MatchRow[]> {
  if (branches.length === 0 || limit <= 0) return [];
  const query = sql`SELECT * FROM (${sql.join(branches, sql` UNION ALL `)}) m ORDER BY m.seg, m.last_donation_date ASC NULLS FIRST, m.id LIMIT ${limit}`;
  const { rows } = await db.execute<MatchRow & { seg: number }>(query);
  return rows;
}

/**
 * A page of matches and the total (up to MATCH_COUNT_LIMIT). Reads tier by tier (identical group,
 * then the compatible ones), near segments first, and stops once the page is full.
 */
export async function findMatches(db: Db, locations: LocationIndex, target: MatchTarget, p: Pagination): Promise<{ rows: Match[]; total: number }> {
  const groups = donorGroupsFor(target.bloodGroup, target.component);
  const tiers = [groups.filter((g) => g === target.bloodGroup), groups.filter((g) => g !== target.bloodGroup)].filter((t) => t.length > 0);
  const byDistance = locations.districtsByDistance(target.districtId);
  const km = new Map(byDistance.map((d) => [d.districtId, d.km]));
  const near = byDistance.filter((d) => d.districtId !== target.districtId).slice(0, NEAR_DISTRICTS);
  const rest = byDistance.slice(NEAR_DISTRICTS + 1).map((d) => d.districtId);
  const need = p.page * p.limit;

  const collected: MatchRow[] = [];
  const countQuery = totalMatches(db, target, groups);
  countQuery.catch(() => undefined); // awaited below; a failure of the page's reads must not leave it unhandled
  for (const tier of tiers) {
    // Near: the upazila, the rest of the district, each of the nearest districts (one index scan each).
    let remaining = need - collected.length;
    const nearBranches = tier.flatMap((group) => [
      branch(target, group, 0, sql`u.upazila_id = ${target.upazilaId}`, remaining),
      branch(target, group, 1, sql`u.district_id = ${target.districtId} AND u.upazila_id <> ${target.upazilaId}`, remaining),
      ...near.map((d, i) => branch(target, group, 2 + i, sql`u.district_id = ${d.districtId}`, remaining)),
    ]);
    collected.push(...(await readSegments(db, nearBranches, remaining)));
    remaining = need - collected.length;
    if (remaining <= 0) break;
    // Far: every other district, nearest first (reached only when the near ones cannot fill the page).
    if (rest.length > 0) {
      const order = sql`array_position(${sql.raw(`ARRAY[${rest.join(',')}]::int[]`)}, u.district_id)`;
      const farBranches = tier.map(
        (group) =>
          sql`(SELECT (${2 + NEAR_DISTRICTS} + ${order})::int AS seg, ${COLUMNS} FROM users u
            WHERE u.blood_group = ${group} AND u.district_id = ANY(${sql.raw(`ARRAY[${rest.join(',')}]::int[]`)}) AND ${matchable(target)}
            ORDER BY ${order}, ${ORDER} LIMIT ${remaining})`,
      );
      collected.push(...(await readSegments(db, farBranches, remaining)));
    }
    if (need - collected.length <= 0) break;
  }

  const rows = collected.slice((p.page - 1) * p.limit, need).map((r) => ({
    _id: r.id,
    name: r.name,
    avatar: r.image,
    blood_group: r.blood_group,
    district: locations.districtName(r.district_id) ?? '',
    upazila: locations.upazilaName(r.upazila_id) ?? '',
    distanceKm: Math.round(km.get(r.district_id) ?? 0),
    nextEligibleDate: r.next_eligible_date,
  }));
  return { rows, total: await countQuery };
}

/** How many donors match, counted up to MATCH_COUNT_LIMIT (a count of them all could read every donor). */
async function totalMatches(db: Db, target: MatchTarget, groups: readonly BloodGroup[]): Promise<number> {
  if (groups.length === 0) return 0;
  const { rows } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM (
    SELECT 1 FROM users u WHERE u.blood_group IN (${sql.join(
      groups.map((g) => sql`${g}`),
      sql`, `,
    )}) AND ${matchable(target)} LIMIT ${MATCH_COUNT_LIMIT}) t`);
  return rows[0]?.n ?? 0;
}
