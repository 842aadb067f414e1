import { lang, useMessages } from '../i18n';
import { locationText } from './location-texts';
import { placeOptions, useDistricts, useDivisions, useUpazilas } from '../locations/api';

export interface LocationValue {
  division: string;
  district: string;
  upazila: string;
}
type Field = keyof LocationValue;

interface LocationSelectProps {
  value: LocationValue;
  /** A parent change resets its children (district and upazila must belong to it). */
  onChange: (next: LocationValue, changed: Field) => void;
  onBlur?: (field: Field) => void;
  errors?: Partial<Record<Field, string | undefined>>;
  /** Prefix for the element ids (several forms can be on one page). */
  idPrefix?: string;
  /** Placeholder texts of the three selects. */
  placeholders?: Partial<Record<Field, string>>;
  labels?: Partial<Record<Field, string>>;
  disabled?: boolean;
  className?: string;
}


/** Division -> district -> upazila, each list loaded from the API when its parent is chosen. */
export function LocationSelect({ value, onChange, onBlur, errors = {}, idPrefix = 'location', placeholders, labels, disabled, className = '' }: LocationSelectProps) {
  const divisions = useDivisions();
  const districts = useDistricts(value.division);
  const upazilas = useUpazilas(value.district);
  const t = useMessages(locationText);
  // Issue 16: place names in Bangla in Bangla mode (the location API sends both).
  const bangla = useMessages(lang) === 'bn';
  const label = { division: t.division, district: t.district, upazila: t.upazila, ...labels };
  const placeholder = { division: t.selectDivision, district: t.selectDistrict, upazila: t.selectUpazila, ...placeholders };

  const set = (field: Field, v: string) => {
    if (field === 'division') onChange({ division: v, district: '', upazila: '' }, field);
    else if (field === 'district') onChange({ ...value, district: v, upazila: '' }, field);
    else onChange({ ...value, upazila: v }, field);
  };

  const options: Record<Field, { value: string; name: string }[] | undefined> = {
    // In the reader's language and its alphabetical order (issue 38).
    division: divisions.data && placeOptions(divisions.data, bangla).map((d) => ({ value: d.divisionId, name: d.label })),
    district: districts.data && placeOptions(districts.data, bangla).map((d) => ({ value: d.districtId, name: d.label })),
    upazila: upazilas.data && placeOptions(upazilas.data, bangla).map((u) => ({ value: u._id, name: u.label })),
  };
  const parentMissing: Record<Field, boolean> = { division: false, district: value.division === '', upazila: value.district === '' };

  return (
    <div className={`grid gap-3 sm:grid-cols-3 ${className}`}>
      {(['division', 'district', 'upazila'] as const).map((field) => {
        const id = `${idPrefix}-${field}`;
        const error = errors[field];
        return (
          <div key={field} className="form-control">
            <label htmlFor={id} className="label mb-1 text-sm font-medium text-base-content">
              {label[field]}
            </label>
            <select
              id={id}
              name={field}
              className={`select w-full ${error ? 'select-error' : ''}`}
              value={value[field]}
              disabled={disabled || parentMissing[field]}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => set(field, e.target.value)}
              onBlur={() => onBlur?.(field)}
            >
              <option value="">{placeholder[field]}</option>
              {options[field]?.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.name}
                </option>
              ))}
            </select>
            {error && (
              <p id={`${id}-error`} className="mt-1 text-sm text-error" role="alert">
                {error}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
