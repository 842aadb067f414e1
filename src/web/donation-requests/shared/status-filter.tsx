import { DONATION_STATUSES, type DonationStatus, URGENCIES, type Urgency } from '../../../shared/donation-requests/model';
import { useMessages } from '../../i18n';
import { filtersText, statusText, urgencyText } from '../texts';

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
        className="select select-sm w-48 max-w-full"
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
  const t = useMessages(filtersText);
  const labels = useMessages(statusText);
  return (
    <div className="flex flex-wrap items-end gap-2">
      <FilterSelect
        id={id}
        label={t.byStatus}
        anyLabel={value ? t.allStatuses : t.placeholder}
        values={DONATION_STATUSES}
        labels={labels}
        value={value}
        onChange={onChange}
      />
      {value && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange(undefined)}>
          {t.showAll}
        </button>
      )}
    </div>
  );
}

/** ?urgency=: every urgency, or one. */
export function UrgencyFilter({ id, value, onChange }: FilterProps<Urgency>) {
  const t = useMessages(filtersText);
  const labels = useMessages(urgencyText);
  return <FilterSelect id={id} label={t.byUrgency} anyLabel={t.anyUrgency} values={URGENCIES} labels={labels} value={value} onChange={onChange} />;
}
