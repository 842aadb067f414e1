// বাংলা: The places' messages (issue 16), under the keys of the English ones in texts.ts: a
// message's id is its table and key, whatever its English sentence. src/shared/i18n/messages-bn.ts
// finds them. Terms follow docs/glossary.md.

import type { LOCATION_MESSAGES } from './texts';
import type { BanglaOf } from '../i18n/bangla';

export const LOCATION_MESSAGES_BN = {
  locationId: 'একটি এলাকার আইডি হতে হবে',
  divisionOrDistrict: 'divisionId অথবা districtId, ঠিক একটি দিন',
  chainMismatch: 'জেলাটি বিভাগের মধ্যে আর উপজেলাটি জেলার মধ্যে হতে হবে',
  chooseChain: 'একটি বিভাগ, তারপর তার একটি জেলা, তারপর তার একটি উপজেলা বেছে নিন',
} satisfies BanglaOf<typeof LOCATION_MESSAGES>;
