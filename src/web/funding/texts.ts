import { FUNDING_MESSAGES } from '../../shared/funding/texts';
import { INSIGHT_TEXTS } from '../../shared/insight/texts';
import { fill, i18n, plural } from '../i18n';

// The funding page and the "Give Fund" dialog in English (issue 16). The specification's texts come
// from src/shared/funding/texts.ts unchanged; the Bangla catalogue is src/web/funding/texts.bn.ts.

export const FUNDING_TEXTS = {
  'funding/page': {
    heading: FUNDING_MESSAGES.heading,
    intro: 'Gifts pay for donor outreach, blood-grouping camps and keeping this service free. Every gift is listed below.',
    thanks: FUNDING_MESSAGES.thanks,
    canceled: FUNDING_MESSAGES.canceled,
    dismiss: 'Dismiss',
    loadingTotal: 'Loading the funding total…',
    totalFailed: 'The funding total could not be loaded.',
    tryAgain: 'Try again',
    total: FUNDING_MESSAGES.total,
    fromGifts: plural({ one: 'from {count} gift', other: 'from {count} gifts' }),
    notSetUp: FUNDING_MESSAGES.notSetUp,
    fundsHeading: 'Funds received',
    exportCsv: INSIGHT_TEXTS.exportCsv,
  },
  'funding/ledger': {
    loading: 'Loading the funds…',
    failed: 'The funds could not be loaded.',
    tryAgain: 'Try again',
    empty: FUNDING_MESSAGES.empty,
    caption: 'Funds received, newest first',
    donor: 'Donor',
    amount: 'Amount',
    date: 'Date',
    pages: 'Fund pages',
    /** The name the server gives a gift whose giver chose not to be named. */
    anonymous: FUNDING_MESSAGES.anonymous,
  },
  'funding/give': {
    giveFund: FUNDING_MESSAGES.giveFund,
    intro: "You will pay on Stripe's secure page, then come back here.",
    amountIn: fill('Amount in {currency}'),
    taka: 'taka',
    range: fill('From {min} to {max}.'),
    smallest: fill('The smallest gift is {amount}'),
    largest: fill('The largest gift is {amount}'),
    showName: FUNDING_MESSAGES.showName,
    showNameHint: fill("Left unticked, other users see \u201c{anonymous}\u201d; the site's admins always see who gave."),
    anonymous: FUNDING_MESSAGES.anonymous,
    notSetUp: FUNDING_MESSAGES.notSetUp,
    startFailed: 'The payment could not be started',
    submit: 'Continue to payment',
  },
};

export const fundingPageText = i18n('funding/page', FUNDING_TEXTS['funding/page']);
export const ledgerText = i18n('funding/ledger', FUNDING_TEXTS['funding/ledger']);
export const giveFundText = i18n('funding/give', FUNDING_TEXTS['funding/give']);
