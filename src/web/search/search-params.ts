import { SEARCH_BLOOD_GROUP_CODES } from '../../shared/matching/model';
import type { DonorSearch } from './api';

// The search lives in the URL (`/searchDonors?bloodGroup=AA&division=3&page=2`): a reload, the
// back button and a shared link all show the same results. Anything unknown in it is ignored.

const LOCATION_ID = /^\d{1,7}$/;
const location = (value: string | null) => (value && LOCATION_ID.test(value) ? value : '');

export function searchFromParams(params: URLSearchParams): DonorSearch {
  const code = params.get('bloodGroup') ?? '';
  const division = location(params.get('division'));
  // A child only counts with its parent (the form cannot choose a district without a division).
  const district = division ? location(params.get('district')) : '';
  const upazila = district ? location(params.get('upazila')) : '';
  return {
    bloodGroup: Object.hasOwn(SEARCH_BLOOD_GROUP_CODES, code) ? code : '',
    division,
    district,
    upazila,
    ...(params.get('compatible') === 'true' ? { compatible: true } : {}),
    ...(params.get('eligibleOnly') === 'true' ? { eligibleOnly: true } : {}),
  };
}

/** The URL query of a search, first page (only the chosen fields, in the form's order). */
export function paramsFromSearch(search: DonorSearch): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['bloodGroup', 'division', 'district', 'upazila'] as const) {
    if (search[key] !== '') params.set(key, search[key]);
  }
  if (search.compatible) params.set('compatible', 'true');
  if (search.eligibleOnly) params.set('eligibleOnly', 'true');
  return params;
}
