import { useState } from 'react';
import { INSIGHT_TEXTS, unansweredShare } from '../../shared/insight-rules';
import type { BreakdownRow, InsightBreakdown } from '../../shared/insight';
import { ChartCard, DataTable, number, percent } from './data-table';

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
const describe = (row: BreakdownRow) =>
  INSIGHT_TEXTS.districtFigures(row.name, number.format(row.requests), number.format(row.unanswered), row.requests ? percent.format(unansweredShare(row)) : null, number.format(row.eligibleDonors));

function Figures({ row }: { row: BreakdownRow | undefined }) {
  if (!row) return <p className="text-sm text-base-content/80">{INSIGHT_TEXTS.mapHint}</p>;
  return (
    <div aria-live="polite">
      <p className="font-semibold">{row.name}</p>
      <dl className="mt-1 grid grid-cols-2 gap-x-3 text-sm">
        <dt>{INSIGHT_TEXTS.requests}</dt>
        <dd className="text-right tabular-nums">{number.format(row.requests)}</dd>
        <dt>{INSIGHT_TEXTS.unanswered}</dt>
        <dd className="text-right tabular-nums">{number.format(row.unanswered)}</dd>
        <dt>{INSIGHT_TEXTS.unansweredShare}</dt>
        <dd className="text-right tabular-nums">{row.requests ? percent.format(unansweredShare(row)) : INSIGHT_TEXTS.none}</dd>
        <dt>{INSIGHT_TEXTS.eligibleDonors}</dt>
        <dd className="text-right tabular-nums">{number.format(row.eligibleDonors)}</dd>
      </dl>
    </div>
  );
}

/** One mark per district at its centre: its area is the requests, its colour the share nobody answered. */
export function DistrictMap({ breakdown }: { breakdown: InsightBreakdown }) {
  const [selected, setSelected] = useState<string | null>(null);
  const rows = breakdown.rows.filter((r) => r.lat !== null && r.lon !== null);
  const max = Math.max(1, ...rows.map((r) => r.requests));
  const radius = (r: BreakdownRow) => (r.requests ? 3 + (MAX_R - 3) * Math.sqrt(r.requests / max) : 2);
  // Large marks first, so the small ones stay on top and reachable.
  const drawn = [...rows].sort((a, b) => b.requests - a.requests);
  const current = rows.find((r) => r.key === selected);
  return (
    <ChartCard id="insight-map" title={INSIGHT_TEXTS.mapTitle} caption={INSIGHT_TEXTS.mapCaption}>
      <div className="mt-3 grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem] sm:items-start">
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="mx-auto h-auto w-full max-w-sm rounded-box bg-base-200" role="group" aria-label={INSIGHT_TEXTS.mapTitle}>
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
              aria-label={describe(r)}
              aria-pressed={r.key === selected}
              className="cursor-pointer outline-none focus-visible:stroke-base-content"
              onMouseEnter={() => setSelected(r.key)}
              onFocus={() => setSelected(r.key)}
              onClick={() => setSelected(r.key)}
            >
              <title>{describe(r)}</title>
            </circle>
          ))}
        </svg>
        <div className="space-y-3">
          <Figures row={current} />
          <div className="text-xs text-base-content/80" aria-hidden="true">
            <p>{INSIGHT_TEXTS.unansweredShare}</p>
            <div className="mt-1 h-2.5 rounded" style={{ background: 'linear-gradient(to right, var(--color-success), var(--color-error))' }} />
            <div className="flex justify-between">
              <span>0%</span>
              <span>100%</span>
            </div>
          </div>
        </div>
      </div>
      <DataTable
        caption={INSIGHT_TEXTS.mapCaption}
        headers={[INSIGHT_TEXTS.district, INSIGHT_TEXTS.requests, INSIGHT_TEXTS.unanswered, INSIGHT_TEXTS.unansweredShare, INSIGHT_TEXTS.eligibleDonors]}
        rows={[...rows]
          .sort((a, b) => b.requests - a.requests || a.name.localeCompare(b.name))
          .map((r) => [r.name, number.format(r.requests), number.format(r.unanswered), r.requests ? percent.format(unansweredShare(r)) : INSIGHT_TEXTS.none, number.format(r.eligibleDonors)])}
      />
    </ChartCard>
  );
}
