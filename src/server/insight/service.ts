import { type SQL, sql } from 'drizzle-orm';
import { BLOOD_GROUPS } from '../../shared/matching/model';
import { todayInDhaka } from '../../shared/dates/model';
import type { BreakdownRow, InsightBreakdown, InsightBreakdownQuery, InsightSeries, InsightSeriesQuery, SeriesPoint } from '../../shared/insight/schemas';
import type { Db } from '../db/client';
import { districts } from '../db/schema/locations';
import { notFound } from '../errors';
import type { LocationIndex } from '../locations/service';
import { INSIGHT_MESSAGES } from '../../shared/insight/texts';

// The admin home's figures (issue 18), each one aggregate query: the rows never leave PostgreSQL.
// Days are Dhaka days: a range [from, to] holds the requests created from `from` 00:00 to the end
// of `to`, Asia/Dhaka; weeks start on Monday.

type Filter = Pick<InsightSeriesQuery, 'from' | 'to' | 'bloodGroup' | 'division'>;

/**
 * The range's requests in insight_requests (their Dhaka day, kept by triggers: decision 047): the
 * range [from, to] is every request whose Dhaka day lies in it, as it was with created_at's
 * instants. The period's bounds repeat it for the index (week or month, then the wait) to read
 * only the range.
 */
export function requestsIn(q: Filter, bucket: 'week' | 'month'): SQL {
  const period = sql.raw(`r.${bucket}`);
  const parts = [
    sql`${period} >= date_trunc(${sql.raw(`'${bucket}'`)}, ${q.from}::timestamp)::date`,
    sql`${period} <= ${q.to}::date`,
    sql`r.day >= ${q.from}::date`,
    sql`r.day <= ${q.to}::date`,
  ];
  if (q.bloodGroup) parts.push(sql`r.blood_group = ${q.bloodGroup}`);
  if (q.division !== undefined) parts.push(sql`r.division_id = ${q.division}`);
  return sql.join(parts, sql` AND `);
}

/** A missing division is a 404, not an empty chart. */
export function checkDivision(locations: LocationIndex, division: number | undefined) {
  if (division !== undefined && locations.divisionName(division) === null) throw notFound(INSIGHT_MESSAGES.noDivision);
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
 * period of the range (empty ones included), and the totals, from one index-only pass over the
 * range's rows in insight_requests, read in period order (GROUPING SETS: each period, and the whole
 * range), the periods joined after aggregating.
 */
export async function series(db: Db, q: InsightSeriesQuery): Promise<InsightSeries> {
  const unit = sql.raw(`'${q.bucket}'`);
  const period = sql.raw(`r.${q.bucket}`);
  const { rows } = await db.execute<CountsRow>(sql`
    WITH a AS (
      SELECT ${period} AS start,
             count(*)::int AS total,
             count(*) FILTER (WHERE r.status = 'done')::int AS done,
             count(*) FILTER (WHERE r.status = 'inprogress')::int AS inprogress,
             count(*) FILTER (WHERE r.status = 'canceled')::int AS canceled,
             count(*) FILTER (WHERE r.status = 'pending' AND r.needed_by <= now())::int AS expired,
             count(*) FILTER (WHERE r.status = 'pending' AND r.needed_by > now())::int AS pending,
             count(r.wait_minutes)::int AS pledged,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY r.wait_minutes) AS median,
             percentile_cont(0.9) WITHIN GROUP (ORDER BY r.wait_minutes) AS p90,
             count(*) FILTER (WHERE r.wait_minutes <= 60)::int AS "within1h",
             count(*) FILTER (WHERE r.wait_minutes <= 360)::int AS "within6h",
             count(*) FILTER (WHERE r.wait_minutes <= 1440)::int AS "within24h",
             GROUPING(${period}) AS is_total
      FROM insight_requests r
      WHERE ${requestsIn(q, q.bucket)}
      GROUP BY GROUPING SETS ((${period}), ())
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

/**
 * Eligible donors today by district and group (at most 64 x 8 rows), from the summaries the
 * triggers keep (decision 047): the matchable donors of each district and group, less those whose
 * next eligible day is after today. The same figure as counting users with eligibleDonorSql(today).
 */
export type DonorCounts = { districtId: number; bloodGroup: string; n: number }[];
export async function eligibleDonorCounts(db: Db): Promise<DonorCounts> {
  const day = todayInDhaka();
  const { rows } = await db.execute<{ district_id: number; blood_group: string; n: number }>(sql`
    SELECT c.district_id, c.blood_group, (c.n - coalesce(w.n, 0))::int AS n
    FROM insight_donor_counts c
    LEFT JOIN (SELECT district_id, blood_group, sum(n) AS n FROM insight_donor_waits WHERE next_eligible_date > ${day}::date GROUP BY 1, 2) w
      ON w.district_id = c.district_id AND w.blood_group = c.blood_group
    WHERE c.n - coalesce(w.n, 0) > 0`);
  return rows.map((r) => ({ districtId: r.district_id, bloodGroup: r.blood_group, n: r.n }));
}

type RequestCountRow = {
  key: string;
  requests: number;
  unanswered: number;
};

/** Requests and unanswered ones per blood group or district in the range, next to the eligible donors. */
export async function breakdown(db: Db, q: InsightBreakdownQuery): Promise<InsightBreakdown> {
  const key = sql.raw(q.by === 'bloodGroup' ? 'r.blood_group' : 'r.district_id');
  const [{ rows }, donorCounts, places] = await Promise.all([
    db.execute<RequestCountRow>(sql`
      SELECT ${key}::text AS key, count(*)::int AS requests, count(*) FILTER (WHERE r.wait_minutes IS NULL)::int AS unanswered
      FROM insight_requests r
      WHERE ${requestsIn(q, 'week')}
      GROUP BY ${key}`),
    eligibleDonorCounts(db),
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
