// বাংলা: The audit trail's messages (issue 16), under the keys of the English ones in texts.ts: a
// message's id is its table and key, whatever its English sentence. src/shared/i18n/messages-bn.ts
// finds them. Terms follow docs/glossary.md.

import type { AUDIT_MESSAGES } from './texts';
import type { BanglaOf } from '../i18n/bangla';

export const AUDIT_MESSAGES_BN = {
  fromNotAfterTo: 'শুরুর তারিখ শেষের তারিখের পরে হতে পারে না',
  notAction: 'এটি অডিট লগের কোনো কাজ নয়',
} satisfies BanglaOf<typeof AUDIT_MESSAGES>;
