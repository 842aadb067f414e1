import { useQueries, useQuery } from '@tanstack/react-query';
import { ENDPOINTS } from '../../shared/endpoints';
import type { User } from '../../shared/users';
import { lang, useMessages } from '../i18n';
import { publicApi } from '../lib/api-client';
import { divisionsQuery, locationKeys } from '../locations/api';

// Issue 16: place names in Bangla in Bangla mode. A profile has its places' ids; a donation and a
// certificate carry their district by its English name only. The location lists (cached for the
// session, shared with the location selects) give the Bangla names; English mode fetches nothing.

const STATIC = { staleTime: Infinity, gcTime: Infinity } as const;

const districtsQuery = (divisionId: string) => ({
  queryKey: locationKeys.districts(divisionId),
  queryFn: ({ signal }: { signal: AbortSignal }) => publicApi.call(ENDPOINTS.districts, { args: { divisionId }, signal }),
  ...STATIC,
});

/** A district's name in the current language (the English name until the Bangla lists arrive). */
export function useDistrictName(): (english: string) => string {
  const bangla = useMessages(lang) === 'bn';
  const divisions = useQuery({ ...divisionsQuery, enabled: bangla });
  const names = useQueries({
    queries: (bangla ? (divisions.data ?? []) : []).map((d) => districtsQuery(d.divisionId)),
    combine: (results) => {
      const byName = new Map<string, string>();
      for (const result of results) for (const district of result.data ?? []) byName.set(district.name, district.bn_name);
      return byName;
    },
  });
  return (english) => (bangla ? (names.get(english) ?? english) : english);
}

/** The user's division, district and upazila in the current language (null where not set). */
export function useUserPlaces(user: Pick<User, 'division' | 'district' | 'upazila' | 'divisionId' | 'districtId' | 'upazilaId'>) {
  const bangla = useMessages(lang) === 'bn';
  const divisions = useQuery({ ...divisionsQuery, enabled: bangla && !!user.divisionId });
  const districts = useQuery({ ...districtsQuery(user.divisionId ?? ''), enabled: bangla && !!user.divisionId });
  const upazilas = useQuery({
    queryKey: locationKeys.upazilas(user.districtId ?? ''),
    queryFn: ({ signal }) => publicApi.call(ENDPOINTS.upazilas, { args: { districtId: user.districtId ?? '' }, signal }),
    enabled: bangla && !!user.districtId,
    ...STATIC,
  });
  if (!bangla) return { division: user.division, district: user.district, upazila: user.upazila };
  return {
    division: user.division && (divisions.data?.find((d) => d.divisionId === user.divisionId)?.bn_name ?? user.division),
    district: user.district && (districts.data?.find((d) => d.districtId === user.districtId)?.bn_name ?? user.district),
    upazila: user.upazila && (upazilas.data?.find((u) => u._id === user.upazilaId)?.bn_name ?? user.upazila),
  };
}
