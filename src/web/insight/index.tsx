import { Spinner } from '../components/spinner';
import { useMessages } from '../i18n';
import { useMessageText } from '../i18n/messages';
import { useFunnel, useInsightBreakdown, useInsightSeries } from './api';
import { FunnelCard } from './funnel-card';
import { BloodGroupChart } from './blood-group-chart';
import { DistrictMap } from './district-map';
import { PledgeChart } from './pledge-chart';
import { useInsightRange } from './range';
import { RangePicker } from './range-picker';
import { RequestsChart } from './requests-chart';
import { panelText } from './texts';

function Failed({ message, retry }: { message: string; retry: () => void }) {
  const t = useMessages(panelText);
  const shown = useMessageText()(message);
  return (
    <div role="alert" className="alert flex-wrap border-l-4 border-l-error">
      <span>
        {t.failed} {shown}
      </span>
      <button type="button" className="btn btn-sm" onClick={retry}>
        {t.retry}
      </button>
    </div>
  );
}

/**
 * The admin home's charts (issue 18), loaded only there (lazily, with uPlot): requests over time,
 * time to first pledge, blood groups, the map of need and the pledge funnel (issue 33), for the range and filters in the URL.
 */
export function InsightPanel() {
  const t = useMessages(panelText);
  const range = useInsightRange();
  const { bucket: _bucket, ...filters } = range.args;
  const series = useInsightSeries(range.args);
  const groups = useInsightBreakdown({ ...filters, by: 'bloodGroup' });
  const districts = useInsightBreakdown({ ...filters, by: 'district' });
  const funnel = useFunnel(filters);
  const failed = [series, groups, districts, funnel].find((q) => q.isError);
  const busy = series.isFetching || groups.isFetching || districts.isFetching || funnel.isFetching;
  return (
    <section aria-labelledby="insight-heading" className="mt-8 space-y-4" aria-busy={busy}>
      <h2 id="insight-heading" className="text-xl font-bold">
        {t.heading}
      </h2>
      <RangePicker key={`${range.args.from}/${range.args.to}`} range={range} />
      {failed?.error ? <Failed message={failed.error.message} retry={() => void Promise.all([series.refetch(), groups.refetch(), districts.refetch(), funnel.refetch()])} /> : null}
      {series.data && groups.data && districts.data && funnel.data ? (
        <>
          {series.data.totals.total === 0 ? <p className="rounded-box border border-dashed border-base-content/30 p-4 text-center">{t.noRequests}</p> : null}
          <div className="grid gap-4 lg:grid-cols-2">
            <RequestsChart series={series.data} />
            <PledgeChart series={series.data} />
            <BloodGroupChart breakdown={groups.data} />
            <DistrictMap breakdown={districts.data} />
            <FunnelCard funnel={funnel.data} />
          </div>
        </>
      ) : failed ? null : (
        <Spinner label={t.loading} />
      )}
    </section>
  );
}
