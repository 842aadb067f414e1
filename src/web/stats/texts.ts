import { INSIGHT_TEXTS } from '../../shared/insight/texts';
import { fill, i18n } from '../i18n';

// The admin home in English (issue 16): the welcome and the spec's three statistics (section 2,
// adminHome), in its words. The Bangla catalogue is src/web/stats/texts.bn.ts.

export const STATS_TEXTS = {
  'stats/home': {
    title: 'Admin Home',
    adminDashboard: 'Admin dashboard',
    volunteerDashboard: 'Volunteer dashboard',
    welcome: fill('Welcome, {name}'),
    welcomeBack: 'Welcome, back',
    intro: 'Here is how the site is doing: donors who joined, funds received and blood donation requests posted.',
    failed: 'The statistics could not be loaded.',
    tryAgain: 'Try again',
    loading: 'Loading',
    totalUser: 'Total User',
    totalFunding: 'Total Funding',
    totalRequests: 'Total Blood Donation Request',
    fundsBefore: 'See the funds received on the ',
    fundsLink: 'Funding page',
    fundsAfter: '.',
    loadingCharts: INSIGHT_TEXTS.loading,
  },
  // Issue 32: what the site's SMS cost (sms-usage.tsx).
  'stats/sms': {
    heading: 'Text messages (SMS)',
    period: 'Period',
    today: 'Today',
    month: 'This month',
    segments: 'Segments',
    messages: 'Messages',
    failed: 'Not delivered',
    budget: fill('Daily budget: {segments} segments. Alerts of requests that are not critical stop at 80% of it.'),
    note: 'A segment is what the gateway bills: up to 160 characters in English, 70 in Bangla. Days and months are Dhaka time.',
    // Around the setting's name, which is never translated.
    offBefore: 'This site sends no SMS: to send them, set ',
    offAfter: '.',
    failedLoad: 'The SMS figures could not be loaded.',
  },
};

export const statsHomeText = i18n('stats/home', STATS_TEXTS['stats/home']);
export const smsUsageText = i18n('stats/sms', STATS_TEXTS['stats/sms']);
