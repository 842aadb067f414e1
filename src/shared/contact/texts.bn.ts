// বাংলা: The contact form's and the operator's pages' messages (issue 16), under the keys of the
// English ones in texts.ts: a message's id is its table and key, whatever its English sentence.
// src/shared/i18n/messages-bn.ts finds them. Terms follow docs/glossary.md.

import type { CONTACT_MESSAGES } from './texts';
import { type BanglaOf, banglaNumber as n } from '../i18n/bangla';
import { CONTACT_MESSAGE_MAX } from './model';

export const CONTACT_MESSAGES_BN = {
  messageRequired: 'একটি বার্তা লিখুন',
  messageTooLong: `বার্তা সর্বোচ্চ ${n(CONTACT_MESSAGE_MAX)} অক্ষরের হতে পারে`,
  notFound: 'এমন কোনো বার্তা নেই',
  tooManyFromEmail: 'গত এক ঘণ্টায় আপনি কয়েকটি বার্তা পাঠিয়েছেন: আরেকটি পাঠানোর আগে একটু অপেক্ষা করুন',
  handledOnly: 'শুধু বার্তাটি নিষ্পন্ন হিসেবে চিহ্নিত করা যায়',
  notMessageId: 'এটি বার্তার আইডি নয়',
  pageChoice: 'পাতাটি privacy অথবা terms হতে পারে',
} satisfies BanglaOf<typeof CONTACT_MESSAGES>;
