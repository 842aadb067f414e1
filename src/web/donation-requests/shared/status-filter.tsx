import {
  DONATION_STATUSES,
  type DonationStatus,
  STATUS_FILTER_PLACEHOLDER,
  STATUS_LABELS,
  URGENCIES,
  type Urgency,
  URGENCY_LABELS,
} from '../../../shared/donation-request-rules';

interface FilterSelectProps<T extends string> {
  id: string;
  label: string;
  /** The first option's text, which stands for "every value". */
  anyLabel: string;
  values: readonly T[];
  labels: Record<T, string>;
  value: T | undefined;
  onChange: (value: T | undefined) => void;
}

/** A list filter: one labelled select, '' meaning "any". */
function FilterSelect<T extends string>({ id, label, anyLabel, values, labels, value, onChange }: FilterSelectProps<T>) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        className="select select-sm w-48"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? undefined : (e.target.value as T))}
      >
        <option value="">{anyLabel}</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {labels[v]}
          </option>
        ))}
      </select>
    </div>
  );
}

interface FilterProps<T extends string> {
  id: string;
  value: T | undefined;
  onChange: (value: T | undefined) => void;
}

/**
 * The spec's status dropdown: it starts on "filtering" (every status); once a status is chosen,
 * that first option reads "All statuses" and a button next to it clears the filter.
 */
export function StatusFilter({ id, value, onChange }: FilterProps<DonationStatus>) {
  return (
    <div className="flex flex-wrap items-end gap-2">
      <FilterSelect
        id={id}
        label="Filter by status"
        anyLabel={value ? 'All statuses' : STATUS_FILTER_PLACEHOLDER}
        values={DONATION_STATUSES}
        labels={STATUS_LABELS}
        value={value}
        onChange={onChange}
      />
      {value && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange(undefined)}>
          Show all
        </button>
      )}
    </div>
  );
}

/** ?urgency=: every urgency, or one. */
export function UrgencyFilter({ id, value, onChange }: FilterProps<Urgency>) {
  return <FilterSelect id={id} label="Filter by urgency" anyLabel="Any urgency" values={URGENCIES} labels={URGENCY_LABELS} value={value} onChange={onChange} />;
}
