import type { CSSProperties, ReactNode } from 'react';
import { useMessages } from '../i18n';
import { chartText } from './texts';

/** A chart's figures as a table, behind "Show as a table": what a screen reader or a spreadsheet-minded reader uses. */
export function DataTable({ caption, headers, rows }: { caption: string; headers: string[]; rows: ReactNode[][] }) {
  const t = useMessages(chartText);
  return (
    <details className="mt-3">
      <summary className="cursor-pointer text-sm font-medium text-primary">{t.showTable}</summary>
      {/* It scrolls: focusable, so a keyboard can scroll it too. */}
      <div className="mt-2 max-h-80 overflow-auto rounded-box border border-base-300" tabIndex={0} role="region" aria-label={caption}>
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

/** A chart's key: a swatch (its class and style) and a label per series. Hidden from screen readers: the table says it all. */
export function Legend({ items }: { items: { label: string; className: string; style?: CSSProperties }[] }) {
  return (
    <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-hidden="true">
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-1.5">
          <span className={`inline-block ${item.className}`} style={item.style} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
