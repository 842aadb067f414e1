import type { DonationRequest } from '../../../shared/donation-requests/schemas';
import { type Place, type PlaceNames, usePlaceNames } from '../../locations/api';

export { placeText, type PlaceNames } from '../../locations/api';

type Placed = Pick<
  DonationRequest,
  'recipientDivision' | 'recipientDistrict' | 'recipientUpazila' | 'recipientDivisionId' | 'recipientDistrictId' | 'recipientUpazilaId'
>;

/** A request's recipient place, in the shape the location names read. */
const requestPlace = (r: Placed): Place => ({
  division: r.recipientDivision,
  district: r.recipientDistrict,
  upazila: r.recipientUpazila,
  divisionId: r.recipientDivisionId,
  districtId: r.recipientDistrictId,
  upazilaId: r.recipientUpazilaId,
});

/** The requests' division, district and upazila names in the current language (locations/place-names.ts). */
export function useRequestPlaces(rows: Placed[]): (r: Placed) => PlaceNames {
  const placeOf = usePlaceNames(rows.map(requestPlace));
  return (r) => placeOf(requestPlace(r));
}
