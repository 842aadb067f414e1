// বাংলা: The blogs' messages (issue 16), under the keys of the English ones in texts.ts: a
// message's id is its table and key, whatever its English sentence. src/shared/i18n/messages-bn.ts
// finds them. Terms follow docs/glossary.md.

import type { BLOG_CONTENT_MESSAGES, BLOG_MESSAGES } from './texts';
import { type BanglaOf, banglaNumber as n } from '../i18n/bangla';
import { BLOG_CONTENT_LIMITS } from './model';

export const BLOG_MESSAGES_BN = {
  idOrStatus: '_id অথবা status দিন',
  notFound: 'এমন কোনো ব্লগ নেই',
  publishedOnly: 'শুধু প্রকাশিত ব্লগ সবাই দেখতে পারেন',
  thumbnailRequired: 'একটি থাম্বনেইল ছবি দিন',
  titleRequired: 'শিরোনাম দিন',
  contentRequired: 'লেখা দিন',
  invalidTransition: 'ব্লগটি এই অবস্থায় নেওয়া যায় না',
  publishedAdminsOnly: 'প্রকাশিত ব্লগ শুধু অ্যাডমিন সম্পাদনা করতে পারেন',
} satisfies BanglaOf<typeof BLOG_MESSAGES>;

export const BLOG_CONTENT_MESSAGES_BN = {
  tooLong: `লেখাটি খুব বড় (সর্বোচ্চ ${n(BLOG_CONTENT_LIMITS.maxLength)} অক্ষরের HTML)`,
  tooDeep: `লেখার ভেতরে অনেক স্তরে জিনিস ঢোকানো আছে (তালিকা, উদ্ধৃতি ও ফরম্যাটিং একটির ভেতর আরেকটি সর্বোচ্চ ${n(BLOG_CONTENT_LIMITS.maxDepth)} স্তর; প্রায়ই কোনো ট্যাগ খোলা হয়েছে কিন্তু বন্ধ হয়নি)`,
  urlTooLong: `লেখার কোনো লিংক বা ছবির ঠিকানা খুব বড় (সর্বোচ্চ ${n(BLOG_CONTENT_LIMITS.maxUrlLength)} অক্ষর)`,
  cleanTooLong: `পরিষ্কার করার পরেও লেখাটি খুব বড় (সর্বোচ্চ ${n(BLOG_CONTENT_LIMITS.maxCleanLength)} অক্ষরের HTML)`,
} satisfies BanglaOf<typeof BLOG_CONTENT_MESSAGES>;
