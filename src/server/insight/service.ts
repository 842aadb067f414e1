import { type SQL, sql } from 'drizzle-orm';
import { BLOOD_GROUPS } from '../../shared/blood-groups';
import { todayInDhaka } from '../../shared/donation-requests';
import type { BreakdownRow, InsightBreakdown, InsightBreakdownQuery, InsightSeries, InsightSeriesQuery, SeriesPoint } from '../../shared/insight';
import type { Db } from '../db/client';
import { districts, users } from '../db/schema';
import { notFound } from '../errors';
import type { LocationIndex } from '../locations/service';
import { eligibleDonorSql } from '../matching';
import type { TtlCache } from '../lib/ttl-cache';

// The admin home's figures (issue 18), each one aggregate query: the rows never leave PostgreSQL.
// Days are Dhaka days: a range [from, to] holds the requests created from `from` 00:00 to the end
// of `to`, Asia/Dhaka; weeks start on Monday.

const DHAKA = sql.raw(`'Asia/Dhaka'`);

type Filter = Pick<InsightSeriesQuery, 'from' | 'to' | 'bloodGroup' | 'division'>;

/** The range's bounds as instants, and the requests' conditions. */
function requestsIn(q: Filter): { lo: SQL; where: SQL } {
  const lo = sql`((${q.from}::date)::timestamp AT TIME ZONE ${DHAKA})`;
  const hi = sql`((${q.to}::date + 1)::timestamp AT TIME ZONE ${DHAKA})`;
  const parts = [sql`r.created_at >= ${lo}`, sql`r.created_at < ${hi}`];
  if (q.bloodGroup) parts.push(sql`r.blood_group = ${q.bloodGroup}`);
  if (q.division !== undefined) parts.push(sql`r.division_id = ${q.division}`);
  return { lo, where: sql.join(parts, sql` AND `) };
}

/** A missing division is a 404, not an empty chart. */
export function checkDivision(locations: LocationIndex, division: number | undefined) {
  if (division !== undefined && locations.divisionName(division) === null) throw notFound('No division with this id');
}

/** A period's row; its counts are null when it had no requests. */
type CountsRow = {
  start: string | null;
  total: number | null;
  done: number | null;
  inprogress: number | null;
  canceled: number | null;
  expired: number | null;
  pending: number | null;
  pledged: number | null;
  median: number | null;
  p90: number | null;
  within1h: number | null;
  within6h: number | null;
  within24h: number | null;
};

const round = (v: number | null) => (v === null ? null : Math.round(Number(v) * 10) / 10);
const pointOf = (row: CountsRow): Omit<SeriesPoint, 'start'> => ({
  total: Number(row.total),
  done: Number(row.done),
  inprogress: Number(row.inprogress),
  canceled: Number(row.canceled),
  expired: Number(row.expired),
  pending: Number(row.pending),
  pledged: Number(row.pledged),
  medianMinutes: round(row.median),
  p90Minutes: round(row.p90),
  within1h: Number(row.within1h),
  within6h: Number(row.within6h),
  within24h: Number(row.within24h),
});

/**
 * Requests per period by how they stand now, and the time to their first pledge: one point per
 * period of the range (empty ones included), and the totals, from one scan (GROUPING SETS), the
 * periods joined after aggregating.
 */
export async function series(db: Db, q: InsightSeriesQuery): Promise<InsightSeries> {
  const unit = sql.raw(`'${q.bucket}'`);
  const { lo, where } = requestsIn(q);
  const { rows } = await db.execute<CountsRow>(sql`
    WITH r AS (
      SELECT date_trunc(${unit}, r.created_at AT TIME ZONE ${DHAKA})::date AS start,
             CASE WHEN r.status = 'pending' AND r.needed_by <= now() THEN 'expired' ELSE r.status END AS outcome,
             extract(epoch FROM (p.first - r.created_at)) / 60 AS wait
      FROM donation_requests r
      LEFT JOIN (SELECT request_id, min(pledged_at) AS first FROM donation_pledges WHERE pledged_at >= ${lo} GROUP BY request_id) p
        ON p.request_id = r.id
      WHERE ${where}
    ), a AS (
      -- Aggregated before the periods are joined: the join then has a row per period, not per request.
      SELECT r.start,
             count(*)::int AS total,
             count(*) FILTER (WHERE r.outcome = 'done')::int AS done,
             count(*) FILTER (WHERE r.outcome = 'inprogress')::int AS inprogress,
             count(*) FILTER (WHERE r.outcome = 'canceled')::int AS canceled,
             count(*) FILTER (WHERE r.outcome = 'expired')::int AS expired,
             count(*) FILTER (WHERE r.outcome = 'pending')::int AS pending,
             count(r.wait)::int AS pledged,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY r.wait) AS median,
             percentile_cont(0.9) WITHIN GROUP (ORDER BY r.wait) AS p90,
             count(*) FILTER (WHERE r.wait <= 60)::int AS "within1h",
             count(*) FILTER (WHERE r.wait <= 360)::int AS "within6h",
             count(*) FILTER (WHERE r.wait <= 1440)::int AS "within24h",
             GROUPING(r.start) AS is_total
      FROM r
      GROUP BY GROUPING SETS ((r.start), ())
    )
    SELECT b.start::date::text AS start, a.total, a.done, a.inprogress, a.canceled, a.expired, a.pending, a.pledged, a.median, a.p90,
           a."within1h", a."within6h", a."within24h"
    FROM generate_series(date_trunc(${unit}, ${q.from}::timestamp), date_trunc(${unit}, ${q.to}::timestamp), ('1 ' || ${unit})::interval) AS b(start)
    LEFT JOIN a ON a.start = b.start::date AND a.is_total = 0
    UNION ALL
    SELECT NULL, total, done, inprogress, canceled, expired, pending, pledged, median, p90, "within1h", "within6h", "within24h" FROM a WHERE is_total = 1
    ORDER BY 1 NULLS LAST`);
  const totals = rows.find((row) => row.start === null);
  const points = rows.filter((row) => row.start !== null).map((row) => ({ start: row.start as string, ...pointOf(row) }));
  return { bucket: q.bucket, from: q.from, to: q.to, points, totals: pointOf(totals!) };
}

/** Eligible donors today by district and group (at most 64 x 8 rows): cached briefly, a count over every donor. */
export type DonorCounts = { districtId: number; bloodGroup: string; n: number }[];
export function eligibleDonorCounts(db: Db, cache: TtlCache<DonorCounts>): Promise<DonorCounts> {
  const day = todayInDhaka();
  return cache.get(day, async () => {
    const rows = await db
      .select({ districtId: users.districtId, bloodGroup: users.bloodGroup, n: sql<number>`count(*)::int` })
      .from(users)
      .where(eligibleDonorSql(day))
      .groupBy(users.districtId, users.bloodGroup);
    return rows.flatMap((r) => (r.districtId !== null && r.bloodGroup !== null ? [{ districtId: r.districtId, bloodGroup: r.bloodGroup, n: r.n }] : []));
  });
}

type RequestCountRow = {
  key: string;
  requests: number;
  unanswered: number;
};

/** Requests and unanswered ones per blood group or district in the range, next to the eligible donors. */
export async function breakdown(db: Db, donorCounts: DonorCounts, q: InsightBreakdownQuery): Promise<InsightBreakdown> {
  const { lo, where } = requestsIn(q);
  const key = q.by === 'bloodGroup' ? sql.raw('r.blood_group') : sql.raw('r.district_id::text');
  const [{ rows }, places] = await Promise.all([
    db.execute<RequestCountRow>(sql`
      SELECT ${key} AS key, count(*)::int AS requests,
             count(*) FILTER (WHERE r.id NOT IN (SELECT request_id FROM donation_pledges WHERE pledged_at >= ${lo}))::int AS unanswered
      FROM donation_requests r
      WHERE ${where}
      GROUP BY 1`),
    db.select().from(districts).orderBy(districts.id),
  ]);
  const counted = new Map(rows.map((row) => [row.key, row]));
  const divisionOf = new Map(places.map((d) => [d.id, d.divisionId]));
  const donors = donorCounts.filter((d) => (!q.bloodGroup || d.bloodGroup === q.bloodGroup) && (q.division === undefined || divisionOf.get(d.districtId) === q.division));
  const sum = (pick: (d: DonorCounts[number]) => boolean) => donors.reduce((n, d) => (pick(d) ? n + d.n : n), 0);
  const row = (k: string, fields: Omit<BreakdownRow, 'key' | 'requests' | 'unanswered' | 'eligibleDonors'>, eligibleDonors: number): BreakdownRow => ({
    key: k,
    ...fields,
    requests: counted.get(k)?.requests ?? 0,
    unanswered: counted.get(k)?.unanswered ?? 0,
    eligibleDonors,
  });
  const out =
    q.by === 'bloodGroup'
      ? BLOOD_GROUPS.filter((g) => !q.bloodGroup || g === q.bloodGroup).map((g) =>
          row(g, { name: g, bnName: null, divisionId: null, lat: null, lon: null }, sum((d) => d.bloodGroup === g)),
        )
      : places
          .filter((d) => q.division === undefined || d.divisionId === q.division)
          .map((d) => row(String(d.id), { name: d.name, bnName: d.bnName, divisionId: d.divisionId, lat: d.lat, lon: d.lon }, sum((c) => c.districtId === d.id)));
  return { by: q.by, from: q.from, to: q.to, rows: out };
}
