// The places' messages. Their Bangla is in texts.bn.ts, under the same keys.

/** The places' messages: an id that is not one, a district outside its division. */
export const LOCATION_MESSAGES = {
  locationId: 'Must be a location id',
  divisionOrDistrict: 'Give exactly one of divisionId or districtId',
  chainMismatch: 'The district must be in the division and the upazila in the district',
  chooseChain: 'Choose a division, then one of its districts, then one of its upazilas',
} as const;
