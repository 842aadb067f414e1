import { useMemo, useRef } from 'react';
import { INSIGHT_TEXTS, PLEDGE_WITHIN_MINUTES } from '../../shared/insight-rules';
import type { InsightSeries, SeriesPoint } from '../../shared/insight';
import { ChartCard, DataTable, hours, percent } from './data-table';
import { periodLabel } from './requests-chart';
import { axes, padded, secondsOf, themeColor, type uPlot, useUplot } from './use-uplot';

const WITHIN_FIELD = { 60: 'within1h', 360: 'within6h', 1440: 'within24h' } as const;
const share = (p: Pick<SeriesPoint, 'total' | 'within1h' | 'within6h' | 'within24h'>, minutes: (typeof PLEDGE_WITHIN_MINUTES)[number]) =>
  p.total ? percent.format(p[WITHIN_FIELD[minutes]] / p.total) : INSIGHT_TEXTS.none;

/** Median and 90th percentile hours to the first pledge per period; the shares pledged within 1, 6 and 24 hours. */
export function PledgeChart({ series }: { series: InsightSeries }) {
  const ref = useRef<HTMLDivElement>(null);
  const data = useMemo<uPlot.AlignedData>(
    () => [
      series.points.map((p) => secondsOf(p.start)),
      series.points.map((p) => (p.medianMinutes === null ? null : p.medianMinutes / 60)),
      series.points.map((p) => (p.p90Minutes === null ? null : p.p90Minutes / 60)),
    ],
    [series],
  );
  useUplot(
    ref,
    () => ({
      legend: { show: false },
      cursor: { show: false },
      scales: { x: { time: true, range: padded(series.bucket) }, y: { range: (_u, _min, max) => [0, Math.max(1, Math.ceil((max || 1) * 1.1))] } },
      axes: axes(INSIGHT_TEXTS.hours),
      series: [
        {},
        { label: INSIGHT_TEXTS.median, stroke: themeColor('primary'), width: 2.5, points: { show: true, size: 6 }, spanGaps: false },
        { label: INSIGHT_TEXTS.p90, stroke: themeColor('base-content', 0.6), width: 2, dash: [6, 4], points: { show: true, size: 5 }, spanGaps: false },
      ],
    }),
    data,
  );
  return (
    <ChartCard id="insight-pledge" title={INSIGHT_TEXTS.pledgeTitle} caption={INSIGHT_TEXTS.pledgeCaption}>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-center">
        {PLEDGE_WITHIN_MINUTES.map((m) => (
          <div key={m} className="rounded-box bg-base-200 px-2 py-2">
            <dt className="text-xs text-base-content/80">{INSIGHT_TEXTS.within(INSIGHT_TEXTS.withinLabels[m])}</dt>
            <dd className="text-xl font-bold tabular-nums">{share(series.totals, m)}</dd>
          </div>
        ))}
      </dl>
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-hidden="true">
        <li className="flex items-center gap-1.5">
          <span className="inline-block h-0.5 w-5 bg-primary" />
          {INSIGHT_TEXTS.median}
        </li>
        <li className="flex items-center gap-1.5">
          <span className="inline-block w-5 border-t-2 border-dashed border-base-content/60" />
          {INSIGHT_TEXTS.p90}
        </li>
      </ul>
      <div ref={ref} className="mt-2 w-full" role="img" aria-label={`${INSIGHT_TEXTS.pledgeTitle}: ${INSIGHT_TEXTS.median} ${hours(series.totals.medianMinutes)} ${INSIGHT_TEXTS.hours}`} />
      <DataTable
        caption={INSIGHT_TEXTS.pledgeCaption}
        headers={[INSIGHT_TEXTS.period, `${INSIGHT_TEXTS.median} (${INSIGHT_TEXTS.hours})`, `${INSIGHT_TEXTS.p90} (${INSIGHT_TEXTS.hours})`, ...PLEDGE_WITHIN_MINUTES.map((m) => INSIGHT_TEXTS.within(INSIGHT_TEXTS.withinLabels[m]))]}
        rows={[
          ...series.points.map((p) => [periodLabel(p.start, series.bucket), hours(p.medianMinutes), hours(p.p90Minutes), ...PLEDGE_WITHIN_MINUTES.map((m) => share(p, m))]),
          [INSIGHT_TEXTS.total, hours(series.totals.medianMinutes), hours(series.totals.p90Minutes), ...PLEDGE_WITHIN_MINUTES.map((m) => share(series.totals, m))],
        ]}
      />
    </ChartCard>
  );
}
