import type { Funnel } from '../../shared/insight/schemas';
import { useMessages } from '../i18n';
import { ChartCard, DataTable } from './data-table';
import { useInsightFormats } from './format';
import { chartText, funnelText, NONE } from './texts';

const STEPS = ['alerted', 'accepted', 'arrived', 'donated'] as const;

/** The pledge funnel (issue 33): the range's alerts, yeses, arrivals and donations; the show rate; the hours to the first pledge and the last unit. */
export function FunnelCard({ funnel }: { funnel: Funnel }) {
  const t = useMessages(funnelText);
  const c = useMessages(chartText);
  const f = useInsightFormats();
  const totals = funnel.totals;
  const rate = (share: number | null) => (share === null ? NONE : f.percent(share));
  const spread = (median: number | null, p90: number | null) => (median === null ? NONE : t.medianAndP90({ median: f.hours(median), p90: f.hours(p90) }));
  return (
    <ChartCard id="insight-funnel" title={t.title} caption={t.caption}>
      <ol className="mt-3 grid grid-cols-2 gap-2 text-center sm:grid-cols-4">
        {STEPS.map((step) => (
          <li key={step} className="rounded-box bg-base-200 px-2 py-2">
            <span className="block text-xs text-base-content/80">{t[step]}</span>
            <span className="block text-xl font-bold tabular-nums">{f.number(totals[step])}</span>
          </li>
        ))}
      </ol>
      <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-base-content/80" title={t.showRateHint}>
            {t.showRate}
          </dt>
          <dd className="font-semibold tabular-nums">{rate(totals.showRate)}</dd>
        </div>
        <div>
          <dt className="text-base-content/80">{t.firstPledge}</dt>
          <dd className="font-semibold tabular-nums">{spread(totals.firstPledgeMedianMinutes, totals.firstPledgeP90Minutes)}</dd>
        </div>
        <div>
          <dt className="text-base-content/80">{t.lastUnit}</dt>
          <dd className="font-semibold tabular-nums">{spread(totals.lastUnitMedianMinutes, totals.lastUnitP90Minutes)}</dd>
        </div>
      </dl>
      <DataTable
        caption={t.caption}
        headers={[c.period, ...STEPS.map((s) => t[s]), t.showRate, t.firstPledge, t.lastUnit]}
        rows={[
          ...funnel.weeks.map((w) => [
            f.period(w.start, 'week'),
            ...STEPS.map((s) => f.number(w[s])),
            rate(w.showRate),
            spread(w.firstPledgeMedianMinutes, w.firstPledgeP90Minutes),
            spread(w.lastUnitMedianMinutes, w.lastUnitP90Minutes),
          ]),
          [c.total, ...STEPS.map((s) => f.number(totals[s])), rate(totals.showRate), spread(totals.firstPledgeMedianMinutes, totals.firstPledgeP90Minutes), spread(totals.lastUnitMedianMinutes, totals.lastUnitP90Minutes)],
        ]}
      />
    </ChartCard>
  );
}
