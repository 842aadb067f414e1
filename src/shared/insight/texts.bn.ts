// বাংলা: The admin figures' messages (issue 16), under the keys of the English ones in texts.ts: a
// message's id is its table and key, whatever its English sentence. src/shared/i18n/messages-bn.ts
// finds them. Terms follow docs/glossary.md.

import type { INSIGHT_MESSAGES } from './texts';
import type { BanglaOf } from '../i18n/bangla';

export const INSIGHT_MESSAGES_BN = {
  noDivision: 'এই আইডিতে কোনো বিভাগ নেই',
  divisionId: 'একটি বিভাগের আইডি দিন',
  fromBeforeTo: 'শুরুর তারিখ শেষের তারিখের আগে বা একই দিনে হতে হবে',
} satisfies BanglaOf<typeof INSIGHT_MESSAGES>;
