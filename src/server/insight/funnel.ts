import { sql } from 'drizzle-orm';
import type { Funnel, FunnelQuery, FunnelWeek } from '../../shared/insight/schemas';
import type { Db } from '../db/client';
import { requestsIn } from './service';

// The pledge funnel (issue 33, GET /admin-stats/funnel): for the requests created in the range
// (Dhaka days, weeks from Monday, the same range and filters as the charts), per week and in all,
// how many alerts went out, how many donors said yes, came, and gave; the show rate; and the times
// from a request to its first pledge and to the pledge that covered its last unit. One aggregate
// query: the range's requests from insight_requests (by its week index), their alerts, answers and
// pledges by their request's index.

type Row = {
  start: string | null;
  requests: number | null;
  alerted: number | null;
  accepted: number | null;
  arrived: number | null;
  donated: number | null;
  outcomes: number | null;
  first_median: number | null;
  first_p90: number | null;
  last_median: number | null;
  last_p90: number | null;
};

const minutes = (v: number | null) => (v === null ? null : Math.round(Number(v) * 10) / 10);
function countsOf(row: Row | undefined): Omit<FunnelWeek, 'start'> {
  const donated = Number(row?.donated ?? 0);
  const outcomes = Number(row?.outcomes ?? 0);
  return {
    requests: Number(row?.requests ?? 0),
    alerted: Number(row?.alerted ?? 0),
    accepted: Number(row?.accepted ?? 0),
    arrived: Number(row?.arrived ?? 0),
    donated,
    outcomes,
    showRate: outcomes === 0 ? null : Math.round((donated / outcomes) * 1000) / 1000,
    firstPledgeMedianMinutes: minutes(row?.first_median ?? null),
    firstPledgeP90Minutes: minutes(row?.first_p90 ?? null),
    lastUnitMedianMinutes: minutes(row?.last_median ?? null),
    lastUnitP90Minutes: minutes(row?.last_p90 ?? null),
  };
}

export async function funnel(db: Db, q: FunnelQuery): Promise<Funnel> {
  const { rows } = await db.execute<Row>(sql`
    WITH r AS (
      SELECT r.request_id, r.week, r.created_at FROM insight_requests r WHERE ${requestsIn(q, 'week')}
    ), per AS (
      SELECT r.week,
             (SELECT count(*) FROM notifications n WHERE n.request_id = r.request_id AND n.kind = 'alert') AS alerted,
             (SELECT count(*) FROM outreach_answers a WHERE a.request_id = r.request_id AND a.answer = 'accept') AS accepted,
             p.arrived, p.donated, p.outcomes,
             extract(epoch FROM p.first_at - r.created_at) / 60 AS first_wait,
             extract(epoch FROM l.covered_at - r.created_at) / 60 AS last_wait
      FROM r
      CROSS JOIN LATERAL (
        SELECT count(*) FILTER (WHERE p.state IN ('arrived', 'donated', 'deferred')) AS arrived,
               count(*) FILTER (WHERE p.state = 'donated' AND p.disputed_at IS NULL) AS donated,
               count(*) FILTER (WHERE p.state IN ('donated', 'no_show', 'deferred')) AS outcomes,
               min(p.pledged_at) AS first_at
        FROM donation_pledges p WHERE p.request_id = r.request_id
      ) p
      -- The pledge that covered the last unit: the units_needed-th of those that kept their unit.
      LEFT JOIN LATERAL (
        SELECT k.pledged_at AS covered_at FROM donation_requests d
        CROSS JOIN LATERAL (
          SELECT p.pledged_at FROM donation_pledges p
          WHERE p.request_id = d.id AND p.state NOT IN ('no_show', 'deferred')
          ORDER BY p.pledged_at OFFSET d.units_needed - 1 LIMIT 1
        ) k
        WHERE d.id = r.request_id
      ) l ON true
    ), a AS (
      SELECT week AS start, count(*)::int AS requests, sum(alerted)::int AS alerted, sum(accepted)::int AS accepted,
             sum(arrived)::int AS arrived, sum(donated)::int AS donated, sum(outcomes)::int AS outcomes,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY first_wait) AS first_median,
             percentile_cont(0.9) WITHIN GROUP (ORDER BY first_wait) AS first_p90,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY last_wait) AS last_median,
             percentile_cont(0.9) WITHIN GROUP (ORDER BY last_wait) AS last_p90,
             GROUPING(week) AS is_total
      FROM per GROUP BY GROUPING SETS ((week), ())
    )
    SELECT b.start::date::text AS start, a.requests, a.alerted, a.accepted, a.arrived, a.donated, a.outcomes, a.first_median, a.first_p90, a.last_median, a.last_p90
    FROM generate_series(date_trunc('week', ${q.from}::timestamp), date_trunc('week', ${q.to}::timestamp), '1 week'::interval) AS b(start)
    LEFT JOIN a ON a.start = b.start::date AND a.is_total = 0
    UNION ALL
    SELECT NULL, requests, alerted, accepted, arrived, donated, outcomes, first_median, first_p90, last_median, last_p90 FROM a WHERE is_total = 1
    ORDER BY 1 NULLS LAST`);
  const weeks = rows.filter((row) => row.start !== null).map((row) => ({ start: row.start as string, ...countsOf(row) }));
  return { from: q.from, to: q.to, weeks, totals: countsOf(rows.find((row) => row.start === null)) };
}
