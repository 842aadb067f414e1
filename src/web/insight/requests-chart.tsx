import { OUTCOMES, type Outcome } from '../../shared/insight/model';
import type { InsightSeries, SeriesPoint } from '../../shared/insight/schemas';
import { useMessages } from '../i18n';
import { ChartCard, DataTable, Legend } from './data-table';
import { useInsightFormats } from './format';
import { chartText, outcomeText } from './texts';
import { themeColor, uPlot, useTimeChart } from './use-uplot';

/** Each outcome's colour: a daisyUI theme colour, so both themes have their own. */
export const OUTCOME_COLORS: Record<Outcome, string> = { done: 'success', inprogress: 'info', canceled: 'base-content', expired: 'warning', pending: 'primary' };
/** Canceled is the text colour at half strength on the card (opaque: the stacks are drawn over each other): grey in both themes. */
const ALPHA: Partial<Record<Outcome, number>> = { canceled: 0.5 };
const swatch = (o: Outcome) => `color-mix(in oklch, var(--color-${OUTCOME_COLORS[o]}) ${(ALPHA[o] ?? 1) * 100}%, var(--color-base-100))`;

/** Drawn top first: each series is the stack up to it. */
const TOP = [...OUTCOMES].reverse();
const stacks = (points: SeriesPoint[]) => TOP.map((_, i) => points.map((p) => TOP.slice(i).reduce((n, o) => n + p[o], 0)));

/** Requests per period stacked by outcome (done at the bottom). */
export function RequestsChart({ series }: { series: InsightSeries }) {
  const t = useMessages(chartText);
  const outcomes = useMessages(outcomeText);
  const f = useInsightFormats();
  const ref = useTimeChart({
    points: series.points,
    bucket: series.bucket,
    columns: stacks,
    yMax: (max) => Math.max(4, Math.ceil(max * 1.1)),
    yLabel: t.requests,
    yFormat: f.number,
    series: () =>
      TOP.map((o) => ({ label: outcomes[o], fill: themeColor(OUTCOME_COLORS[o], ALPHA[o], 'base-100'), stroke: themeColor(OUTCOME_COLORS[o], ALPHA[o], 'base-100'), width: 0, paths: uPlot.paths.bars!({ size: [0.7, 48] }), points: { show: false } })),
  });
  return (
    <ChartCard id="insight-requests" title={t.requestsTitle} caption={t.requestsCaption}>
      <Legend items={OUTCOMES.map((o) => ({ label: outcomes[o], className: 'size-3 rounded-sm', style: { background: swatch(o) } }))} />
      <div ref={ref} className="mt-2 w-full" role="img" aria-label={`${t.requestsTitle}: ${f.number(series.totals.total)} ${t.requests.toLowerCase()}`} />
      <DataTable
        caption={t.requestsCaption}
        headers={[t.period, ...OUTCOMES.map((o) => outcomes[o]), t.total]}
        rows={[
          ...series.points.map((p) => [f.period(p.start, series.bucket), ...OUTCOMES.map((o) => f.number(p[o])), f.number(p.total)]),
          [t.total, ...OUTCOMES.map((o) => f.number(series.totals[o])), f.number(series.totals.total)],
        ]}
      />
    </ChartCard>
  );
}
