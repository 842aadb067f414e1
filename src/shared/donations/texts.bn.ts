// বাংলা: The donor history's and certificates' messages (issue 16), under the keys of the English
// ones in texts.ts: a message's id is its table and key, whatever its English sentence.
// src/shared/i18n/messages-bn.ts finds them. Terms follow docs/glossary.md.

import type { CERTIFICATE_MESSAGES, DONATION_TEXTS } from './texts';
import type { BanglaOf } from '../i18n/bangla';

export const DONATION_TEXTS_BN = {
  ownOnly: 'আপনি শুধু নিজের রক্তদানের তালিকা দেখতে পারেন',
  noDonation: 'এই আইডিতে কোনো সম্পন্ন রক্তদান নেই',
  certificateForbidden: 'এই সনদ শুধু রক্তদাতা নিজে এবং স্বেচ্ছাসেবক বা অ্যাডমিন ডাউনলোড করতে পারেন',
  noCertificate: 'এই কোডে কোনো সনদ নেই',
  disputeOwnOnly: 'নিজের নামে লেখা রক্তদানে শুধু রক্তদাতা নিজেই আপত্তি জানাতে পারেন',
  alreadyDisputed: 'এই রক্তদানে আগেই আপত্তি জানানো হয়েছে',
  noUser: 'এই ইমেইলে কোনো ব্যবহারকারী নেই',
} satisfies BanglaOf<typeof DONATION_TEXTS>;

export const CERTIFICATE_MESSAGES_BN = {
  notCertificateCode: 'এটি সনদের কোড নয়',
  notDonationId: 'এটি রক্তদানের আইডি নয়',
} satisfies BanglaOf<typeof CERTIFICATE_MESSAGES>;
