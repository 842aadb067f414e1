import type { SEARCH_TEXTS } from './texts';
import type { Catalogue } from '../i18n/catalogue';

// বাংলা: রক্তদাতা খোঁজার পাতা, ফর্ম ও ফলাফল। Terms follow docs/glossary.md.

export default {
  'search/page': {
    heading: 'রক্তদাতা খুঁজুন',
    intro: 'রক্তের গ্রুপ ও এলাকা দিয়ে নিবন্ধিত রক্তদাতা খুঁজুন। নিচের যেকোনো ঘর বেছে নিন, তারপর ইমেইলে রক্তদাতার সঙ্গে যোগাযোগ করুন।',
    results: 'রক্তদাতা',
    found: { one: '{count} জন রক্তদাতা পাওয়া গেছে', other: '{count} জন রক্তদাতা পাওয়া গেছে' },
    chooseFirst: 'রক্তের গ্রুপ, এলাকা অথবা দুটোই বেছে নিয়ে “খুঁজুন” চাপুন।',
    searching: 'রক্তদাতা খোঁজা হচ্ছে…',
    failed: 'খোঁজা যায়নি।',
    tryAgain: 'আবার চেষ্টা করুন',
    emptyPage: 'এই পাতায় কোনো রক্তদাতা নেই।',
    noResults: 'এই খোঁজের সঙ্গে মেলে এমন কোনো রক্তদাতা এখনো নেই।',
    wider: 'আরেকটু বড় পরিসরে খুঁজে দেখুন, যেমন উপজেলা বাদ দিয়ে।',
    pages: 'খোঁজের ফলাফলের পাতা',
    signInNote: 'লগইন না করা পর্যন্ত রক্তদাতাদের ইমেইল ঠিকানার কিছু অংশ লুকানো থাকে।',
    signIn: 'রক্তদাতার সঙ্গে কীভাবে যোগাযোগ করবেন, দেখতে লগইন করুন',
  },
  'search/form': {
    label: 'রক্তদাতা খুঁজুন',
    bloodGroup: 'রক্তের গ্রুপ',
    bloodGroupPlaceholder: 'রক্তের গ্রুপ',
    division: 'বিভাগ',
    district: 'জেলা',
    upazila: 'উপজেলা',
    fillAny: 'অন্তত একটি ঘর পূরণ করুন',
    compatible: 'মিলতে পারে এমন অন্য গ্রুপের রক্তদাতাও দেখান',
    eligibleOnly: 'শুধু যাঁরা এখন রক্ত দিতে পারবেন',
    search: 'খুঁজুন',
    clear: 'মুছে ফেলুন',
  },
  'search/results': {
    caption: 'খোঁজের সঙ্গে মেলে এমন রক্তদাতা',
    bloodGroupBefore: 'রক্তের গ্রুপ ',
    avatar: 'ছবি',
    name: 'নাম',
    email: 'ইমেইল',
    bloodGroup: 'রক্তের গ্রুপ',
    district: 'জেলা',
    upazila: 'উপজেলা',
    maskedEmailHint: 'পুরো ঠিকানা দেখতে লগইন করুন',
  },
} satisfies Catalogue<typeof SEARCH_TEXTS>;
