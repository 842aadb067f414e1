import type { STATS_TEXTS } from './texts';
import type { Catalogue } from '../i18n/catalogue';

// বাংলা: অ্যাডমিন হোম, স্বাগত বার্তা ও তিনটি পরিসংখ্যান। Terms follow docs/glossary.md.

export default {
  'stats/home': {
    title: 'অ্যাডমিন হোম',
    adminDashboard: 'অ্যাডমিন ড্যাশবোর্ড',
    volunteerDashboard: 'স্বেচ্ছাসেবক ড্যাশবোর্ড',
    welcome: 'স্বাগতম, {name}',
    welcomeBack: 'আবারও স্বাগতম',
    intro: 'সাইটের হালচাল এক নজরে: কতজন রক্তদাতা যোগ দিয়েছেন, কত অনুদান এসেছে আর কতগুলো রক্তদানের অনুরোধ এসেছে।',
    failed: 'পরিসংখ্যান লোড করা যায়নি।',
    tryAgain: 'আবার চেষ্টা করুন',
    loading: 'লোড হচ্ছে',
    totalUser: 'মোট ব্যবহারকারী',
    totalFunding: 'মোট তহবিল',
    totalRequests: 'মোট রক্তদানের অনুরোধ',
    fundsBefore: 'প্রাপ্ত সব অনুদান দেখুন ',
    fundsLink: 'তহবিল পাতায়',
    fundsAfter: '।',
    loadingCharts: 'চার্টগুলো লোড হচ্ছে',
  },
  'stats/sms': {
    heading: 'টেক্সট মেসেজ (এসএমএস)',
    period: 'সময়',
    today: 'আজ',
    month: 'এই মাসে',
    segments: 'সেগমেন্ট',
    messages: 'মেসেজ',
    failed: 'পৌঁছায়নি',
    budget: 'দৈনিক সীমা: {segments} সেগমেন্ট। অতি জরুরি নয় এমন অনুরোধের সতর্কবার্তা এর ৮০%-এ থেমে যায়।',
    note: 'সেগমেন্ট ধরেই গেটওয়ে বিল করে: ইংরেজিতে ১৬০ অক্ষর পর্যন্ত, বাংলায় ৭০। দিন ও মাস ঢাকার সময়ে।',
    offBefore: 'এই সাইট কোনো এসএমএস পাঠায় না: পাঠাতে ',
    offAfter: ' সেট করুন।',
    failedLoad: 'এসএমএসের হিসাব লোড করা যায়নি।',
  },
} satisfies Catalogue<typeof STATS_TEXTS>;
