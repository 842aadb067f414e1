import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Donor } from '../../shared/search';
import { getPage, publicApi } from '../lib/api-client';

export const SEARCH_PAGE_SIZE = 10;

/** A donor search: the blood group's search code (AA, A-, ...) and location ids; '' = any. */
export interface DonorSearch {
  bloodGroup: string;
  division: string;
  district: string;
  upazila: string;
}

/** Spec section 5: a search needs at least one of the four. */
export const hasCriteria = (s: DonorSearch) => Object.values(s).some((v) => v !== '');

export const searchKeys = {
  all: ['search'] as const,
  donors: (search: DonorSearch, page: number) => ['search', 'donors', search, page] as const,
};

/** The spec's shape: GET /search?bloodGroup={v}&&district={v}&&division={v}&&upazila={v}, plus the page. */
export function searchPath(s: DonorSearch, page: number): string {
  const e = encodeURIComponent;
  return `/search?bloodGroup=${e(s.bloodGroup)}&&district=${e(s.district)}&&division=${e(s.division)}&&upazila=${e(s.upazila)}&page=${page}&limit=${SEARCH_PAGE_SIZE}`;
}

export function useDonorSearch(search: DonorSearch, page: number) {
  return useQuery({
    queryKey: searchKeys.donors(search, page),
    queryFn: ({ signal }) => getPage<Donor>(publicApi, searchPath(search, page), signal),
    enabled: hasCriteria(search),
    placeholderData: keepPreviousData,
  });
}
