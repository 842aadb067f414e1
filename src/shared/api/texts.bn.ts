// বাংলা: The API's generic messages (issue 16), under the keys of the English ones in texts.ts: a
// message's id is its table and key, whatever its English sentence. src/shared/i18n/messages-bn.ts
// finds them. Terms follow docs/glossary.md.

import type { API_MESSAGES, CLIENT_MESSAGES } from './texts';
import { type BanglaOf, banglaNumber as n } from '../i18n/bangla';

export const API_MESSAGES_BN = {
  invalidBody: 'পাঠানো তথ্য সঠিক নয়',
  invalidQuerystring: 'ঠিকানার প্রশ্নাংশ (query) সঠিক নয়',
  invalidParams: 'ঠিকানার অংশ সঠিক নয়',
  invalidHeaders: 'হেডার সঠিক নয়',
  invalidRequest: 'অনুরোধটি সঠিক নয়',
  invalidValue: 'মানটি সঠিক নয়',
  internalError: 'সার্ভারে একটি সমস্যা হয়েছে',
  unavailable: 'সেবাটি এই মুহূর্তে পাওয়া যাচ্ছে না',
  databaseUnreachable: 'ডেটাবেসের সঙ্গে যোগাযোগ করা যাচ্ছে না',
  authenticationRequired: 'আগে লগইন করুন',
  notAllowed: 'এটি করার অনুমতি আপনার নেই',
  notFound: 'পাওয়া যায়নি',
  malformed: 'অনুরোধটির গঠন সঠিক নয়',
  headersTooLarge: 'অনুরোধের হেডার খুব বড়',
  tooSlow: 'অনুরোধটি পৌঁছাতে খুব বেশি সময় নিয়েছে',
  nulCharacter: 'অনুরোধে একটি অচল (NUL) অক্ষর আছে',
  metricsToken: 'মেট্রিক্স টোকেন প্রয়োজন',
  tooManyRequests: (seconds: number) => `অনেক বেশি অনুরোধ: ${n(seconds)} সেকেন্ড পরে আবার চেষ্টা করুন`,
  routeNotFound: (method: string, path: string) => `${method} ${path} ঠিকানাটি পাওয়া যায়নি`,
  atMostCharacters: (max: number) => `সর্বোচ্চ ${n(max)} অক্ষর`,
  atMostDays: (max: number) => `সর্বোচ্চ ${n(max)} দিন`,
  atMost: (max: number) => `সর্বোচ্চ ${n(max)}`,
  oneOf: (list: string) => `এগুলোর একটি: ${list}`,
} satisfies BanglaOf<typeof API_MESSAGES>;

export const CLIENT_MESSAGES_BN = {
  failed: 'কিছু একটা ভুল হয়েছে। আবার চেষ্টা করুন।',
  unreachable: 'সার্ভারের সঙ্গে যোগাযোগ করা যাচ্ছে না। আপনার ইন্টারনেট সংযোগ দেখে নিন।',
} satisfies BanglaOf<typeof CLIENT_MESSAGES>;
