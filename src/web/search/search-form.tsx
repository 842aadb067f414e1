import { type FormEvent, useState } from 'react';
import { SEARCH_BLOOD_GROUP_CODES } from '../../shared/matching/model';
import { LocationSelect } from '../components/location-select';
import { useMessages } from '../i18n';
import { type DonorSearch, hasCriteria } from './api';
import { searchFormText } from './texts';

interface SearchFormProps {
  /** The search in the URL; the form starts from it. */
  initial: DonorSearch;
  onSearch: (search: DonorSearch) => void;
  onReset: () => void;
}

/** Blood group, division, district and upazila; any of them, but at least one (spec section 5). */
export function SearchForm({ initial, onSearch, onReset }: SearchFormProps) {
  const [bloodGroup, setBloodGroup] = useState(initial.bloodGroup);
  const [location, setLocation] = useState({ division: initial.division, district: initial.district, upazila: initial.upazila });
  const [emptyTried, setEmptyTried] = useState(false);
  const [compatible, setCompatible] = useState(initial.compatible ?? false);
  const [eligibleOnly, setEligibleOnly] = useState(initial.eligibleOnly ?? false);
  const t = useMessages(searchFormText);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const search = { bloodGroup, ...location, ...(compatible ? { compatible } : {}), ...(eligibleOnly ? { eligibleOnly } : {}) };
    if (!hasCriteria(search)) {
      setEmptyTried(true);
      return;
    }
    setEmptyTried(false);
    onSearch(search);
  };

  const reset = () => {
    setBloodGroup('');
    setLocation({ division: '', district: '', upazila: '' });
    setCompatible(false);
    setEligibleOnly(false);
    setEmptyTried(false);
    onReset();
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t.label} className={`card border border-base-300 bg-base-100`}>
      <div className="card-body gap-4 p-4 sm:p-6">
        <div className="grid gap-3 sm:grid-cols-4">
          <div>
            <label htmlFor="search-blood-group" className="mb-1 block text-sm font-medium">
              {t.bloodGroup}
            </label>
            <select
              id="search-blood-group"
              name="bloodGroup"
              className="select w-full border-base-content/40"
              value={bloodGroup}
              aria-describedby={emptyTried ? 'search-empty-error' : undefined}
              onChange={(e) => {
                setBloodGroup(e.target.value);
                setEmptyTried(false);
              }}
            >
              <option value="">{t.bloodGroupPlaceholder}</option>
              {Object.entries(SEARCH_BLOOD_GROUP_CODES).map(([code, group]) => (
                <option key={code} value={code}>
                  {group}
                </option>
              ))}
            </select>
          </div>
          <LocationSelect
            idPrefix="search"
            className="sm:col-span-3 [&_select]:border-base-content/40"
            value={location}
            placeholders={{ division: t.division, district: t.district, upazila: t.upazila }}
            onChange={(next) => {
              setLocation(next);
              setEmptyTried(false);
            }}
          />
        </div>
        {emptyTried && (
          <p id="search-empty-error" role="alert" className="text-sm font-medium text-error">
            {t.fillAny}
          </p>
        )}
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <label className="flex cursor-pointer items-center gap-2 text-sm">
            <input type="checkbox" name="compatible" className="checkbox checkbox-sm checkbox-primary" checked={compatible} onChange={(e) => setCompatible(e.target.checked)} />
            {t.compatible}
          </label>
          <label className="flex cursor-pointer items-center gap-2 text-sm">
            <input type="checkbox" name="eligibleOnly" className="checkbox checkbox-sm checkbox-primary" checked={eligibleOnly} onChange={(e) => setEligibleOnly(e.target.checked)} />
            {t.eligibleOnly}
          </label>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary min-w-32">
            {t.search}
          </button>
          <button type="button" className="btn btn-ghost" onClick={reset}>
            {t.clear}
          </button>
        </div>
      </div>
    </form>
  );
}
