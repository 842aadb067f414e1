import { useQuery } from '@tanstack/react-query';
import { districtsQuery, divisionsQuery, upazilasQuery } from './queries';

export { districtsQuery, divisionsQuery, locationKeys, upazilasQuery } from './queries';
export { type Place, type PlaceNames, placeOptions, placeText, useDistrictName, usePlaceNames } from './place-names';

export function useDivisions() {
  return useQuery(divisionsQuery);
}

export function useDistricts(divisionId: string) {
  return useQuery({ ...districtsQuery(divisionId), enabled: divisionId !== '' });
}

export function useUpazilas(districtId: string) {
  return useQuery({ ...upazilasQuery(districtId), enabled: districtId !== '' });
}
