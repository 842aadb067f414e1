// বাংলা: A phone's message (issue 16), under the keys of the English ones in texts.ts: a message's
// id is its table and key, whatever its English sentence. src/shared/i18n/messages-bn.ts finds
// them. Terms follow docs/glossary.md.

import type { PHONE_MESSAGES } from './texts';
import type { BanglaOf } from '../i18n/bangla';

export const PHONE_MESSAGES_BN = {
  invalid: 'বাংলাদেশের একটি মোবাইল নম্বর দিন, যেমন 01712345678',
  smsDisabled: 'এই সাইট এসএমএস পাঠায় না, তাই এখানে ফোন যাচাই করা যায় না',
  codeInvalid: 'এসএমএসে পাওয়া ৬ অঙ্কের কোডটি দিন',
  codeWrong: 'কোডটি সঠিক নয়, অথবা এর মেয়াদ শেষ। নতুন কোড চান।',
  codeBurnt: 'অনেকবার ভুল হয়েছে: নতুন কোড চান',
  numberTaken: 'এই নম্বরটি আরেকটি অ্যাকাউন্টে যাচাই করা আছে',
  noAccount: 'এই নম্বরে এখনো কোনো অ্যাকাউন্ট নেই। নম্বরটি দিয়ে নিবন্ধন করুন, অথবা ইমেইল দিয়ে সাইন ইন করে প্রোফাইলে নম্বরটি যাচাই করুন।',
  hasAccount: 'এই নম্বরে আগেই একটি অ্যাকাউন্ট আছে: নম্বরটি দিয়ে লগইন করুন',
} satisfies BanglaOf<typeof PHONE_MESSAGES>;
