import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type DonorSearch, ENDPOINTS } from '../../shared/api/endpoints';
import { getPage, publicApi, secureApi } from '../lib/api-client';

export const SEARCH_PAGE_SIZE = 10;

export type { DonorSearch };

/** Spec section 5: a search needs at least one of the four. */
export const hasCriteria = (s: DonorSearch) => [s.bloodGroup, s.division, s.district, s.upazila].some((v) => v !== '');

export const searchKeys = {
  all: ['search'] as const,
  donors: (search: DonorSearch, page: number, signedIn: boolean) => ['search', 'donors', search, page, signedIn ? 'full' : 'masked'] as const,
};

/** The spec's shape: GET /search?bloodGroup={v}&&district={v}&&division={v}&&upazila={v}, plus the page. */

/** Visitors see donors' emails masked (r***@example.com); signed-in users read with their token and see them in full (issue 17). */
export function useDonorSearch(search: DonorSearch, page: number, signedIn = false, ready = true) {
  return useQuery({
    queryKey: searchKeys.donors(search, page, signedIn),
    queryFn: ({ signal }) => getPage(signedIn ? secureApi : publicApi, ENDPOINTS.searchDonors, { ...search, page, limit: SEARCH_PAGE_SIZE }, signal),
    enabled: ready && hasCriteria(search),
    placeholderData: keepPreviousData,
  });
}
