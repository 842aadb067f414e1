// বাংলা: A phone's message (issue 16), under the keys of the English ones in texts.ts: a message's
// id is its table and key, whatever its English sentence. src/shared/i18n/messages-bn.ts finds
// them. Terms follow docs/glossary.md.

import type { PHONE_MESSAGES } from './texts';
import type { BanglaOf } from '../i18n/bangla';

export const PHONE_MESSAGES_BN = {
  invalid: 'বাংলাদেশের একটি মোবাইল নম্বর দিন, যেমন 01712345678',
} satisfies BanglaOf<typeof PHONE_MESSAGES>;
