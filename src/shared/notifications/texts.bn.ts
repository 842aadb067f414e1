// বাংলা: The notifications' and push endpoints' messages (issue 16), under the keys of the English
// ones in texts.ts: a message's id is its table and key, whatever its English sentence.
// src/shared/i18n/messages-bn.ts finds them. Terms follow docs/glossary.md.

import type { NOTIFICATION_MESSAGES, PUSH_SERVICE_MESSAGES } from './texts';
import type { BanglaOf } from '../i18n/bangla';

export const NOTIFICATION_MESSAGES_BN = {
  notFound: 'এই আইডিতে কোনো বিজ্ঞপ্তি নেই',
  ownSettingsChange: 'আপনি শুধু নিজের বিজ্ঞপ্তির সেটিংস বদলাতে পারেন',
  ownSettingsView: 'আপনি শুধু নিজের বিজ্ঞপ্তির সেটিংস দেখতে পারেন',
  oneClick: 'এক ক্লিকে আনসাবস্ক্রাইবের অনুরোধে List-Unsubscribe=One-Click পাঠাতে হয়',
} satisfies BanglaOf<typeof NOTIFICATION_MESSAGES>;

export const PUSH_SERVICE_MESSAGES_BN = {
  notHttps: 'পুশ সতর্কবার্তার ঠিকানা (endpoint) অবশ্যই https:// দিয়ে শুরু হতে হবে',
  port: 'পুশ সতর্কবার্তার ঠিকানায় (endpoint) https-এর সাধারণ পোর্টই থাকতে হবে',
  malformed: 'পুশ সতর্কবার্তার এই ঠিকানাটি (endpoint) সঠিক নয়',
  notPushService: 'পুশ সতর্কবার্তার এই ঠিকানাটি (endpoint) কোনো ব্রাউজারের পুশ সেবার নয়',
} satisfies BanglaOf<typeof PUSH_SERVICE_MESSAGES>;
