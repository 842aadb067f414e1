import type { BloodGroup } from '../../shared/blood-groups';
import type { BloodComponent } from '../../shared/compatibility';
import type { Match } from '../../shared/donation-requests';
import type { Pagination } from '../../shared/pagination';
import type { Db } from '../db/client';
import type { DistrictDistance, LocationIndex } from '../locations/service';
import type { DonorIndex } from './donor-index';
import { dayNumber, type DonorTable, groupTiers } from './donor-table';

// Matching donors for a request (decision 032). The order is a series of segments: the identical
// group before the merely compatible ones; within each, the request's upazila, the rest of its
// district, then every other district by distance; within a segment, who gave longest ago first
// (never first), then by id. The matches endpoint and outreach's waves walk it in the donor index
// in memory (decisions 051 and 053); a wave then keeps, in one statement, those it may alert now.

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
 * Of outreach's candidates (ids, best first; eligible, verified if need be and outside their quiet
 * hours by the donor index), those it may alert now, in the same order: not pledged, not already
 * alerted about this request, no answer to it yet, under their weekly cap ($3: now), still active
 * and available. The wave's transaction checks status and cap again as it inserts (waves.ts).
 */
const OUTREACH_FILTER_SQL = `
SELECT c.id FROM unnest($1::text[]) WITH ORDINALITY AS c(id, ord)
JOIN users u ON u.id = c.id
WHERE u.status = 'active' AND u.available
  AND NOT EXISTS (SELECT 1 FROM donation_pledges p WHERE p.request_id = $2::uuid AND p.donor_id = u.id)
  AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.request_id = $2::uuid AND n.user_id = u.id AND n.kind = 'alert')
  AND NOT EXISTS (SELECT 1 FROM outreach_answers a WHERE a.request_id = $2::uuid AND a.user_id = u.id)
  AND u.max_alerts_per_week > alerts_toward_weekly_cap(u.id, $3::timestamptz, $4::int)
ORDER BY c.ord`;

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

/** Candidates sent to OUTREACH_FILTER_SQL at once: a few waves' worth, so that donors already alerted are passed in one or two rounds. */
const OUTREACH_CHUNK_WAVES = 4;
/**
 * How far down the ranking one wave looks: about the donors of a few districts at a million
 * donors, a millisecond or two of walking. At night, when nearly everyone is in their quiet hours,
 * a normal request's wave finds few or none within it and tries again at the next wave's time;
 * a critical request ignores quiet hours.
 */
const OUTREACH_MAX_VISITS = 20_000;

/**
 * Outreach's next wave (issue 15): the best `limit` donors of the matching ranking (the donor
 * index, as the matches list) that it may alert now. The ranking is walked once, in chunks; each
 * chunk is filtered by one prepared statement (OUTREACH_FILTER_SQL) that keeps its order.
 */
export async function rankForOutreach(
  db: Db,
  donors: DonorIndex,
  locations: LocationIndex,
  target: MatchTarget,
  limit: number,
  outreach: OutreachFilter,
): Promise<MatchRow[]> {
  const { others } = nearestFirst(locations.districtsByDistance(target.districtId), target.districtId);
  const table = await donors.current();
  const ranking = table.walk({
    tiers: groupTiers(target.bloodGroup, target.component),
    districtId: target.districtId,
    upazilaId: target.upazilaId,
    otherDistricts: others,
    eligibleOn: dayNumber(target.eligibleOn),
    exclude: new Set([target.requesterId]),
    awakeAt: outreach.ignoreQuietHours ? undefined : outreach.minuteOfDay,
    verifiedOnly: outreach.requireVerifiedEmail,
    maxVisits: OUTREACH_MAX_VISITS,
  });
  const chunkSize = Math.max(limit * OUTREACH_CHUNK_WAVES, 50);
  const picked: MatchRow[] = [];
  // Another call's look may move donors in the lists while a chunk is filtered: never one twice.
  const seen = new Set<string>();
  let ended = false;
  while (picked.length < limit && !ended) {
    const chunk = [];
    while (chunk.length < chunkSize) {
      const step = ranking.next();
      if (step.done) {
        ended = true;
        break;
      }
      chunk.push(step.value);
    }
    if (chunk.length === 0) break;
    const { rows: allowed } = await db.$client.query<{ id: string }>({
      name: 'outreach_filter',
      text: OUTREACH_FILTER_SQL,
      values: [chunk.map((r) => r.id), target.id, outreach.now, outreach.reportsToHide],
    });
    const ok = new Set(allowed.map((r) => r.id));
    for (const r of chunk) {
      if (picked.length >= limit) break;
      if (ok.has(r.id) && !seen.has(r.id)) {
        seen.add(r.id);
        picked.push({ seg: r.seg, id: r.id, blood_group: r.bloodGroup, district_id: r.districtId, upazila_id: r.upazilaId, next_eligible_date: r.nextEligibleDate });
      }
    }
  }
  return picked;
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

/**
 * A page of the best MATCH_LIMIT matches, and how many there are (up to MATCH_LIMIT), from the
 * donor index (decision 051) as the caller's look answered it.
 */
export function findMatches(
  table: DonorTable,
  locations: LocationIndex,
  target: MatchTarget,
  pledged: readonly string[],
  p: Pagination,
): { rows: Match[]; total: number } {
  const { others, km } = nearestFirst(locations.districtsByDistance(target.districtId), target.districtId);
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
  const rows = page.map((r) => ({
    _id: r.id,
    name: r.name,
    avatar: r.image,
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
