import { INSIGHT_TEXTS, isShort } from '../../shared/insight-rules';
import type { InsightBreakdown } from '../../shared/insight';
import { ChartCard, DataTable, number } from './data-table';

const ratio = (donors: number, requests: number) => (requests ? (donors / requests).toLocaleString('en-BD', { maximumFractionDigits: 1 }) : INSIGHT_TEXTS.none);

/** Two bars per group, each on its own scale (donors outnumber requests a hundredfold): requests, and eligible donors. */
export function BloodGroupChart({ breakdown }: { breakdown: InsightBreakdown }) {
  const rows = breakdown.rows;
  const all = rows.reduce((t, r) => ({ requests: t.requests + r.requests, eligibleDonors: t.eligibleDonors + r.eligibleDonors }), { requests: 0, eligibleDonors: 0 });
  const maxRequests = Math.max(1, ...rows.map((r) => r.requests));
  const maxDonors = Math.max(1, ...rows.map((r) => r.eligibleDonors));
  return (
    <ChartCard id="insight-groups" title={INSIGHT_TEXTS.groupsTitle} caption={INSIGHT_TEXTS.groupsCaption}>
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-hidden="true">
        <li className="flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm bg-primary" />
          {INSIGHT_TEXTS.requests}
        </li>
        <li className="flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm bg-success" />
          {INSIGHT_TEXTS.eligibleDonors}
        </li>
      </ul>
      <ul className="mt-3 space-y-2" aria-hidden="true">
        {rows.map((r) => (
          <li key={r.key} className="grid grid-cols-[3rem_1fr_auto] items-center gap-x-3">
            <span className="font-semibold">{r.name}</span>
            <span className="space-y-1">
              <span className="flex items-center gap-2">
                <span className="h-2.5 rounded-r bg-primary" style={{ width: `${(r.requests / maxRequests) * 80}%`, minWidth: r.requests ? 2 : 0 }} />
                <span className="text-xs tabular-nums">{number.format(r.requests)}</span>
              </span>
              <span className="flex items-center gap-2">
                <span className="h-2.5 rounded-r bg-success" style={{ width: `${(r.eligibleDonors / maxDonors) * 80}%`, minWidth: r.eligibleDonors ? 2 : 0 }} />
                <span className="text-xs tabular-nums">{number.format(r.eligibleDonors)}</span>
              </span>
            </span>
            <span className="w-14 text-right">{isShort(r, all) ? <span className="badge badge-sm badge-warning">{INSIGHT_TEXTS.shortage}</span> : null}</span>
          </li>
        ))}
      </ul>
      <DataTable
        caption={INSIGHT_TEXTS.groupsCaption}
        headers={[INSIGHT_TEXTS.bloodGroup, INSIGHT_TEXTS.requests, INSIGHT_TEXTS.unanswered, INSIGHT_TEXTS.eligibleDonors, INSIGHT_TEXTS.donorsPerRequest]}
        rows={rows.map((r) => [
          <>
            {r.name}
            {isShort(r, all) ? ` (${INSIGHT_TEXTS.shortage})` : ''}
          </>,
          number.format(r.requests),
          number.format(r.unanswered),
          number.format(r.eligibleDonors),
          ratio(r.eligibleDonors, r.requests),
        ])}
      />
    </ChartCard>
  );
}
