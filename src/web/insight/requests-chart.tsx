import { useMemo, useRef } from 'react';
import { type Bucket, INSIGHT_TEXTS, OUTCOMES, type Outcome } from '../../shared/insight-rules';
import type { InsightSeries } from '../../shared/insight';
import { ChartCard, DataTable, number } from './data-table';
import { axes, padded, secondsOf, themeColor, uPlot, useUplot } from './use-uplot';

/** Each outcome's colour: a daisyUI theme colour, so both themes have their own. */
export const OUTCOME_COLORS: Record<Outcome, string> = { done: 'success', inprogress: 'info', canceled: 'base-content', expired: 'warning', pending: 'primary' };
/** Canceled is the text colour at half strength on the card (opaque: the stacks are drawn over each other): grey in both themes. */
const ALPHA: Partial<Record<Outcome, number>> = { canceled: 0.5 };
const swatch = (o: Outcome) => `color-mix(in oklch, var(--color-${OUTCOME_COLORS[o]}) ${(ALPHA[o] ?? 1) * 100}%, var(--color-base-100))`;

export const periodLabel = (start: string, bucket: Bucket) =>
  new Date(`${start}T00:00:00Z`).toLocaleDateString('en-GB', bucket === 'week' ? { day: 'numeric', month: 'short', timeZone: 'UTC' } : { month: 'short', year: 'numeric', timeZone: 'UTC' });

function Legend() {
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-hidden="true">
      {OUTCOMES.map((o) => (
        <li key={o} className="flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm" style={{ background: swatch(o) }} />
          {INSIGHT_TEXTS.outcomes[o]}
        </li>
      ))}
    </ul>
  );
}

/** Requests per period stacked by outcome (done at the bottom): each series is drawn as the stack up to it, top first. */
export function RequestsChart({ series }: { series: InsightSeries }) {
  const ref = useRef<HTMLDivElement>(null);
  const top = [...OUTCOMES].reverse();
  const data = useMemo<uPlot.AlignedData>(() => {
    const x = series.points.map((p) => secondsOf(p.start));
    const stacks = top.map((_, i) => series.points.map((p) => top.slice(i).reduce((n, o) => n + p[o], 0)));
    return [x, ...stacks];
    // top is a constant order.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [series]);
  useUplot(
    ref,
    () => ({
      legend: { show: false },
      cursor: { show: false },
      scales: { x: { time: true, range: padded(series.bucket) }, y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] } },
      axes: axes(INSIGHT_TEXTS.requests, (v) => number.format(v)),
      series: [{}, ...top.map((o) => ({ label: INSIGHT_TEXTS.outcomes[o], fill: themeColor(OUTCOME_COLORS[o], ALPHA[o], 'base-100'), stroke: themeColor(OUTCOME_COLORS[o], ALPHA[o], 'base-100'), width: 0, paths: uPlot.paths.bars!({ size: [0.7, 48] }), points: { show: false } }))],
    }),
    data,
  );
  return (
    <ChartCard id="insight-requests" title={INSIGHT_TEXTS.requestsTitle} caption={INSIGHT_TEXTS.requestsCaption}>
      <Legend />
      <div ref={ref} className="mt-2 w-full" role="img" aria-label={`${INSIGHT_TEXTS.requestsTitle}: ${number.format(series.totals.total)} ${INSIGHT_TEXTS.requests.toLowerCase()}`} />
      <DataTable
        caption={INSIGHT_TEXTS.requestsCaption}
        headers={[INSIGHT_TEXTS.period, ...OUTCOMES.map((o) => INSIGHT_TEXTS.outcomes[o]), INSIGHT_TEXTS.total]}
        rows={[
          ...series.points.map((p) => [periodLabel(p.start, series.bucket), ...OUTCOMES.map((o) => number.format(p[o])), number.format(p.total)]),
          [INSIGHT_TEXTS.total, ...OUTCOMES.map((o) => number.format(series.totals[o])), number.format(series.totals.total)],
        ]}
      />
    </ChartCard>
  );
}
