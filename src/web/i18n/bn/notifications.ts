import type { NOTIFICATIONS_TEXTS } from '../../notifications/texts';
import type { Catalogue } from '../catalogue';

// বাংলা: বিজ্ঞপ্তির পাতা, এক চাপে উত্তর দেওয়ার পাতা ও ইমেইল বন্ধের পাতা। Terms follow docs/glossary.md.

export default {
  'notifications/page': {
    heading: 'বিজ্ঞপ্তি',
    intro: 'আপনার কাছাকাছি কারও আপনার গ্রুপের রক্ত লাগলে তার সতর্কবার্তা, আর আপনার নিজের অনুরোধের খবর।',
    markAllRead: 'সব পড়া হয়েছে',
    loading: 'আপনার বিজ্ঞপ্তি লোড হচ্ছে…',
    failed: 'আপনার বিজ্ঞপ্তি লোড করা যায়নি:',
    tryAgain: 'আবার চেষ্টা করুন',
    none: 'এখনো কোনো বিজ্ঞপ্তি নেই',
    pages: 'বিজ্ঞপ্তির পাতা',
  },
  'notifications/item': {
    alert: 'আপনার কাছাকাছি রক্ত প্রয়োজন',
    pledge: 'একজন রক্তদাতা আপনার অনুরোধে রক্ত দেওয়ার অঙ্গীকার করেছেন',
    withdrawal: 'একজন রক্তদাতা তাঁর অঙ্গীকার ফিরিয়ে নিয়েছেন',
    moderation: 'আপনার অনুরোধটি সরিয়ে দেওয়া হয়েছে',
    moderationBody:
      'অনেকে অনুরোধটিকে ভুয়া, টাকার বিনিময়ে বা একই অনুরোধ দুবার দেওয়া বলে অভিযোগ করেছেন, আর একজন স্বেচ্ছাসেবক যাচাই করে সেটি সরিয়ে দিয়েছেন। রক্ত কখনো টাকা দিয়ে কেনা যায় না। ভুল হয়েছে মনে করলে অনুরোধটি আবার দিন অথবা আমাদের সঙ্গে যোগাযোগ করুন।',
    unread: 'পড়া হয়নি',
    new: 'নতুন',
    requestGone: 'এই অনুরোধটি আর নেই।',
    answeredAccept: 'আপনি রক্ত দেওয়ার অঙ্গীকার করেছেন',
    answeredDecline: 'আপনি এই অনুরোধে না বলেছেন',
    notOpen: 'এই অনুরোধে এখন আর রক্তদাতা খোঁজা হচ্ছে না।',
    accept: 'হ্যাঁ, আমি রক্ত দিতে পারব',
    decline: 'না, এবার পারব না',
    viewRequest: 'অনুরোধটি দেখুন',
    markRead: 'পড়া হয়েছে',
  },
  'notifications/request': {
    bloodGroup: 'রক্তের গ্রুপ {group}',
    units: { one: '{count} ব্যাগ', other: '{count} ব্যাগ' },
    atTime: ', {time}',
  },
  'notifications/answer': {
    accepted: 'ধন্যবাদ! পরিবারটি এখন আপনার ফোন নম্বর দেখতে পাবে, আর আপনি তাদেরটা।',
    declined: 'উত্তর দেওয়ার জন্য ধন্যবাদ। এই অনুরোধ নিয়ে আপনাকে আর জানানো হবে না।',
    familyPhone: 'পরিবারের ফোন নম্বর',
  },
  'notifications/respond': {
    title: 'আপনি কি রক্ত দিতে পারবেন?',
    loading: 'অনুরোধটি লোড হচ্ছে…',
    needsBlood: '-এর জন্য {hospital}-এ রক্ত প্রয়োজন।',
    alreadyPledged: 'এই অনুরোধে আপনি রক্ত দেওয়ার অঙ্গীকার করেছেন।',
    familyPhone: 'পরিবারের ফোন নম্বর',
    accept: 'হ্যাঁ, আমি রক্ত দিতে পারব',
    decline: 'না, এবার পারব না',
    viewRequest: 'অনুরোধটি দেখুন',
    allNotifications: 'সব বিজ্ঞপ্তি',
  },
  'notifications/unsubscribe': {
    heading: 'ইমেইলে সতর্কবার্তা',
    invalid: 'আনসাবস্ক্রাইব লিংকটি সঠিক নয়',
    unsubscribing: 'ইমেইলে সতর্কবার্তা বন্ধ করা হচ্ছে…',
    unsubscribed: 'ইমেইলে সতর্কবার্তা বন্ধ হয়েছে। প্রোফাইল থেকে যেকোনো সময় আবার চালু করতে পারবেন।',
    openProfile: 'আপনার প্রোফাইল খুলুন',
  },
} satisfies Catalogue<typeof NOTIFICATIONS_TEXTS>;
