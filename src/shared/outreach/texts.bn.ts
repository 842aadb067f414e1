// বাংলা: Outreach's messages and the alerts' few texts (issue 16), under the keys of the English
// ones in texts.ts: a message's id is its table and key, whatever its English sentence.
// src/shared/i18n/messages-bn.ts finds them. Terms follow docs/glossary.md.

import type { OUTREACH_MESSAGES } from './texts';
import type { BanglaOf } from '../i18n/bangla';

export const OUTREACH_MESSAGES_BN = {
  closedKeepsPledges: 'সম্পন্ন বা বাতিল অনুরোধের অঙ্গীকার বদলানো যায় না',
  progressForbidden: 'রক্তদাতা খোঁজার অগ্রগতি শুধু অনুরোধকারী, স্বেচ্ছাসেবক বা অ্যাডমিন দেখতে পারেন',
  unsubscribeInvalid: 'আনসাবস্ক্রাইব লিংকটি সঠিক নয়',
  answerChoice: 'হ্যাঁ অথবা না উত্তর দিন',
  accept: 'হ্যাঁ, আমি রক্ত দিতে পারব',
  decline: 'না, এবার পারব না',
  verifyEmailSubject: 'আপনার ইমেইল ঠিকানা নিশ্চিত করুন',
  timeFormat: '২২:০০-এর মতো করে সময় লিখুন',
  notPledged: 'এই অনুরোধে আপনি রক্ত দেওয়ার অঙ্গীকার করেননি',
  alreadyAnswered: 'এই অনুরোধের উত্তর আপনি আগেই দিয়েছেন',
} satisfies BanglaOf<typeof OUTREACH_MESSAGES>;
