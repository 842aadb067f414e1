import type { ReactNode } from 'react';
import { INSIGHT_TEXTS } from '../../shared/insight-rules';

/** A chart's figures as a table, behind "Show as a table": what a screen reader or a spreadsheet-minded reader uses. */
export function DataTable({ caption, headers, rows }: { caption: string; headers: string[]; rows: ReactNode[][] }) {
  return (
    <details className="mt-3">
      <summary className="cursor-pointer text-sm font-medium text-primary">{INSIGHT_TEXTS.showTable}</summary>
      <div className="mt-2 max-h-80 overflow-auto rounded-box border border-base-300">
        <table className="table table-sm table-pin-rows">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              {headers.map((h, i) => (
                <th key={h} scope="col" className={i ? 'text-right' : undefined}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, c) =>
                  c === 0 ? (
                    <th key={c} scope="row" className="font-medium">
                      {cell}
                    </th>
                  ) : (
                    <td key={c} className="text-right tabular-nums">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** A chart's frame: a titled card with its caption. */
export function ChartCard({ title, caption, children, id }: { title: string; caption: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={`${id}-title`} className="min-w-0 rounded-box border border-base-300 bg-base-100 p-4 sm:p-5">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="text-sm text-base-content/80">{caption}</p>
      {children}
    </section>
  );
}

export const number = new Intl.NumberFormat('en-BD');
export const percent = new Intl.NumberFormat('en-BD', { style: 'percent', maximumFractionDigits: 0 });
/** Minutes as hours with one decimal, or a dash. */
export const hours = (minutes: number | null) => (minutes === null ? INSIGHT_TEXTS.none : (minutes / 60).toLocaleString('en-BD', { maximumFractionDigits: 1 }));
