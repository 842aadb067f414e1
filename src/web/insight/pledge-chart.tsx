import { PLEDGE_WITHIN_MINUTES } from '../../shared/insight/model';
import type { InsightSeries, SeriesPoint } from '../../shared/insight/schemas';
import { useMessages } from '../i18n';
import { ChartCard, DataTable, Legend } from './data-table';
import { type InsightFormats, useInsightFormats } from './format';
import { chartText, NONE } from './texts';
import { themeColor, useTimeChart } from './use-uplot';

const WITHIN_FIELD = { 60: 'within1h', 360: 'within6h', 1440: 'within24h' } as const;
const WITHIN_TEXT = { 60: 'within60', 360: 'within360', 1440: 'within1440' } as const;
const share = (f: InsightFormats, p: Pick<SeriesPoint, 'total' | 'within1h' | 'within6h' | 'within24h'>, minutes: (typeof PLEDGE_WITHIN_MINUTES)[number]) =>
  p.total ? f.percent(p[WITHIN_FIELD[minutes]] / p.total) : NONE;
const toHours = (minutes: number | null) => (minutes === null ? null : minutes / 60);
const lines = (points: SeriesPoint[]) => [points.map((p) => toHours(p.medianMinutes)), points.map((p) => toHours(p.p90Minutes))];

/** Median and 90th percentile hours to the first pledge per period; the shares pledged within 1, 6 and 24 hours. */
export function PledgeChart({ series }: { series: InsightSeries }) {
  const t = useMessages(chartText);
  const f = useInsightFormats();
  const ref = useTimeChart({
    points: series.points,
    bucket: series.bucket,
    columns: lines,
    yMax: (max) => Math.max(1, Math.ceil((max || 1) * 1.1)),
    yLabel: t.hours,
    yFormat: f.number,
    series: () => [
      { label: t.median, stroke: themeColor('primary'), width: 2.5, points: { show: true, size: 6 }, spanGaps: false },
      { label: t.p90, stroke: themeColor('base-content', 0.6), width: 2, dash: [6, 4], points: { show: true, size: 5 }, spanGaps: false },
    ],
  });
  return (
    <ChartCard id="insight-pledge" title={t.pledgeTitle} caption={t.pledgeCaption}>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-center">
        {PLEDGE_WITHIN_MINUTES.map((m) => (
          <div key={m} className="rounded-box bg-base-200 px-2 py-2">
            <dt className="text-xs text-base-content/80">{t[WITHIN_TEXT[m]]}</dt>
            <dd className="text-xl font-bold tabular-nums">{share(f, series.totals, m)}</dd>
          </div>
        ))}
      </dl>
      <Legend
        items={[
          { label: t.median, className: 'h-0.5 w-5 bg-primary' },
          { label: t.p90, className: 'w-5 border-t-2 border-dashed border-base-content/60' },
        ]}
      />
      <div ref={ref} className="mt-2 w-full" role="img" aria-label={`${t.pledgeTitle}: ${t.median} ${f.hours(series.totals.medianMinutes)} ${t.hours}`} />
      <DataTable
        caption={t.pledgeCaption}
        headers={[t.period, `${t.median} (${t.hours})`, `${t.p90} (${t.hours})`, ...PLEDGE_WITHIN_MINUTES.map((m) => t[WITHIN_TEXT[m]])]}
        rows={[
          ...series.points.map((p) => [f.period(p.start, series.bucket), f.hours(p.medianMinutes), f.hours(p.p90Minutes), ...PLEDGE_WITHIN_MINUTES.map((m) => share(f, p, m))]),
          [t.total, f.hours(series.totals.medianMinutes), f.hours(series.totals.p90Minutes), ...PLEDGE_WITHIN_MINUTES.map((m) => share(f, series.totals, m))],
        ]}
      />
    </ChartCard>
  );
}
