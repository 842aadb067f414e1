import type { BloodGroup } from '../../shared/blood-groups';
import type { BloodComponent } from '../../shared/compatibility';
import type { Match } from '../../shared/donation-requests';
import type { Pagination } from '../../shared/pagination';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { donationPledges, donationRequests } from '../db/schema';
import { notFound } from '../errors';
import { BatchLoader } from '../lib/batch-loader';
import type { DistrictDistance, LocationIndex } from '../locations/service';
import type { DonorIndex } from './donor-index';
import { dayNumber, groupTiers } from './donor-table';

// Matching donors for a request (decision 032). The order is a series of segments: the identical
// group before the merely compatible ones; within each, the request's upazila, the rest of its
// district, then every other district by distance; within a segment, who gave longest ago first
// (never first), then by id. The matches endpoint walks it in the donor index in memory (decision
// 051); outreach's waves walk it in SQL, inside their transaction (rankDonors): each segment is
// read from the partial index users_match_district_idx in that order, LIMIT what is still missing.

/** How many of the nearest districts get a segment (and an index scan) of their own. */
const NEAR_DISTRICTS = 8;
/**
 * The list is the best this many donors (X-Total-Count at most this): enough for a family or a
 * volunteer to call through, and a bounded read however many donors there are.
 */
export const MATCH_LIMIT = 100;

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

export type MatchRow = {
  /** The ranking segment: 0 the request's upazila, 1 the rest of its district, 2.. other districts, nearest first. */
  seg: number;
  id: string;
  blood_group: BloodGroup;
  district_id: number;
  upazila_id: number;
  next_eligible_date: string | null;
};

/**
 * Outreach (issue 15) walks the matching ranking in SQL, inside its wave's transaction, skipping
 * donors it may not alert now: already alerted about this request or answered it, at their weekly
 * cap ($10: now), in their quiet hours ($11: the request ignores them, $12: the Dhaka minute of the
 * day), or unverified while email verification is on ($13: it is off). One statement for any list
 * of segments (so PostgreSQL plans it once per connection, not per call): each segment is (blood
 * group, district, only this upazila | all but this upazila, seg), read from
 * users_match_district_idx in "gave longest ago" order, LIMIT what is still missing.
 */
const OUTREACH_SQL = `
SELECT s.seg, m.* FROM unnest($1::text[], $2::int[], $3::int[], $4::int[], $5::int[]) AS s(grp, district, only_upazila, not_upazila, seg)
CROSS JOIN LATERAL (
  SELECT u.id, u.blood_group, u.district_id, u.upazila_id, u.next_eligible_date::text AS next_eligible_date, u.last_donation_date
  FROM users u
  WHERE u.blood_group = s.grp AND u.district_id = s.district
    AND (s.only_upazila IS NULL OR u.upazila_id = s.only_upazila)
    AND (s.not_upazila IS NULL OR u.upazila_id <> s.not_upazila)
    AND u.status = 'active' AND u.available AND u.blood_group IS NOT NULL AND u.upazila_id IS NOT NULL
    AND (u.next_eligible_date IS NULL OR u.next_eligible_date <= $6::date)
    AND u.id <> $7
    AND NOT EXISTS (SELECT 1 FROM donation_pledges p WHERE p.request_id = $8::uuid AND p.donor_id = u.id)
    AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.request_id = $8::uuid AND n.user_id = u.id AND n.kind = 'alert')
    AND NOT EXISTS (SELECT 1 FROM outreach_answers a WHERE a.request_id = $8::uuid AND a.user_id = u.id)
    AND u.max_alerts_per_week > (SELECT count(*) FROM notifications n WHERE n.user_id = u.id AND n.kind = 'alert' AND n.created_at > $10::timestamptz - interval '7 days')
    AND ($11::boolean OR u.quiet_hours_start = u.quiet_hours_end OR NOT (CASE WHEN u.quiet_hours_start < u.quiet_hours_end
      THEN $12::int >= u.quiet_hours_start AND $12::int < u.quiet_hours_end
      ELSE $12::int >= u.quiet_hours_start OR $12::int < u.quiet_hours_end END))
    AND ($13::boolean OR u.email_verified)
  ORDER BY u.last_donation_date ASC NULLS FIRST, u.id
  LIMIT $9
) m
ORDER BY s.seg, m.last_donation_date ASC NULLS FIRST, m.id
LIMIT $9`;

/** Who outreach may alert now (see OUTREACH_SQL). */
export interface OutreachFilter {
  now: Date;
  ignoreQuietHours: boolean;
  minuteOfDay: number;
  requireVerifiedEmail: boolean;
}

interface Segment {
  group: BloodGroup;
  district: number;
  onlyUpazila: number | null;
  notUpazila: number | null;
  seg: number;
}

async function readSegments(db: Db, target: MatchTarget, segments: Segment[], limit: number, outreach: OutreachFilter): Promise<MatchRow[]> {
  if (segments.length === 0 || limit <= 0) return [];
  const { rows } = await db.$client.query<MatchRow>({
    name: 'outreach_segments',
    text: OUTREACH_SQL,
    values: [
      segments.map((s) => s.group),
      segments.map((s) => s.district),
      segments.map((s) => s.onlyUpazila),
      segments.map((s) => s.notUpazila),
      segments.map((s) => s.seg),
      target.eligibleOn,
      target.requesterId,
      target.id,
      limit,
      outreach.now,
      outreach.ignoreQuietHours,
      outreach.minuteOfDay,
      !outreach.requireVerifiedEmail,
    ],
  });
  return rows;
}

/**
 * The best `limit` donors for a request, best first. Reads tier by tier (identical group, then
 * the compatible ones) and stage by stage (the request's upazila and district, the nearest
 * districts, the others), and stops once it has `limit`: with many donors the first stage is enough.
 */
export async function rankDonors(db: Db, locations: LocationIndex, target: MatchTarget, limit: number, outreach: OutreachFilter): Promise<MatchRow[]> {
  const tiers = groupTiers(target.bloodGroup, target.component);
  const byDistance = locations.districtsByDistance(target.districtId);
  const others = byDistance.filter((d) => d.districtId !== target.districtId).map((d) => d.districtId);

  const collected: MatchRow[] = [];
  for (const tier of tiers) {
    const inDistricts = (districts: number[], first: number): Segment[] =>
      tier.flatMap((group) => districts.map((district, i) => ({ group, district, onlyUpazila: null, notUpazila: null, seg: first + i })));
    const stages: Segment[][] = [
      [
        ...tier.map((group) => ({ group, district: target.districtId, onlyUpazila: target.upazilaId, notUpazila: null, seg: 0 })),
        ...tier.map((group) => ({ group, district: target.districtId, onlyUpazila: null, notUpazila: target.upazilaId, seg: 1 })),
      ],
      inDistricts(others.slice(0, NEAR_DISTRICTS), 2),
      inDistricts(others.slice(NEAR_DISTRICTS), 2 + NEAR_DISTRICTS),
    ];
    for (const stage of stages) {
      if (collected.length >= limit) break;
      collected.push(...(await readSegments(db, target, stage, limit - collected.length, outreach)));
    }
  }
  return collected;
}

/** Per district: the others nearest first, and each one's distance (the location list is loaded once, so this is worked out once). */
const nearestOf = new WeakMap<readonly DistrictDistance[], { others: number[]; km: Map<number, number> }>();
function nearestFirst(byDistance: readonly DistrictDistance[], home: number) {
  let found = nearestOf.get(byDistance);
  if (!found) {
    found = { others: byDistance.filter((d) => d.districtId !== home).map((d) => d.districtId), km: new Map(byDistance.map((d) => [d.districtId, d.km])) };
    nearestOf.set(byDistance, found);
  }
  return found;
}

/** A page of the best MATCH_LIMIT matches, and how many there are (up to MATCH_LIMIT), from the donor index (decision 051). */
export async function findMatches(donors: DonorIndex, locations: LocationIndex, target: MatchTarget, pledged: readonly string[], p: Pagination): Promise<{ rows: Match[]; total: number }> {
  const { others, km } = nearestFirst(locations.districtsByDistance(target.districtId), target.districtId);
  const table = await donors.current();
  const { rows: page, total } = table.rank({
    tiers: groupTiers(target.bloodGroup, target.component),
    districtId: target.districtId,
    upazilaId: target.upazilaId,
    otherDistricts: others,
    eligibleOn: dayNumber(target.eligibleOn),
    exclude: new Set([target.requesterId, ...pledged]),
    limit: MATCH_LIMIT,
    offset: (p.page - 1) * p.limit,
    pageSize: p.limit,
  });
  const people = await Promise.all(page.map((r) => donors.person(r.id)));
  const rows = page.map((r, i) => ({
    _id: r.id,
    name: people[i]?.name ?? '',
    avatar: people[i]?.image ?? null,
    blood_group: r.bloodGroup,
    district: locations.districtName(r.districtId) ?? '',
    upazila: locations.upazilaName(r.upazilaId) ?? '',
    divisionId: String(r.divisionId),
    districtId: String(r.districtId),
    upazilaId: String(r.upazilaId),
    distanceKm: Math.round(km.get(r.districtId) ?? 0),
    nextEligibleDate: r.nextEligibleDate,
  }));
  return { rows, total };
}

type RequestRow = typeof donationRequests.$inferSelect;

/**
 * Requests with their pledged donors by id, for the matches endpoint: the calls of one event-loop
 * turn share one prepared query (lib/batch-loader.ts). Missing: 404, as findRequest.
 */
export function createMatchRequests(db: Db): (id: string) => Promise<{ row: RequestRow; pledged: string[] }> {
  const byIds = db
    .select({
      id: donationRequests.id,
      row: donationRequests,
      // Written out: drizzle leaves the columns of a select's own fields unqualified, and the pledges have an id too.
      pledged: sql<string[]>`ARRAY(SELECT p.donor_id FROM ${donationPledges} p WHERE p.request_id = ${donationRequests}.id)`,
    })
    .from(donationRequests)
    .where(sql`${donationRequests.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('matches_requests_by_ids');
  const loader = new BatchLoader((ids) => byIds.execute({ ids }));
  return async (id) => {
    const found = await loader.load(id);
    if (!found) throw notFound('No donation request with this id');
    return found;
  };
}
