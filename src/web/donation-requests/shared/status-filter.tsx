import {
  DONATION_STATUSES,
  type DonationStatus,
  STATUS_FILTER_PLACEHOLDER,
  STATUS_LABELS,
  URGENCIES,
  type Urgency,
  URGENCY_LABELS,
} from '../../../shared/donation-request-rules';

interface StatusFilterProps {
  id: string;
  value: DonationStatus | undefined;
  onChange: (status: DonationStatus | undefined) => void;
}

/**
 * The spec's status dropdown: it starts on "filtering" (every status); once a status is chosen,
 * that first option reads "All statuses" and a button next to it clears the filter.
 */
export function StatusFilter({ id, value, onChange }: StatusFilterProps) {
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium">
          Filter by status
        </label>
        <select
          id={id}
          className="select select-sm w-48"
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value === '' ? undefined : (e.target.value as DonationStatus))}
        >
          <option value="">{value ? 'All statuses' : STATUS_FILTER_PLACEHOLDER}</option>
          {DONATION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      {value && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange(undefined)}>
          Show all
        </button>
      )}
    </div>
  );
}

/** ?urgency=: every urgency, or one. */
export function UrgencyFilter({ id, value, onChange }: { id: string; value: Urgency | undefined; onChange: (urgency: Urgency | undefined) => void }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        Filter by urgency
      </label>
      <select
        id={id}
        className="select select-sm w-48"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? undefined : (e.target.value as Urgency))}
      >
        <option value="">Any urgency</option>
        {URGENCIES.map((u) => (
          <option key={u} value={u}>
            {URGENCY_LABELS[u]}
          </option>
        ))}
      </select>
    </div>
  );
}
