import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type DonorSearch, ENDPOINTS } from '../../shared/endpoints';
import { getPage, publicApi } from '../lib/api-client';

export const SEARCH_PAGE_SIZE = 10;

export type { DonorSearch };

/** Spec section 5: a search needs at least one of the four. */
export const hasCriteria = (s: DonorSearch) => [s.bloodGroup, s.division, s.district, s.upazila].some((v) => v !== '');

export const searchKeys = {
  all: ['search'] as const,
  donors: (search: DonorSearch, page: number) => ['search', 'donors', search, page] as const,
};

/** The spec's shape: GET /search?bloodGroup={v}&&district={v}&&division={v}&&upazila={v}, plus the page. */

export function useDonorSearch(search: DonorSearch, page: number) {
  return useQuery({
    queryKey: searchKeys.donors(search, page),
    queryFn: ({ signal }) => getPage(publicApi, ENDPOINTS.searchDonors, { ...search, page, limit: SEARCH_PAGE_SIZE }, signal),
    enabled: hasCriteria(search),
    placeholderData: keepPreviousData,
  });
}
