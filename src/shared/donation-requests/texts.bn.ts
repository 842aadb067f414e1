// বাংলা: The donation requests' messages, and their labels (the alerts and certificates use them)
// (issue 16), under the keys of the English ones in texts.ts: a message's id is its table and key,
// whatever its English sentence. src/shared/i18n/messages-bn.ts finds them. Terms follow
// docs/glossary.md.

import type { DONATION_MESSAGES, PLEDGE_MESSAGES } from './texts';
import { type BanglaOf, banglaNumber as n } from '../i18n/bangla';
import { type DeferralReason, type DonationStatus, MAX_UNITS, type PledgeState, type Urgency } from './model';
import type { BloodComponent } from '../matching/model';

export const DONATION_MESSAGES_BN = {
  emailOrId: 'ইমেইল অথবা আইডি, ঠিক একটি দিন',
  notFound: 'এই আইডিতে কোনো রক্তদানের অনুরোধ নেই',
  ownListOnly: 'আপনি শুধু নিজের অনুরোধগুলো দেখতে পারেন',
  closedNoEdit: 'সম্পন্ন বা বাতিল অনুরোধ আর সম্পাদনা করা যায় না',
  matchesForbidden: 'মিলে যাওয়া রক্তদাতাদের শুধু অনুরোধকারী, স্বেচ্ছাসেবক বা অ্যাডমিন দেখতে পারেন',
  urgencyChoice: 'সাধারণ, জরুরি বা অতি জরুরি বেছে নিন',
  componentChoice: 'পূর্ণ রক্ত, লোহিত কণিকা, প্লাটিলেট বা প্লাজমা বেছে নিন',
  fullAddressRequired: '*পূর্ণ ঠিকানা দিন',
  hospitalNameRequired: '*হাসপাতালের নাম দিন',
  donationDateRequired: '*রক্তদানের তারিখ দিন',
  donationTimeRequired: '*রক্তদানের সময় দিন',
  requestMessageRequired: '*অনুরোধের বার্তা লিখুন',
  dateInPast: 'রক্তদানের তারিখ অতীতের হতে পারে না',
  blockedText: 'আপনার অ্যাকাউন্ট ব্লক করা আছে!',
  notPending: 'এই অনুরোধটি আর রক্তদাতার অপেক্ষায় নেই',
  ownRequest: 'নিজের অনুরোধে রক্ত দেওয়ার অঙ্গীকার করা যায় না',
  requesterBlocked: 'এই অনুরোধটি আপাতত স্থগিত: এর অনুরোধকারীর সঙ্গে এখন সাইটের মাধ্যমে যোগাযোগ করা যাচ্ছে না',
  notInProgress: 'শুধু চলমান অনুরোধই সম্পন্ন বা বাতিল করা যায়',
  alreadyPledged: 'এই অনুরোধে আপনি আগেই রক্ত দেওয়ার অঙ্গীকার করেছেন',
  expired: 'এই অনুরোধের মেয়াদ শেষ: এর তারিখ ও সময় পেরিয়ে গেছে',
  unitsRange: `${n(1)} থেকে ${n(MAX_UNITS)} ব্যাগ`,
  notCompatible: 'আপনার রক্তের গ্রুপ এই রোগীর প্রয়োজনীয় রক্ত দিতে পারে না',
  notEligible: 'এই দিনে আপনি রক্ত দিতে পারবেন না: আপনার শেষ রক্তদান খুব সাম্প্রতিক, অথবা আপনি নিজেকে অপ্রস্তুত হিসেবে চিহ্নিত করেছেন',
  notConfirmed: 'রক্ত দেওয়ার অঙ্গীকার করার আগে আপনার ইমেইল ঠিকানা নিশ্চিত করুন',
  pledgedElsewhere: 'এই দিনের কাছাকাছি আরেকজন রোগীকে রক্ত দেওয়ার অঙ্গীকার আপনি আগেই করেছেন: একবারে একটি রক্তদান',
  withdrawnBefore: 'আপনি এই অনুরোধ থেকে সরে এসেছেন, তাই এতে আবার অঙ্গীকার করা যাবে না',
  heldUntilConfirmed: 'আপনার ইমেইল ঠিকানা নিশ্চিত না করা পর্যন্ত এই অনুরোধের কথা রক্তদাতাদের জানানো হবে না: আমাদের পাঠানো লিংকটি খুলুন।',
  tooManyWithdrawals: (perDay: number) => `২৪ ঘণ্টায় সর্বোচ্চ ${n(perDay)}টি অঙ্গীকার থেকে সরে আসা যায়`,
  recipientNameRequired: '*নাম দিন',
} satisfies BanglaOf<typeof DONATION_MESSAGES>;

/** The requests' labels in Bangla, keyed as URGENCY_LABELS, COMPONENT_LABELS and STATUS_LABELS (texts.ts): the alerts and the certificates use them. */
export const URGENCY_LABELS_BN = { normal: 'সাধারণ', urgent: 'জরুরি', critical: 'অতি জরুরি' } satisfies Record<Urgency, string>;
export const COMPONENT_LABELS_BN = { whole_blood: 'পূর্ণ রক্ত', red_cells: 'লোহিত কণিকা', platelets: 'প্লাটিলেট', plasma: 'প্লাজমা' } satisfies Record<BloodComponent, string>;
export const STATUS_LABELS_BN = { pending: 'অপেক্ষমাণ', inprogress: 'চলমান', done: 'সম্পন্ন', canceled: 'বাতিল' } satisfies Record<DonationStatus, string>;

/** A pledge's state and a deferral's reason in Bangla, keyed as PLEDGE_STATE_LABELS and DEFERRAL_REASON_LABELS (texts.ts). */
export const PLEDGE_STATE_LABELS_BN = {
  pledged: 'অঙ্গীকার করেছেন',
  on_the_way: 'আসছেন',
  arrived: 'পৌঁছেছেন',
  donated: 'রক্ত দিয়েছেন',
  no_show: 'আসেননি',
  deferred: 'ব্লাড ব্যাংক ফিরিয়ে দিয়েছে',
} satisfies Record<PledgeState, string>;
export const DEFERRAL_REASON_LABELS_BN = {
  low_haemoglobin: 'হিমোগ্লোবিন কম',
  illness: 'অসুস্থতা',
  medication: 'ওষুধ',
  other: 'অন্য কারণ',
} satisfies Record<DeferralReason, string>;

export const PLEDGE_MESSAGES_BN = {
  checkinChoice: 'on_the_way অথবা arrived বেছে নিন',
  outcomeChoice: 'donated, no_show অথবা deferred বেছে নিন',
  reasonChoice: 'ব্লাড ব্যাংক কেন ফিরিয়ে দিয়েছে বলুন: low_haemoglobin, illness, medication অথবা other',
  noSuchPledge: 'এই অনুরোধে এই আইডির কোনো অঙ্গীকার নেই',
  outcomeForbidden: 'অঙ্গীকারের ফলাফল শুধু অনুরোধকারী, স্বেচ্ছাসেবক বা অ্যাডমিন লিখতে পারেন',
  decided: 'এই অঙ্গীকারের ফলাফল আগেই লেখা হয়েছে',
  checkinBehind: 'আপনি আগেই এর চেয়ে বেশি জানিয়েছেন',
  checkinDecided: 'আপনার অঙ্গীকারের ফলাফল আগেই লেখা হয়েছে',
  requestClosed: 'এই অনুরোধ সম্পন্ন বা বাতিল: এর অঙ্গীকার আর বদলায় না',
  donatedKept: 'আপনার রক্তদান লেখা হয়েছে: এটি আর ফিরিয়ে নেওয়া যায় না',
} satisfies BanglaOf<typeof PLEDGE_MESSAGES>;
