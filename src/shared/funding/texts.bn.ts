// বাংলা: Funding's messages (issue 16), under the keys of the English ones in texts.ts: a message's
// id is its table and key, whatever its English sentence. src/shared/i18n/messages-bn.ts finds
// them. Terms follow docs/glossary.md.

import type { FUNDING_MESSAGES } from './texts';
import type { BanglaOf } from '../i18n/bangla';

export const FUNDING_MESSAGES_BN = {
  missingSignature: 'Stripe স্বাক্ষর নেই',
  invalidSignature: 'Stripe স্বাক্ষর সঠিক নয়',
  enterAmount: 'টাকার পরিমাণ লিখুন',
  checkoutFailed: 'পেমেন্ট সেবা লেনদেনটি শুরু করতে পারেনি। একটু পরে আবার চেষ্টা করুন।',
  onlineNotSetUp: 'এই সাইটে অনলাইনে অনুদান দেওয়ার ব্যবস্থা এখনো চালু হয়নি',
  noCheckoutPage: 'পেমেন্ট সেবা কোনো পেমেন্ট পাতা দেয়নি',
  anonymous: 'নাম প্রকাশে অনিচ্ছুক',
  trueOrFalse: 'হ্যাঁ (true) অথবা না (false) হতে হবে',
} satisfies BanglaOf<typeof FUNDING_MESSAGES>;
