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
} satisfies Catalogue<typeof STATS_TEXTS>;
