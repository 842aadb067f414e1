import type { REPORTS_TEXTS } from '../../reports/texts';
import type { Catalogue } from '../catalogue';

// বাংলা: অভিযোগ (reports of fake or paid requests) and the moderation queue. Terms follow
// docs/glossary.md; the server's messages about reports are in src/shared/messages-bn.ts.

export default {
  'reports/reasons': {
    fake: 'ভুয়া অনুরোধ',
    paid: 'টাকা চাওয়া হচ্ছে',
    duplicate: 'অন্য একটি অনুরোধের পুনরাবৃত্তি',
    other: 'অন্য কিছু',
  },
  'reports/notice': {
    neverPayTitle: 'রক্তের জন্য কখনো টাকা দেবেন না',
    neverPay: 'রক্তদান বিনামূল্যে। রক্তের জন্য বা রক্তদাতার সঙ্গে যোগাযোগ করিয়ে দেওয়ার জন্য কাউকে কখনো টাকা দেবেন না।',
    underReview: 'অভিযোগ পাওয়ায় স্বেচ্ছাসেবকেরা এই অনুরোধটি যাচাই করছেন।',
    alreadyReported: 'আপনি এই অনুরোধের বিরুদ্ধে অভিযোগ করেছেন। স্বেচ্ছাসেবকেরা এটি যাচাই করবেন।',
    reportLink: 'এই অনুরোধের বিরুদ্ধে অভিযোগ করুন',
    dialogTitle: 'এই অনুরোধের বিরুদ্ধে অভিযোগ করুন',
    dialogIntro: 'কী সমস্যা, স্বেচ্ছাসেবকদের জানান। অনুরোধকারী আপনার নাম দেখতে পাবেন না।',
    reasonLabel: 'কারণ',
    noteLabel: 'মন্তব্য (ঐচ্ছিক)',
    notePlaceholder: 'আপনি কী লক্ষ করেছেন?',
    send: 'অভিযোগ পাঠান',
    sent: 'ধন্যবাদ: স্বেচ্ছাসেবকেরা অনুরোধটি যাচাই করবেন',
  },
  'reports/queue': {
    pageTitle: 'অভিযোগ পাওয়া অনুরোধ',
    pageIntro:
      'লগইন করা ব্যবহারকারীরা যেসব অনুরোধকে ভুয়া, টাকার বিনিময়ে বা পুনরাবৃত্তি বলে অভিযোগ করেছেন। অনুরোধটি আবার সবার জন্য খুলে দিতে অভিযোগগুলো খারিজ করুন, অথবা অনুরোধটি সরিয়ে দিন: এটি বাতিল হবে আর অনুরোধকারীকে কারণ জানানো হবে।',
    empty: 'কোনো খোলা অভিযোগ নেই। সাইটটি নিরাপদ রাখার জন্য ধন্যবাদ।',
    loading: 'অভিযোগ পাওয়া অনুরোধগুলো লোড হচ্ছে…',
    what: 'অভিযোগগুলো',
    openReports: { one: '{count}টি খোলা অভিযোগ', other: '{count}টি খোলা অভিযোগ' },
    hidden: 'সবার কাছ থেকে লুকানো',
    flagged: 'জরুরি: সবার জন্য খোলা, আগে যাচাই করুন',
    columnReasons: 'কারণ',
    columnNotes: 'মন্তব্য',
    lastReport: 'শেষ অভিযোগ',
    dismiss: 'খারিজ করুন',
    remove: 'সরিয়ে দিন',
    confirmRemoveTitle: 'অনুরোধটি সরিয়ে দেবেন?',
    confirmRemove: 'অনুরোধটি বাতিল হবে, আর অনুরোধকারীকে জানানো হবে যে অভিযোগের পর এটি সরিয়ে দেওয়া হয়েছে।',
    confirmDismissTitle: 'অভিযোগগুলো খারিজ করবেন?',
    confirmDismiss: 'অনুরোধটি আবার সবার জন্য খোলা থাকবে।',
    dismissed: 'অভিযোগ খারিজ হয়েছে: অনুরোধটি আবার সবার জন্য খোলা',
    removed: 'অনুরোধটি সরিয়ে দেওয়া হয়েছে: অনুরোধকারীকে জানানো হয়েছে',
    pagesLabel: 'অভিযোগের পাতা',
  },
} satisfies Catalogue<typeof REPORTS_TEXTS>;
