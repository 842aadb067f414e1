import { useState } from 'react';
import { unansweredShare } from '../../shared/insight/model';
import type { BreakdownRow, InsightBreakdown } from '../../shared/insight/schemas';
import { useMessages } from '../i18n';
import { ChartCard, DataTable } from './data-table';
import { type InsightFormats, useInsightFormats } from './format';
import { mapText, NONE } from './texts';

// Bangladesh's extent (degrees) and an equirectangular projection at its middle latitude: enough
// for one mark per district centre, with no map tiles or outline data.
const WEST = 88.0;
const EAST = 92.75;
const SOUTH = 20.55;
const NORTH = 26.7;
const WIDTH = 300;
const PAD = 14;
const X_SCALE = Math.cos((((NORTH + SOUTH) / 2) * Math.PI) / 180);
const HEIGHT = Math.round(((NORTH - SOUTH) / ((EAST - WEST) * X_SCALE)) * (WIDTH - 2 * PAD) + 2 * PAD);
const x = (lon: number) => PAD + ((lon - WEST) / (EAST - WEST)) * (WIDTH - 2 * PAD);
const y = (lat: number) => PAD + ((NORTH - lat) / (NORTH - SOUTH)) * (HEIGHT - 2 * PAD);
const MAX_R = 16;

/** Green when every request was answered, red when none was: mixed in the theme's own colours. */
const colourOf = (row: BreakdownRow) => `color-mix(in oklch, var(--color-error) ${Math.round(unansweredShare(row) * 100)}%, var(--color-success))`;

type MapTexts = ReturnType<typeof mapText.get>;

/** A district's name in the current language (the dataset's Bangla name in Bangla mode). */
const nameOf = (row: BreakdownRow, f: InsightFormats) => (f.lang === 'bn' && row.bnName ? row.bnName : row.name);
const shareOf = (row: BreakdownRow, f: InsightFormats) => (row.requests ? f.percent(unansweredShare(row)) : null);

/** A district's figures, read out for its mark: "Dhaka: 12 requests, 3 unanswered (25%), 40 eligible donors". */
const describe = (row: BreakdownRow, t: MapTexts, f: InsightFormats) => {
  const share = shareOf(row, f);
  return `${nameOf(row, f)}: ${t.markRequests(row.requests)}, ${t.markUnanswered({ count: f.number(row.unanswered) })}${share ? ` (${share})` : ''}, ${t.markDonors(row.eligibleDonors)}`;
};

function Figures({ row, t, f }: { row: BreakdownRow | undefined; t: MapTexts; f: InsightFormats }) {
  if (!row) return <p className="text-sm text-base-content/80">{t.mapHint}</p>;
  return (
    <div aria-live="polite">
      <p className="font-semibold">{nameOf(row, f)}</p>
      <dl className="mt-1 grid grid-cols-2 gap-x-3 text-sm">
        <dt>{t.requests}</dt>
        <dd className="text-right tabular-nums">{f.number(row.requests)}</dd>
        <dt>{t.unanswered}</dt>
        <dd className="text-right tabular-nums">{f.number(row.unanswered)}</dd>
        <dt>{t.unansweredShare}</dt>
        <dd className="text-right tabular-nums">{shareOf(row, f) ?? NONE}</dd>
        <dt>{t.eligibleDonors}</dt>
        <dd className="text-right tabular-nums">{f.number(row.eligibleDonors)}</dd>
      </dl>
    </div>
  );
}

/** One mark per district at its centre: its area is the requests, its colour the share nobody answered. */
export function DistrictMap({ breakdown }: { breakdown: InsightBreakdown }) {
  const t = useMessages(mapText);
  const f = useInsightFormats();
  const [selected, setSelected] = useState<string | null>(null);
  const rows = breakdown.rows.filter((r) => r.lat !== null && r.lon !== null);
  const max = Math.max(1, ...rows.map((r) => r.requests));
  const radius = (r: BreakdownRow) => (r.requests ? 3 + (MAX_R - 3) * Math.sqrt(r.requests / max) : 2);
  // Large marks first, so the small ones stay on top and reachable.
  const drawn = [...rows].sort((a, b) => b.requests - a.requests);
  const current = rows.find((r) => r.key === selected);
  return (
    <ChartCard id="insight-map" title={t.mapTitle} caption={t.mapCaption}>
      <div className="mt-3 grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem] sm:items-start">
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="mx-auto h-auto w-full max-w-sm rounded-box bg-base-200" role="group" aria-label={t.mapTitle}>
          {drawn.map((r) => (
            <circle
              key={r.key}
              cx={x(r.lon!)}
              cy={y(r.lat!)}
              r={radius(r)}
              style={{ fill: r.requests ? colourOf(r) : 'transparent' }}
              fillOpacity={0.8}
              stroke={r.key === selected ? 'var(--color-base-content)' : r.requests ? 'var(--color-base-100)' : 'color-mix(in oklch, var(--color-base-content) 45%, transparent)'}
              strokeWidth={r.key === selected ? 2 : 1}
              tabIndex={0}
              role="button"
              aria-label={describe(r, t, f)}
              aria-pressed={r.key === selected}
              className="cursor-pointer outline-none focus-visible:stroke-base-content"
              onMouseEnter={() => setSelected(r.key)}
              onFocus={() => setSelected(r.key)}
              onClick={() => setSelected(r.key)}
            >
              <title>{describe(r, t, f)}</title>
            </circle>
          ))}
        </svg>
        <div className="space-y-3">
          <Figures row={current} t={t} f={f} />
          <div className="text-xs text-base-content/80" aria-hidden="true">
            <p>{t.unansweredShare}</p>
            <div className="mt-1 h-2.5 rounded" style={{ background: 'linear-gradient(to right, var(--color-success), var(--color-error))' }} />
            <div className="flex justify-between">
              <span>{f.percent(0)}</span>
              <span>{f.percent(1)}</span>
            </div>
          </div>
        </div>
      </div>
      <DataTable
        caption={t.mapCaption}
        headers={[t.district, t.requests, t.unanswered, t.unansweredShare, t.eligibleDonors]}
        rows={[...rows]
          .sort((a, b) => b.requests - a.requests || nameOf(a, f).localeCompare(nameOf(b, f), f.lang === 'bn' ? 'bn' : undefined))
          .map((r) => [nameOf(r, f), f.number(r.requests), f.number(r.unanswered), shareOf(r, f) ?? NONE, f.number(r.eligibleDonors)])}
      />
    </ChartCard>
  );
}
