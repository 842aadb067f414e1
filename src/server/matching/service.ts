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

/** The request, its ranking and the page of it: request_matches (db/functions/request_matches.sql), one round trip. */
const MATCHES_SQL = `SELECT request, total, rows FROM request_matches($1::uuid, $2::jsonb, $3::date, $4::int, $5::int, $6::int)`;

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
