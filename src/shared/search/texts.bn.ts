// বাংলা: Donor search's messages (issue 16), under the keys of the English ones in texts.ts: a
// message's id is its table and key, whatever its English sentence. src/shared/i18n/messages-bn.ts
// finds them. Terms follow docs/glossary.md.

import type { SEARCH_MESSAGES } from './texts';
import type { BanglaOf } from '../i18n/bangla';

export const SEARCH_MESSAGES_BN = {
  unknownBloodGroup: 'অজানা রক্তের গ্রুপ',
  fillAny: 'অন্তত একটি ঘর পূরণ করুন',
  trueOrFalse: 'true অথবা false দিন',
} satisfies BanglaOf<typeof SEARCH_MESSAGES>;
