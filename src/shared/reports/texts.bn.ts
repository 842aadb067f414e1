// বাংলা: The reports' messages (issue 16), under the keys of the English ones in texts.ts: a
// message's id is its table and key, whatever its English sentence. src/shared/i18n/messages-bn.ts
// finds them. Terms follow docs/glossary.md.

import type { REPORT_MESSAGES, REPORT_TEXTS } from './texts';
import { type BanglaOf, banglaNumber as n } from '../i18n/bangla';

export const REPORT_TEXTS_BN = {
  underReview: 'অভিযোগ পাওয়ায় স্বেচ্ছাসেবকেরা এই অনুরোধটি যাচাই করছেন',
  ownRequest: 'নিজের অনুরোধের বিরুদ্ধে অভিযোগ করা যায় না',
  closed: 'শুধু চালু অনুরোধের বিরুদ্ধেই অভিযোগ করা যায়',
  duplicateReport: 'এই অনুরোধের বিরুদ্ধে আপনি আগেই অভিযোগ করেছেন',
  removeClosed: 'এই অনুরোধটি আগেই বন্ধ হয়েছে: বরং এর অভিযোগগুলো খারিজ করুন',
  noOpenReports: 'এই অনুরোধের কোনো খোলা অভিযোগ নেই',
  tooManyRequests: (perDay: number) =>
    `২৪ ঘণ্টায় সর্বোচ্চ ${n(perDay)}টি অনুরোধ করা যায়। একটু অপেক্ষা করুন, অথবা জরুরি হলে কোনো স্বেচ্ছাসেবককে আপনার হয়ে অনুরোধটি দিতে বলুন।`,
  tooManyReports: (perDay: number) =>
    `২৪ ঘণ্টায় সর্বোচ্চ ${n(perDay)}টি অভিযোগ পাঠানো যায়। আরও অনুরোধের বিরুদ্ধে অভিযোগ করার আগে একটু অপেক্ষা করুন।`,
} satisfies BanglaOf<typeof REPORT_TEXTS>;

export const REPORT_MESSAGES_BN = {
  staffOnly: 'অভিযোগের নিষ্পত্তি শুধু স্বেচ্ছাসেবক বা অ্যাডমিন করতে পারেন',
  resolutionChoice: 'নিষ্পত্তি হবে dismiss (খারিজ) অথবা remove (সরিয়ে দেওয়া)',
} satisfies BanglaOf<typeof REPORT_MESSAGES>;
