import { useQueries } from '@tanstack/react-query';
import type { DonationRequest } from '../../../shared/donation-requests';
import { ENDPOINTS } from '../../../shared/endpoints';
import type { District, Division, Upazila } from '../../../shared/locations';
import { lang, useMessages } from '../../i18n';
import { publicApi } from '../../lib/api-client';
import { locationKeys } from '../../locations/api';

// Issue 16: place names in Bangla in Bangla mode. A request carries its district and upazila in
// English and their ids; the location lists (cached for the session, shared with the location
// selects) give the Bangla names. English mode fetches nothing.

type Placed = Pick<
  DonationRequest,
  'recipientDivision' | 'recipientDistrict' | 'recipientUpazila' | 'recipientDivisionId' | 'recipientDistrictId' | 'recipientUpazilaId'
>;

export interface PlaceNames {
  division: string;
  district: string;
  upazila: string;
}

const STATIC = { staleTime: Infinity, gcTime: Infinity } as const;

/** The rows' division, district and upazila names in the current language (English until the Bangla lists arrive). */
export function usePlaceNames(rows: Placed[]): (r: Placed) => PlaceNames {
  const bangla = useMessages(lang) === 'bn';
  const divisionIds = bangla ? [...new Set(rows.map((r) => r.recipientDivisionId))] : [];
  const districtIds = bangla ? [...new Set(rows.map((r) => r.recipientDistrictId))] : [];
  const names = useQueries({
    queries: [
      {
        queryKey: locationKeys.divisions,
        queryFn: ({ signal }: { signal: AbortSignal }) => publicApi.call(ENDPOINTS.divisions, { signal }),
        enabled: bangla,
        ...STATIC,
      },
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
      const division = new Map<string, string>();
      const district = new Map<string, string>();
      const upazila = new Map<string, string>();
      const [divisions, ...rest] = results;
      for (const d of (divisions?.data ?? []) as unknown as Division[]) division.set(d.divisionId, d.bn_name);
      rest.forEach((result, i) => {
        for (const place of (result.data ?? []) as unknown as (District | Upazila)[]) {
          // The first lists are districts (by districtId), the rest upazilas (by _id).
          if (i < divisionIds.length) district.set(place.districtId, place.bn_name);
          else upazila.set(place._id, place.bn_name);
        }
      });
      return { division, district, upazila };
    },
  });
  return (r) =>
    bangla
      ? {
          division: names.division.get(r.recipientDivisionId) ?? r.recipientDivision,
          district: names.district.get(r.recipientDistrictId) ?? r.recipientDistrict,
          upazila: names.upazila.get(r.recipientUpazilaId) ?? r.recipientUpazila,
        }
      : { division: r.recipientDivision, district: r.recipientDistrict, upazila: r.recipientUpazila };
}

/** The spec's location column: district, then upazila. */
export const placeText = (p: PlaceNames) => [p.district, p.upazila].filter(Boolean).join(', ');
