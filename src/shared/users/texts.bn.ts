// বাংলা: The accounts' and sign-in messages (issue 16), under the keys of the English ones in
// texts.ts: a message's id is its table and key, whatever its English sentence.
// src/shared/i18n/messages-bn.ts finds them. Terms follow docs/glossary.md.

import type { AUTH_MESSAGES, PASSWORD_RESET_MESSAGES, USER_LIST_MESSAGES, USER_MESSAGES } from './texts';
import { type BanglaOf, banglaNumber as n } from '../i18n/bangla';
import { USER_SEARCH_MAX_LENGTH } from './model';

const ROLE_BN: Record<string, string> = { admin: 'অ্যাডমিন', volunteer: 'স্বেচ্ছাসেবক', donner: 'রক্তদাতা' };

export const AUTH_MESSAGES_BN = {
  invalidToken: 'টোকেনটি সঠিক নয় অথবা মেয়াদ শেষ',
  missingAuthorization: 'Authorization হেডার নেই অথবা সঠিক নয়',
  noSession: 'আগে লগইন করুন: এই ইমেইলের কোনো চালু সেশন নেই',
  sessionEnded: 'এই সেশন শেষ হয়েছে: আবার লগইন করুন',
  ownAccountOnly: 'আপনি শুধু নিজের অ্যাকাউন্ট দেখতে পারেন',
} satisfies BanglaOf<typeof AUTH_MESSAGES>;

export const USER_MESSAGES_BN = {
  noUser: 'এই ইমেইলে কোনো ব্যবহারকারী নেই',
  ownProfileEdit: 'আপনি শুধু নিজের প্রোফাইল সম্পাদনা করতে পারেন',
  ownProfileView: 'আপনি শুধু নিজের প্রোফাইল দেখতে পারেন',
  emailFixed: 'অ্যাকাউন্টের ইমেইল বদলানো যায় না',
  emailFixedField: 'ইমেইল বদলানো যায় না',
  statusOrRole: 'স্ট্যাটাস অথবা ভূমিকা, ঠিক একটি দিন',
  nameTooLong: 'নাম সর্বোচ্চ ১০০ অক্ষরের হতে পারে',
  emailRequired: '*ইমেইল দিন',
  emailInvalid: '*একটি সঠিক ইমেইল ঠিকানা দিন',
  nameRequired: '*নাম দিন',
  bloodGroupRequired: 'রক্তের গ্রুপ বেছে নিন',
  divisionRequired: 'বিভাগ বেছে নিন',
  districtRequired: 'জেলা বেছে নিন',
  upazilaRequired: 'উপজেলা বেছে নিন',
  photoRequired: '*ছবি দিন',
  passwordRequired: '*পাসওয়ার্ড দিন',
  passwordMin: '*পাসওয়ার্ড অন্তত ৬ অক্ষরের হতে হবে',
  passwordMax: '*পাসওয়ার্ড ২০ অক্ষরের কম হতে হবে',
  passwordPattern: '*পাসওয়ার্ডে অন্তত একটি বড় হাতের অক্ষর, একটি ছোট হাতের অক্ষর, একটি সংখ্যা ও একটি বিশেষ চিহ্ন থাকতে হবে',
  passwordMismatch: '*পাসওয়ার্ড দুটি মেলেনি',
  emailTaken: 'এই ইমেইলে আগেই একটি অ্যাকাউন্ট আছে। অনুগ্রহ করে লগইন করুন।',
  invalidCredentials: 'ইমেইল অথবা পাসওয়ার্ড সঠিক নয়',
  lastDonationInFuture: 'শেষ রক্তদানের তারিখ একটি সত্যিকারের দিন হতে হবে, আজ বা তার আগের',
  lastAdmin: 'ইনিই শেষ সক্রিয় অ্যাডমিন: আগে আরেকজনকে অ্যাডমিন করুন।',
  signInLocked: (minutes: number) =>
    `এই অ্যাকাউন্টে অনেকবার ভুল লগইন হয়েছে: ${n(minutes)} মিনিট পরে আবার চেষ্টা করুন, অথবা আগে ব্যবহার করা কোনো ডিভাইস থেকে লগইন করুন।`,
  alreadyStatus: (status: string) => `এই অ্যাকাউন্টটি আগে থেকেই ${status === 'active' ? 'সক্রিয়' : 'ব্লক করা'}`,
  alreadyRole: (role: string) => `এই অ্যাকাউন্টটি আগে থেকেই ${ROLE_BN[role] ?? role}`,
  loginEmailRequired: '*নাম দিন',
} satisfies BanglaOf<typeof USER_MESSAGES>;

export const USER_LIST_MESSAGES_BN = {
  unknownRole: 'এমন কোনো ভূমিকা নেই: admin, volunteer বা donner দিন',
  searchTooLong: `সর্বোচ্চ ${n(USER_SEARCH_MAX_LENGTH)} অক্ষর দিয়ে খুঁজুন`,
  unknownBloodGroup: 'অজানা রক্তের গ্রুপ',
} satisfies BanglaOf<typeof USER_LIST_MESSAGES>;

export const PASSWORD_RESET_MESSAGES_BN = {
  disabled: 'এই সাইটে ইমেইলে পাসওয়ার্ড নতুন করে দেওয়ার ব্যবস্থা চালু নেই',
  invalidLink: 'লিংকটি সঠিক নয় অথবা মেয়াদ শেষ: নতুন একটি লিংক চেয়ে নিন',
} satisfies BanglaOf<typeof PASSWORD_RESET_MESSAGES>;
