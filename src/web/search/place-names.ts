import { useQueries } from '@tanstack/react-query';
import { ENDPOINTS } from '../../shared/endpoints';
import type { Donor } from '../../shared/search';
import { lang, useMessages } from '../i18n';
import { publicApi } from '../lib/api-client';
import { locationKeys } from '../locations/api';

// Issue 16: the donors' district and upazila in Bangla in Bangla mode. A donor carries its places'
// names in English and their ids; the location lists (cached for the session, shared with the
// search form's selects) give the Bangla names. English mode fetches nothing.

const STATIC = { staleTime: Infinity, gcTime: Infinity } as const;

export interface DonorPlaces {
  district: string;
  upazila: string;
}

/** The donors' district and upazila names in the current language (English until the Bangla lists arrive). */
export function useDonorPlaces(donors: Donor[]): (donor: Donor) => DonorPlaces {
  const bangla = useMessages(lang) === 'bn';
  const divisionIds = bangla ? [...new Set(donors.map((d) => d.divisionId))] : [];
  const districtIds = bangla ? [...new Set(donors.map((d) => d.districtId))] : [];
  const names = useQueries({
    queries: [
      ...divisionIds.map((divisionId) => ({
        queryKey: locationKeys.districts(divisionId),
        queryFn: ({ signal }: { signal: AbortSignal }) => publicApi.call(ENDPOINTS.districts, { args: { divisionId }, signal }),
        ...STATIC,
      })),
      ...districtIds.map((districtId) => ({
        queryKey: locationKeys.upazilas(districtId),
        queryFn: ({ signal }: { signal: AbortSignal }) => publicApi.call(ENDPOINTS.upazilas, { args: { districtId }, signal }),
        ...STATIC,
      })),
    ],
    combine: (results) => {
      const district = new Map<string, string>();
      const upazila = new Map<string, string>();
      results.forEach((result, i) => {
        // The first lists are districts (by districtId), the rest upazilas (by _id).
        for (const place of result.data ?? []) {
          if (i < divisionIds.length) district.set(place.districtId, place.bn_name);
          else upazila.set(place._id, place.bn_name);
        }
      });
      return { district, upazila };
    },
  });
  return (d) =>
    bangla
      ? { district: names.district.get(d.districtId) ?? d.district, upazila: names.upazila.get(d.upazilaId) ?? d.upazila }
      : { district: d.district, upazila: d.upazila };
}
