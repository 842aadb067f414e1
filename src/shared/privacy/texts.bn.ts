// বাংলা: The export's and the deletion's messages (issue 16), under the keys of the English ones in
// texts.ts: a message's id is its table and key, whatever its English sentence.
// src/shared/i18n/messages-bn.ts finds them. Terms follow docs/glossary.md.

import type { PRIVACY_MESSAGES, PRIVACY_TEXTS } from './texts';
import type { BanglaOf } from '../i18n/bangla';

export const PRIVACY_TEXTS_BN = {
  ownExportOnly: 'আপনি শুধু নিজের তথ্য ডাউনলোড করতে পারেন',
  ownDeleteOnly: 'আপনি শুধু নিজের অ্যাকাউন্ট মুছতে পারেন',
  confirmMismatch: 'মুছে ফেলা নিশ্চিত করতে নিজের ইমেইল ঠিকানা লিখুন',
  lastAdmin: 'আপনিই শেষ সক্রিয় অ্যাডমিন: অ্যাকাউন্ট মোছার আগে আরেকজনকে অ্যাডমিন করুন',
} satisfies BanglaOf<typeof PRIVACY_TEXTS>;

export const PRIVACY_MESSAGES_BN = {
  typeEmail: 'আপনার ইমেইল ঠিকানা লিখুন',
} satisfies BanglaOf<typeof PRIVACY_MESSAGES>;
