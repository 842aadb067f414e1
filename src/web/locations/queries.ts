import { queryOptions } from '@tanstack/react-query';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { publicApi } from '../lib/api-client';

// The location lists as queries: the selects (api.ts) and the place names (place-names.ts) share
// them, so each list is fetched once per session.

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

export const districtsQuery = (divisionId: string) =>
  queryOptions({
    queryKey: locationKeys.districts(divisionId),
    queryFn: ({ signal }) => publicApi.call(ENDPOINTS.districts, { args: { divisionId }, signal }),
    ...STATIC,
  });

export const upazilasQuery = (districtId: string) =>
  queryOptions({
    queryKey: locationKeys.upazilas(districtId),
    queryFn: ({ signal }) => publicApi.call(ENDPOINTS.upazilas, { args: { districtId }, signal }),
    ...STATIC,
  });
