import { isShort } from '../../shared/insight/model';
import type { InsightBreakdown } from '../../shared/insight/schemas';
import { useMessages } from '../i18n';
import { ChartCard, DataTable, Legend } from './data-table';
import { useInsightFormats } from './format';
import { chartText } from './texts';

/** Two bars per group, each on its own scale (donors outnumber requests a hundredfold): requests, and eligible donors. */
export function BloodGroupChart({ breakdown }: { breakdown: InsightBreakdown }) {
  const t = useMessages(chartText);
  const f = useInsightFormats();
  const rows = breakdown.rows;
  const all = rows.reduce((s, r) => ({ requests: s.requests + r.requests, eligibleDonors: s.eligibleDonors + r.eligibleDonors }), { requests: 0, eligibleDonors: 0 });
  const maxRequests = Math.max(1, ...rows.map((r) => r.requests));
  const maxDonors = Math.max(1, ...rows.map((r) => r.eligibleDonors));
  const ratio = (donors: number, requests: number) => f.decimal(requests ? donors / requests : null);
  return (
    <ChartCard id="insight-groups" title={t.groupsTitle} caption={t.groupsCaption}>
      <Legend
        items={[
          { label: t.requests, className: 'size-3 rounded-sm bg-primary' },
          { label: t.eligibleDonors, className: 'size-3 rounded-sm bg-success' },
        ]}
      />
      <ul className="mt-3 space-y-2" aria-hidden="true">
        {rows.map((r) => (
          <li key={r.key} className="grid grid-cols-[3rem_1fr_auto] items-center gap-x-3">
            <span className="font-semibold">{r.name}</span>
            <span className="space-y-1">
              <span className="flex items-center gap-2">
                <span className="h-2.5 rounded-r bg-primary" style={{ width: `${(r.requests / maxRequests) * 80}%`, minWidth: r.requests ? 2 : 0 }} />
                <span className="text-xs tabular-nums">{f.number(r.requests)}</span>
              </span>
              <span className="flex items-center gap-2">
                <span className="h-2.5 rounded-r bg-success" style={{ width: `${(r.eligibleDonors / maxDonors) * 80}%`, minWidth: r.eligibleDonors ? 2 : 0 }} />
                <span className="text-xs tabular-nums">{f.number(r.eligibleDonors)}</span>
              </span>
            </span>
            <span className="w-14 text-right">{isShort(r, all) ? <span className="badge badge-sm badge-warning">{t.shortage}</span> : null}</span>
          </li>
        ))}
      </ul>
      <DataTable
        caption={t.groupsCaption}
        headers={[t.bloodGroup, t.requests, t.unanswered, t.eligibleDonors, t.donorsPerRequest]}
        rows={rows.map((r) => [
          <>
            {r.name}
            {isShort(r, all) ? ` (${t.shortage})` : ''}
          </>,
          f.number(r.requests),
          f.number(r.unanswered),
          f.number(r.eligibleDonors),
          ratio(r.eligibleDonors, r.requests),
        ])}
      />
    </ChartCard>
  );
}
