import type { ReactNode } from 'react';

export interface DetailItem {
  label: string;
  value: ReactNode;
}

/** A titled card of label / value pairs (the details pages' Recipient, Hospital, ... sections). */
export function DetailSection({ title, items, id, children }: { title: string; items: DetailItem[]; id: string; children?: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-5">
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      <dl className="grid grid-cols-[minmax(5.5rem,auto)_1fr] gap-x-4 gap-y-2 sm:grid-cols-[10rem_1fr]">
        {items.map((item) => (
          <div key={item.label} className="contents">
            <dt className="pt-0.5 text-sm font-medium text-base-content/80">{item.label}</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">{item.value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
}
