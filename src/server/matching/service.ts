import { BLOOD_COMPONENTS, BLOOD_GROUPS, type BloodComponent, type BloodGroup, groupTiers } from '../../shared/matching/model';
import type { DonationStatus } from '../../shared/donation-requests/model';
import type { Match } from '../../shared/donation-requests/schemas';
import type { Pagination } from '../../shared/api/schemas';
import type { Db } from '../db/client';
import type { LocationIndex } from '../locations/service';

// Matching donors for a request (decision 064). The ranking is PostgreSQL's: ranked_donors
// (db/functions/ranked_donors.sql) walks the segments in order (the identical group before the
// merely compatible ones; the request's upazila, the rest of its district, then every other
// district nearest first; who gave longest ago first) on the partial index users_match_idx, and
// stops once the list is full. The matches endpoint and outreach's waves each make one statement.

/**
 * The list is the best this many donors (X-Total-Count at most this): enough for a family or a
 * volunteer to call through, and a bounded read however many donors there are.
 */
export const MATCH_LIMIT = 100;

/**
 * Every (patient group, component)'s two tiers of donor groups, as one JSON parameter: the
 * compatibility tables stay in src/shared (compatibility.ts), and a statement picks the request's
 * own from its row.
 */
const TIERS_JSON = JSON.stringify(
  Object.fromEntries(BLOOD_GROUPS.flatMap((group) => BLOOD_COMPONENTS.map((component) => [`${group} ${component}`, groupTiers(group, component)]))),
);

export type MatchRow = {
  /** The ranking segment: 0 the request's upazila, 1 the rest of its district, 2.. other districts, nearest first. */
  seg: number;
  id: string;
  blood_group: BloodGroup;
  district_id: number;
  upazila_id: number;
  next_eligible_date: string | null;
};

/** What the matches endpoint reads of a request: who may see its matches, and what it needs. */
export interface MatchRequest {
  id: string;
  requesterId: string;
  status: DonationStatus;
  donorId: string | null;
  bloodGroup: BloodGroup;
  component: BloodComponent;
  districtId: number;
  upazilaId: number;
  /** YYYY-MM-DD. */
  donationDate: string;
}

type RequestJson = [string, string, DonationStatus, string | null, BloodGroup, BloodComponent, number, number, string];
type MatchJson = [string, string, string | null, BloodGroup, number | null, number, number, number | null, string | null];

/**
 * The request, its ranking (requester and pledged donors left out; eligible on the request's day,
 * or today if that has passed: $3) cut at $4, and the page of it ($5, $6) with the donors' names,
 * pictures and distances: one statement, one round trip.
 */
const MATCHES_SQL = `
WITH req AS (
  SELECT r.id, r.requester_id, r.status, r.donor_id, r.blood_group, r.component, r.district_id, r.upazila_id, r.donation_date,
         ARRAY(SELECT p.donor_id FROM donation_pledges p WHERE p.request_id = r.id) AS pledged,
         $2::jsonb -> (r.blood_group || ' ' || r.component) AS tiers
  FROM donation_requests r WHERE r.id = $1::uuid
), ranked AS MATERIALIZED (
  SELECT d.* FROM req CROSS JOIN LATERAL ranked_donors(
    ARRAY(SELECT jsonb_array_elements_text(req.tiers -> 0)), ARRAY(SELECT jsonb_array_elements_text(req.tiers -> 1)),
    req.district_id, req.upazila_id, greatest(req.donation_date, $3::date), req.requester_id || req.pledged, $4
  ) WITH ORDINALITY AS d(seg, id, blood_group, district_id, upazila_id, next_eligible_date, ord)
)
SELECT json_build_array(req.id, req.requester_id, req.status, req.donor_id, req.blood_group, req.component, req.district_id, req.upazila_id, req.donation_date) AS request,
  (SELECT count(*)::int FROM ranked) AS total,
  COALESCE((
    SELECT json_agg(json_build_array(k.id, u.name, u.image, k.blood_group, u.division_id, k.district_id, k.upazila_id, dd.km, k.next_eligible_date) ORDER BY k.ord)
    FROM (SELECT * FROM ranked ORDER BY ord OFFSET $5 LIMIT $6) k
    JOIN users u ON u.id = k.id
    LEFT JOIN district_distances dd ON dd.from_district = req.district_id AND dd.to_district = k.district_id
  ), '[]') AS rows
FROM req`;

/**
 * The request `id`, and a page of its best MATCH_LIMIT matches with how many there are (up to
 * MATCH_LIMIT); undefined when there is no such request. `today`: YYYY-MM-DD in Dhaka.
 */
export async function findMatches(
  db: Db,
  locations: LocationIndex,
  id: string,
  today: string,
  p: Pagination,
): Promise<{ request: MatchRequest; rows: Match[]; total: number } | undefined> {
  const { rows } = await db.$client.query<{ request: RequestJson; total: number; rows: MatchJson[] }>({
    name: 'matches',
    text: MATCHES_SQL,
    values: [id, TIERS_JSON, today, MATCH_LIMIT, (p.page - 1) * p.limit, p.limit],
  });
  const found = rows[0];
  if (!found) return undefined;
  const [requestId, requesterId, status, donorId, bloodGroup, component, districtId, upazilaId, donationDate] = found.request;
  return {
    request: { id: requestId, requesterId, status, donorId, bloodGroup, component, districtId, upazilaId, donationDate },
    total: found.total,
    rows: found.rows.map(([donor, name, image, group, divisionId, donorDistrict, donorUpazila, km, nextEligibleDate]) => ({
      _id: donor,
      name,
      avatar: image,
      blood_group: group,
      district: locations.districtName(donorDistrict) ?? '',
      upazila: locations.upazilaName(donorUpazila) ?? '',
      divisionId: String(divisionId ?? ''),
      districtId: String(donorDistrict),
      upazilaId: String(donorUpazila),
      distanceKm: Math.round(km ?? 0),
      nextEligibleDate,
    })),
  };
}

/** What outreach's wave ranks: the request, and the day its donors must be eligible on. */
export interface OutreachTarget {
  id: string;
  requesterId: string;
  bloodGroup: BloodGroup;
  component: BloodComponent;
  districtId: number;
  upazilaId: number;
  /** YYYY-MM-DD. */
  eligibleOn: string;
}

/** Who outreach may alert now. */
export interface OutreachFilter {
  now: Date;
  ignoreQuietHours: boolean;
  /** Minute of the Dhaka day. */
  minuteOfDay: number;
  requireVerifiedEmail: boolean;
  /** REPORTS_TO_HIDE: alerts about hidden requests do not count toward the weekly cap (issue 30). */
  reportsToHide: number;
}

/**
 * How far down the ranking one wave looks: about the donors of a few districts at a million
 * donors. At night, when nearly everyone is in their quiet hours, a normal request's wave finds
 * few or none within it and tries again at the next wave's time; a critical request ignores
 * quiet hours.
 */
const OUTREACH_MAX_VISITS = 20_000;

const OUTREACH_SQL = `
SELECT seg, id, blood_group, district_id, upazila_id, next_eligible_date::text AS next_eligible_date
FROM ranked_donors($1::text[], $2::text[], $3::int, $4::int, $5::date, $6::text[], $7::int, $8::uuid, $9::int, $10::int, $11::boolean, $12::timestamptz, $13::int)
  WITH ORDINALITY AS d(seg, id, blood_group, district_id, upazila_id, next_eligible_date, ord)
ORDER BY ord`;

/**
 * Outreach's next wave (issue 15): the best `limit` donors of the matching ranking that it may
 * alert now (awake, confirmed where mail is on, not pledged, alerted or answered for this
 * request, under their weekly cap), best first: one statement.
 */
export async function rankForOutreach(db: Db, target: OutreachTarget, limit: number, outreach: OutreachFilter): Promise<MatchRow[]> {
  const [first = [], other = []] = groupTiers(target.bloodGroup, target.component);
  const { rows } = await db.$client.query<MatchRow>({
    name: 'outreach_ranking',
    text: OUTREACH_SQL,
    values: [
      first,
      other,
      target.districtId,
      target.upazilaId,
      target.eligibleOn,
      [target.requesterId],
      limit,
      target.id,
      OUTREACH_MAX_VISITS,
      outreach.ignoreQuietHours ? null : outreach.minuteOfDay,
      outreach.requireVerifiedEmail,
      outreach.now,
      outreach.reportsToHide,
    ],
  });
  return rows;
}
