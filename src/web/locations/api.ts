import { queryOptions, useQuery } from '@tanstack/react-query';
import { ENDPOINTS } from '../../shared/endpoints';
import { publicApi } from '../lib/api-client';

/** Locations never change while the app runs: cache them for the session. */
const STATIC = { staleTime: Infinity, gcTime: Infinity } as const;

export const locationKeys = {
  divisions: ['locations', 'divisions'] as const,
  districts: (divisionId: string) => ['locations', 'districts', divisionId] as const,
  upazilas: (districtId: string) => ['locations', 'upazilas', districtId] as const,
};

export const divisionsQuery = queryOptions({
  queryKey: locationKeys.divisions,
  queryFn: ({ signal }) => publicApi.call(ENDPOINTS.divisions, { signal }),
  ...STATIC,
});

export function useDivisions() {
  return useQuery(divisionsQuery);
}

export function useDistricts(divisionId: string) {
  return useQuery({
    queryKey: locationKeys.districts(divisionId),
    queryFn: ({ signal }) => publicApi.call(ENDPOINTS.districts, { args: { divisionId }, signal }),
    enabled: divisionId !== '',
    ...STATIC,
  });
}

export function useUpazilas(districtId: string) {
  return useQuery({
    queryKey: locationKeys.upazilas(districtId),
    queryFn: ({ signal }) => publicApi.call(ENDPOINTS.upazilas, { args: { districtId }, signal }),
    enabled: districtId !== '',
    ...STATIC,
  });
}
