import { PASSWORD_RESET_MESSAGES, USER_LIST_MESSAGES, USER_MESSAGES } from '../users/texts';
import { USER_SEARCH_MAX_LENGTH } from '../users/model';
import { DONATION_MESSAGES } from '../donation-requests/texts';
import { MAX_UNITS } from '../donation-requests/model';
import { BLOG_CONTENT_LIMITS } from '../blogs/model';
import { BLOG_CONTENT_MESSAGES, BLOG_MESSAGES } from '../blogs/texts';
import { FUNDING_MESSAGES } from '../funding/texts';
import { SEARCH_MESSAGES } from '../search/texts';
import { OUTREACH_MESSAGES } from '../outreach/texts';
import { PUSH_SERVICE_MESSAGES } from '../notifications/texts';
import { PHONE_MESSAGES } from '../phone/texts';
import { CONTACT_MESSAGE_MAX } from '../contact/model';
import { CONTACT_MESSAGES } from '../contact/texts';

// The API's and the forms' messages in Bangla (issue 16): `message` (and each issue's) in the one
// error shape, for callers whose Accept-Language puts Bangla first, and the same schemas' messages
// under a form's fields. Keyed by the English text, so a message is written once, in English, where
// it is raised; src/server/plugins/error-language.test.ts fails when a message the server can send has no
// entry here. The web loads this module only in Bangla mode. Terms follow docs/glossary.md.

const bnNumber = new Intl.NumberFormat('bn-BD');
const n = (value: number) => bnNumber.format(value);

export const EXACT_BN: Record<string, string> = {
  // The error shape's own
  'Invalid body': 'পাঠানো তথ্য সঠিক নয়',
  'Invalid querystring': 'ঠিকানার প্রশ্নাংশ (query) সঠিক নয়',
  'Invalid params': 'ঠিকানার অংশ সঠিক নয়',
  'Invalid headers': 'হেডার সঠিক নয়',
  'Invalid request': 'অনুরোধটি সঠিক নয়',
  'Invalid value': 'মানটি সঠিক নয়',
  'Internal server error': 'সার্ভারে একটি সমস্যা হয়েছে',
  'Service unavailable': 'সেবাটি এই মুহূর্তে পাওয়া যাচ্ছে না',
  'Database unreachable': 'ডেটাবেসের সঙ্গে যোগাযোগ করা যাচ্ছে না',
  'Authentication required': 'আগে লগইন করুন',
  'You are not allowed to do this': 'এটি করার অনুমতি আপনার নেই',
  'Not found': 'পাওয়া যায়নি',
  'Malformed HTTP request': 'অনুরোধটির গঠন সঠিক নয়',
  'Request headers too large': 'অনুরোধের হেডার খুব বড়',
  'The request took too long to arrive': 'অনুরোধটি পৌঁছাতে খুব বেশি সময় নিয়েছে',
  'The request contains a NUL character': 'অনুরোধে একটি অচল (NUL) অক্ষর আছে',
  // Sign-in and tokens
  'A metrics token is needed': 'মেট্রিক্স টোকেন প্রয়োজন',
  'Invalid or expired token': 'টোকেনটি সঠিক নয় অথবা মেয়াদ শেষ',
  'Missing or malformed Authorization header': 'Authorization হেডার নেই অথবা সঠিক নয়',
  'Sign in first: no valid session for this email': 'আগে লগইন করুন: এই ইমেইলের কোনো চালু সেশন নেই',
  'This session has ended: sign in again': 'এই সেশন শেষ হয়েছে: আবার লগইন করুন',
  'You can only check your own account': 'আপনি শুধু নিজের অ্যাকাউন্ট দেখতে পারেন',
  // Users
  'No user with this email': 'এই ইমেইলে কোনো ব্যবহারকারী নেই',
  'You can only edit your own profile': 'আপনি শুধু নিজের প্রোফাইল সম্পাদনা করতে পারেন',
  'You can only see your own profile': 'আপনি শুধু নিজের প্রোফাইল দেখতে পারেন',
  'The email of an account cannot be changed': 'অ্যাকাউন্টের ইমেইল বদলানো যায় না',
  'Email cannot be changed': 'ইমেইল বদলানো যায় না',
  'Give exactly one of status or role': 'স্ট্যাটাস অথবা ভূমিকা, ঠিক একটি দিন',
  'Give exactly one of email or id': 'ইমেইল অথবা আইডি, ঠিক একটি দিন',
  'Name must be at most 100 characters': 'নাম সর্বোচ্চ ১০০ অক্ষরের হতে পারে',
  [USER_MESSAGES.emailRequired]: '*ইমেইল দিন',
  [USER_MESSAGES.emailInvalid]: '*একটি সঠিক ইমেইল ঠিকানা দিন',
  [USER_MESSAGES.nameRequired]: '*নাম দিন',
  [USER_MESSAGES.bloodGroupRequired]: 'রক্তের গ্রুপ বেছে নিন',
  [USER_MESSAGES.divisionRequired]: 'বিভাগ বেছে নিন',
  [USER_MESSAGES.districtRequired]: 'জেলা বেছে নিন',
  [USER_MESSAGES.upazilaRequired]: 'উপজেলা বেছে নিন',
  [USER_MESSAGES.photoRequired]: '*ছবি দিন',
  [USER_MESSAGES.passwordRequired]: '*পাসওয়ার্ড দিন',
  [USER_MESSAGES.passwordMin]: '*পাসওয়ার্ড অন্তত ৬ অক্ষরের হতে হবে',
  [USER_MESSAGES.passwordMax]: '*পাসওয়ার্ড ২০ অক্ষরের কম হতে হবে',
  [USER_MESSAGES.passwordPattern]: '*পাসওয়ার্ডে অন্তত একটি বড় হাতের অক্ষর, একটি ছোট হাতের অক্ষর, একটি সংখ্যা ও একটি বিশেষ চিহ্ন থাকতে হবে',
  [USER_MESSAGES.passwordMismatch]: '*পাসওয়ার্ড দুটি মেলেনি',
  [USER_MESSAGES.emailTaken]: 'এই ইমেইলে আগেই একটি অ্যাকাউন্ট আছে। অনুগ্রহ করে লগইন করুন।',
  [USER_MESSAGES.invalidCredentials]: 'ইমেইল অথবা পাসওয়ার্ড সঠিক নয়',
  [USER_MESSAGES.lastDonationInFuture]: 'শেষ রক্তদানের তারিখ একটি সত্যিকারের দিন হতে হবে, আজ বা তার আগের',
  [USER_MESSAGES.lastAdmin]: 'ইনিই শেষ সক্রিয় অ্যাডমিন: আগে আরেকজনকে অ্যাডমিন করুন।',
  // All Users' search and filters (issue 38)
  [USER_LIST_MESSAGES.unknownRole]: 'এমন কোনো ভূমিকা নেই: admin, volunteer বা donner দিন',
  [USER_LIST_MESSAGES.searchTooLong]: `সর্বোচ্চ ${n(USER_SEARCH_MAX_LENGTH)} অক্ষর দিয়ে খুঁজুন`,
  // The account forms' own failure (src/web/users/form/server-errors.ts), when the server gave no message
  'Something went wrong. Please try again.': 'কিছু একটা ভুল হয়েছে। আবার চেষ্টা করুন।',
  // The web's own, when no answer came (src/web/lib/api-client.ts)
  'The server could not be reached. Check your connection.': 'সার্ভারের সঙ্গে যোগাযোগ করা যাচ্ছে না। আপনার ইন্টারনেট সংযোগ দেখে নিন।',
  // Locations
  'No division with this id': 'এই আইডিতে কোনো বিভাগ নেই',
  'A division id': 'একটি বিভাগের আইডি দিন',
  'Must be a location id': 'একটি এলাকার আইডি হতে হবে',
  'Give exactly one of divisionId or districtId': 'divisionId অথবা districtId, ঠিক একটি দিন',
  'The district must be in the division and the upazila in the district': 'জেলাটি বিভাগের মধ্যে আর উপজেলাটি জেলার মধ্যে হতে হবে',
  'Choose a division, then one of its districts, then one of its upazilas': 'একটি বিভাগ, তারপর তার একটি জেলা, তারপর তার একটি উপজেলা বেছে নিন',
  'Unknown blood group': 'অজানা রক্তের গ্রুপ',
  // Donation requests
  [DONATION_MESSAGES.notFound]: 'এই আইডিতে কোনো রক্তদানের অনুরোধ নেই',
  'You can only list your own requests': 'আপনি শুধু নিজের অনুরোধগুলো দেখতে পারেন',
  'Give either _id or status': '_id অথবা status দিন',
  'A request that is done or canceled can no longer be edited': 'সম্পন্ন বা বাতিল অনুরোধ আর সম্পাদনা করা যায় না',
  'A request that is done or canceled keeps its pledges': 'সম্পন্ন বা বাতিল অনুরোধের অঙ্গীকার বদলানো যায় না',
  'Only the requester, a volunteer or an admin can see the matching donors': 'মিলে যাওয়া রক্তদাতাদের শুধু অনুরোধকারী, স্বেচ্ছাসেবক বা অ্যাডমিন দেখতে পারেন',
  'Only the requester, a volunteer or an admin can follow the search for donors': 'রক্তদাতা খোঁজার অগ্রগতি শুধু অনুরোধকারী, স্বেচ্ছাসেবক বা অ্যাডমিন দেখতে পারেন',
  'Choose normal, urgent or critical': 'সাধারণ, জরুরি বা অতি জরুরি বেছে নিন',
  'Choose whole blood, red cells, platelets or plasma': 'পূর্ণ রক্ত, লোহিত কণিকা, প্লাটিলেট বা প্লাজমা বেছে নিন',
  [DONATION_MESSAGES.fullAddressRequired]: '*পূর্ণ ঠিকানা দিন',
  [DONATION_MESSAGES.hospitalNameRequired]: '*হাসপাতালের নাম দিন',
  [DONATION_MESSAGES.donationDateRequired]: '*রক্তদানের তারিখ দিন',
  [DONATION_MESSAGES.donationTimeRequired]: '*রক্তদানের সময় দিন',
  [DONATION_MESSAGES.requestMessageRequired]: '*অনুরোধের বার্তা লিখুন',
  [DONATION_MESSAGES.dateInPast]: 'রক্তদানের তারিখ অতীতের হতে পারে না',
  [DONATION_MESSAGES.blockedText]: 'আপনার অ্যাকাউন্ট ব্লক করা আছে!',
  [DONATION_MESSAGES.notPending]: 'এই অনুরোধটি আর রক্তদাতার অপেক্ষায় নেই',
  [DONATION_MESSAGES.ownRequest]: 'নিজের অনুরোধে রক্ত দেওয়ার অঙ্গীকার করা যায় না',
  [DONATION_MESSAGES.requesterBlocked]: 'এই অনুরোধটি আপাতত স্থগিত: এর অনুরোধকারীর সঙ্গে এখন সাইটের মাধ্যমে যোগাযোগ করা যাচ্ছে না',
  [DONATION_MESSAGES.notInProgress]: 'শুধু চলমান অনুরোধই সম্পন্ন বা বাতিল করা যায়',
  [DONATION_MESSAGES.alreadyPledged]: 'এই অনুরোধে আপনি আগেই রক্ত দেওয়ার অঙ্গীকার করেছেন',
  [DONATION_MESSAGES.expired]: 'এই অনুরোধের মেয়াদ শেষ: এর তারিখ ও সময় পেরিয়ে গেছে',
  [DONATION_MESSAGES.unitsRange]: `${n(1)} থেকে ${n(MAX_UNITS)} ব্যাগ`,
  // Blogs and images
  'No such blog': 'এমন কোনো ব্লগ নেই',
  'Only published blogs are public': 'শুধু প্রকাশিত ব্লগ সবাই দেখতে পারেন',
  'At most 200 characters': 'সর্বোচ্চ ২০০ অক্ষর',
  [BLOG_MESSAGES.thumbnailRequired]: 'একটি থাম্বনেইল ছবি দিন',
  [BLOG_MESSAGES.titleRequired]: 'শিরোনাম দিন',
  [BLOG_MESSAGES.contentRequired]: 'লেখা দিন',
  [BLOG_MESSAGES.invalidTransition]: 'ব্লগটি এই অবস্থায় নেওয়া যায় না',
  [BLOG_MESSAGES.publishedAdminsOnly]: 'প্রকাশিত ব্লগ শুধু অ্যাডমিন সম্পাদনা করতে পারেন',
  [BLOG_CONTENT_MESSAGES.tooLong]: `লেখাটি খুব বড় (সর্বোচ্চ ${n(BLOG_CONTENT_LIMITS.maxLength)} অক্ষরের HTML)`,
  [BLOG_CONTENT_MESSAGES.tooDeep]: `লেখার ভেতরে অনেক স্তরে জিনিস ঢোকানো আছে (তালিকা, উদ্ধৃতি ও ফরম্যাটিং একটির ভেতর আরেকটি সর্বোচ্চ ${n(BLOG_CONTENT_LIMITS.maxDepth)} স্তর; প্রায়ই কোনো ট্যাগ খোলা হয়েছে কিন্তু বন্ধ হয়নি)`,
  [BLOG_CONTENT_MESSAGES.urlTooLong]: `লেখার কোনো লিংক বা ছবির ঠিকানা খুব বড় (সর্বোচ্চ ${n(BLOG_CONTENT_LIMITS.maxUrlLength)} অক্ষর)`,
  [BLOG_CONTENT_MESSAGES.cleanTooLong]: `পরিষ্কার করার পরেও লেখাটি খুব বড় (সর্বোচ্চ ${n(BLOG_CONTENT_LIMITS.maxCleanLength)} অক্ষরের HTML)`,
  'No such image': 'এমন কোনো ছবি নেই',
  'Unknown picture': 'অজানা ছবি',
  'The picture is empty': 'ছবিটি খালি',
  'Send the picture in the field "image"': 'ছবিটি "image" ঘরে পাঠান',
  'Send the picture as multipart/form-data in the field "image"': 'ছবিটি multipart/form-data হিসেবে "image" ঘরে পাঠান',
  'Only JPEG, PNG or GIF pictures are accepted': 'শুধু JPEG, PNG বা GIF ছবি নেওয়া হয়',
  'The image is too large to process': 'ছবিটি প্রক্রিয়া করার জন্য খুব বড়',
  'The image could not be read: it may be damaged or incomplete': 'ছবিটি পড়া গেল না: হয়তো নষ্ট বা অসম্পূর্ণ',
  'Upload the picture with the picture picker first': 'আগে ছবি বাছাইয়ের বোতাম দিয়ে ছবিটি আপলোড করুন',
  // Funding
  'Missing Stripe signature': 'Stripe স্বাক্ষর নেই',
  'Invalid Stripe signature': 'Stripe স্বাক্ষর সঠিক নয়',
  'Enter an amount': 'টাকার পরিমাণ লিখুন',
  'The payment service could not start the payment. Please try again later.': 'পেমেন্ট সেবা লেনদেনটি শুরু করতে পারেনি। একটু পরে আবার চেষ্টা করুন।',
  'Online giving is not set up on this site': 'এই সাইটে অনলাইনে অনুদান দেওয়ার ব্যবস্থা এখনো চালু হয়নি',
  'The payment service gave no checkout page': 'পেমেন্ট সেবা কোনো পেমেন্ট পাতা দেয়নি',
  [FUNDING_MESSAGES.anonymous]: 'নাম প্রকাশে অনিচ্ছুক',
  // Search
  [SEARCH_MESSAGES.fillAny]: 'অন্তত একটি ঘর পূরণ করুন',
  'from must be on or before to': 'শুরুর তারিখ শেষের তারিখের আগে বা একই দিনে হতে হবে',
  'from must not be after to': 'শুরুর তারিখ শেষের তারিখের পরে হতে পারে না',
  // Alerts and notifications
  'No notification with this id': 'এই আইডিতে কোনো বিজ্ঞপ্তি নেই',
  'You can only change your own notification settings': 'আপনি শুধু নিজের বিজ্ঞপ্তির সেটিংস বদলাতে পারেন',
  'You can only see your own notification settings': 'আপনি শুধু নিজের বিজ্ঞপ্তির সেটিংস দেখতে পারেন',
  'This unsubscribe link is not valid': 'আনসাবস্ক্রাইব লিংকটি সঠিক নয়',
  'A one-click unsubscribe sends List-Unsubscribe=One-Click': 'এক ক্লিকে আনসাবস্ক্রাইবের অনুরোধে List-Unsubscribe=One-Click পাঠাতে হয়',
  'Answer accept or decline': 'হ্যাঁ অথবা না উত্তর দিন',
  'Must be true or false': 'হ্যাঁ (true) অথবা না (false) হতে হবে',
  'Use true or false': 'true অথবা false দিন',
  [OUTREACH_MESSAGES.accept]: 'হ্যাঁ, আমি রক্ত দিতে পারব',
  [OUTREACH_MESSAGES.decline]: 'না, এবার পারব না',
  [OUTREACH_MESSAGES.verifyEmailSubject]: 'আপনার ইমেইল ঠিকানা নিশ্চিত করুন',
  [OUTREACH_MESSAGES.timeFormat]: '২২:০০-এর মতো করে সময় লিখুন',
  [OUTREACH_MESSAGES.notPledged]: 'এই অনুরোধে আপনি রক্ত দেওয়ার অঙ্গীকার করেননি',
  [OUTREACH_MESSAGES.alreadyAnswered]: 'এই অনুরোধের উত্তর আপনি আগেই দিয়েছেন',
  [PUSH_SERVICE_MESSAGES.notHttps]: 'পুশ সতর্কবার্তার ঠিকানা (endpoint) অবশ্যই https:// দিয়ে শুরু হতে হবে',
  [PUSH_SERVICE_MESSAGES.port]: 'পুশ সতর্কবার্তার ঠিকানায় (endpoint) https-এর সাধারণ পোর্টই থাকতে হবে',
  [PUSH_SERVICE_MESSAGES.malformed]: 'পুশ সতর্কবার্তার এই ঠিকানাটি (endpoint) সঠিক নয়',
  [PUSH_SERVICE_MESSAGES.notPushService]: 'পুশ সতর্কবার্তার এই ঠিকানাটি (endpoint) কোনো ব্রাউজারের পুশ সেবার নয়',
  [PHONE_MESSAGES.invalid]: 'বাংলাদেশের একটি মোবাইল নম্বর দিন, যেমন 01712345678',
  'Too many requests hit the API too quickly.': 'খুব অল্প সময়ে অনেক বেশি অনুরোধ এসেছে।',
  // A pledge a body can keep (issue 30)
  [DONATION_MESSAGES.notCompatible]: 'আপনার রক্তের গ্রুপ এই রোগীর প্রয়োজনীয় রক্ত দিতে পারে না',
  [DONATION_MESSAGES.notEligible]: 'এই দিনে আপনি রক্ত দিতে পারবেন না: আপনার শেষ রক্তদান খুব সাম্প্রতিক, অথবা আপনি নিজেকে অপ্রস্তুত হিসেবে চিহ্নিত করেছেন',
  [DONATION_MESSAGES.notConfirmed]: 'রক্ত দেওয়ার অঙ্গীকার করার আগে আপনার ইমেইল ঠিকানা নিশ্চিত করুন',
  [DONATION_MESSAGES.pledgedElsewhere]: 'এই দিনের কাছাকাছি আরেকজন রোগীকে রক্ত দেওয়ার অঙ্গীকার আপনি আগেই করেছেন: একবারে একটি রক্তদান',
  [DONATION_MESSAGES.withdrawnBefore]: 'আপনি এই অনুরোধ থেকে সরে এসেছেন, তাই এতে আবার অঙ্গীকার করা যাবে না',
  [DONATION_MESSAGES.heldUntilConfirmed]: 'আপনার ইমেইল ঠিকানা নিশ্চিত না করা পর্যন্ত এই অনুরোধের কথা রক্তদাতাদের জানানো হবে না: আমাদের পাঠানো লিংকটি খুলুন।',
  // Reports and the audit trail (issue 17)
  'This request is being reviewed by volunteers after reports': 'অভিযোগ পাওয়ায় স্বেচ্ছাসেবকেরা এই অনুরোধটি যাচাই করছেন',
  'Only a volunteer or an admin can resolve reports': 'অভিযোগের নিষ্পত্তি শুধু স্বেচ্ছাসেবক বা অ্যাডমিন করতে পারেন',
  'You cannot report your own request': 'নিজের অনুরোধের বিরুদ্ধে অভিযোগ করা যায় না',
  'Only an open request can be reported': 'শুধু চালু অনুরোধের বিরুদ্ধেই অভিযোগ করা যায়',
  'You have already reported this request': 'এই অনুরোধের বিরুদ্ধে আপনি আগেই অভিযোগ করেছেন',
  'This request is already closed: dismiss its reports instead': 'এই অনুরোধটি আগেই বন্ধ হয়েছে: বরং এর অভিযোগগুলো খারিজ করুন',
  'This request has no open reports': 'এই অনুরোধের কোনো খোলা অভিযোগ নেই',
  'Resolution is dismiss or remove': 'নিষ্পত্তি হবে dismiss (খারিজ) অথবা remove (সরিয়ে দেওয়া)',
  'Not an audit action': 'এটি অডিট লগের কোনো কাজ নয়',
  // Privacy, donations and certificates (issue 17)
  'You can only see your own donations': 'আপনি শুধু নিজের রক্তদানের তালিকা দেখতে পারেন',
  'No completed donation with this id': 'এই আইডিতে কোনো সম্পন্ন রক্তদান নেই',
  'Only the donor and staff can download this certificate': 'এই সনদ শুধু রক্তদাতা নিজে এবং স্বেচ্ছাসেবক বা অ্যাডমিন ডাউনলোড করতে পারেন',
  'No certificate with this code': 'এই কোডে কোনো সনদ নেই',
  'Not a certificate code': 'এটি সনদের কোড নয়',
  'Not a donation id': 'এটি রক্তদানের আইডি নয়',
  'Only the donor can dispute a donation recorded for them': 'নিজের নামে লেখা রক্তদানে শুধু রক্তদাতা নিজেই আপত্তি জানাতে পারেন',
  'This donation is already disputed': 'এই রক্তদানে আগেই আপত্তি জানানো হয়েছে',
  'You can only download your own data': 'আপনি শুধু নিজের তথ্য ডাউনলোড করতে পারেন',
  'You can only delete your own account': 'আপনি শুধু নিজের অ্যাকাউন্ট মুছতে পারেন',
  'Type your email address': 'আপনার ইমেইল ঠিকানা লিখুন',
  'Type your own email address to confirm the deletion': 'মুছে ফেলা নিশ্চিত করতে নিজের ইমেইল ঠিকানা লিখুন',
  'You are the last active admin: make another admin before deleting your account': 'আপনিই শেষ সক্রিয় অ্যাডমিন: অ্যাকাউন্ট মোছার আগে আরেকজনকে অ্যাডমিন করুন',
  // The contact form and the operator's pages (issue 38)
  // "Forgot password?" (issue 38)
  [PASSWORD_RESET_MESSAGES.disabled]: 'এই সাইটে ইমেইলে পাসওয়ার্ড নতুন করে দেওয়ার ব্যবস্থা চালু নেই',
  [PASSWORD_RESET_MESSAGES.invalidLink]: 'লিংকটি সঠিক নয় অথবা মেয়াদ শেষ: নতুন একটি লিংক চেয়ে নিন',
  [CONTACT_MESSAGES.messageRequired]: 'একটি বার্তা লিখুন',
  [CONTACT_MESSAGES.messageTooLong]: `বার্তা সর্বোচ্চ ${n(CONTACT_MESSAGE_MAX)} অক্ষরের হতে পারে`,
  [CONTACT_MESSAGES.notFound]: 'এমন কোনো বার্তা নেই',
  [CONTACT_MESSAGES.tooManyFromEmail]: 'গত এক ঘণ্টায় আপনি কয়েকটি বার্তা পাঠিয়েছেন: আরেকটি পাঠানোর আগে একটু অপেক্ষা করুন',
  [CONTACT_MESSAGES.handledOnly]: 'শুধু বার্তাটি নিষ্পন্ন হিসেবে চিহ্নিত করা যায়',
  'Not a message id': 'এটি বার্তার আইডি নয়',
  'The page is privacy or terms': 'পাতাটি privacy অথবা terms হতে পারে',
};

const digits = (text: string) => n(Number(text));

/** Messages with a value in them: the English pattern and its Bangla. */
export const PATTERNS_BN: [RegExp, (...groups: string[]) => string][] = [
  [/^No account for (.+)$/, (email) => `${email} ইমেইলে কোনো অ্যাকাউন্ট নেই`],
  [/^This account is already (admin|volunteer|donner)$/, (role) => `এই অ্যাকাউন্টটি আগে থেকেই ${ROLE_BN[role] ?? role}`],
  [/^This account is already (active|blocked)$/, (status) => `এই অ্যাকাউন্টটি আগে থেকেই ${status === 'active' ? 'সক্রিয়' : 'ব্লক করা'}`],
  [/^At most (\d+) characters$/, (n) => `সর্বোচ্চ ${digits(n)} অক্ষর`],
  [/^At most (\d+) days$/, (n) => `সর্বোচ্চ ${digits(n)} দিন`],
  [/^At most (\d+)$/, (n) => `সর্বোচ্চ ${digits(n)}`],
  [/^One of (.+)$/, (list) => `এগুলোর একটি: ${list}`],
  [/^Too many requests: try again in (\d+) seconds$/, (n) => `অনেক বেশি অনুরোধ: ${digits(n)} সেকেন্ড পরে আবার চেষ্টা করুন`],
  [
    /^Too many failed sign-ins for this account: try again in (\d+) minutes?, or sign in from a device you have used before\.$/,
    (n) => `এই অ্যাকাউন্টে অনেকবার ভুল লগইন হয়েছে: ${digits(n)} মিনিট পরে আবার চেষ্টা করুন, অথবা আগে ব্যবহার করা কোনো ডিভাইস থেকে লগইন করুন।`,
  ],
  [
    /^You can create at most (\d+) requests in 24 hours\. Please wait, or ask a volunteer to post an urgent one for you\.$/,
    (n) => `২৪ ঘণ্টায় সর্বোচ্চ ${digits(n)}টি অনুরোধ করা যায়। একটু অপেক্ষা করুন, অথবা জরুরি হলে কোনো স্বেচ্ছাসেবককে আপনার হয়ে অনুরোধটি দিতে বলুন।`,
  ],
  [/^You can withdraw at most (\d+) pledges in 24 hours$/, (n) => `২৪ ঘণ্টায় সর্বোচ্চ ${digits(n)}টি অঙ্গীকার থেকে সরে আসা যায়`],
  [
    /^You can send at most (\d+) reports in 24 hours\. Please wait before reporting more requests\.$/,
    (n) => `২৪ ঘণ্টায় সর্বোচ্চ ${digits(n)}টি অভিযোগ পাঠানো যায়। আরও অনুরোধের বিরুদ্ধে অভিযোগ করার আগে একটু অপেক্ষা করুন।`,
  ],
  [/^Route (\w+) (.+) not found$/, (method, path) => `${method} ${path} ঠিকানাটি পাওয়া যায়নি`],
];

/** The requests' labels in Bangla (the English ones are in donation-requests/texts.ts). */
export const LABELS_BN = {
  urgency: { normal: 'সাধারণ', urgent: 'জরুরি', critical: 'অতি জরুরি' },
  component: { whole_blood: 'পূর্ণ রক্ত', red_cells: 'লোহিত কণিকা', platelets: 'প্লাটিলেট', plasma: 'প্লাজমা' },
  status: { pending: 'অপেক্ষমাণ', inprogress: 'চলমান', done: 'সম্পন্ন', canceled: 'বাতিল' },
} as const;

/** An English message in Bangla; one without a translation stays English. */
export function messageInBangla(message: string): string {
  const exact = EXACT_BN[message];
  if (exact !== undefined) return exact;
  for (const [pattern, bangla] of PATTERNS_BN) {
    const match = pattern.exec(message);
    if (match) return bangla(...match.slice(1));
  }
  return message;
}

const ROLE_BN: Record<string, string> = { admin: 'অ্যাডমিন', volunteer: 'স্বেচ্ছাসেবক', donner: 'রক্তদাতা' };
