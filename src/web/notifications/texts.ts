import { OUTREACH_MESSAGES } from '../../shared/outreach/texts';
import { REPORT_TEXTS } from '../../shared/reports/texts';
import { fill, i18n, plural } from '../i18n';

// The notifications pages in English (issue 16): the list, the one-tap respond page and the
// unsubscribe page. The specification's texts come from src/shared/outreach/texts.ts unchanged;
// the Bangla catalogue is src/web/notifications/texts.bn.ts. The bell's texts are the frame's
// ('site/bell' in components/texts.ts).

export const NOTIFICATIONS_TEXTS = {
  'notifications/page': {
    heading: OUTREACH_MESSAGES.pageHeading,
    intro: OUTREACH_MESSAGES.pageIntro,
    markAllRead: OUTREACH_MESSAGES.markAllRead,
    loading: 'Loading your notifications…',
    failed: 'Could not load your notifications:',
    tryAgain: 'Try again',
    none: OUTREACH_MESSAGES.noNotifications,
    pages: 'Notification pages',
  },
  'notifications/item': {
    alert: OUTREACH_MESSAGES.alertTitle,
    pledge: OUTREACH_MESSAGES.pledgeReceived,
    withdrawal: OUTREACH_MESSAGES.withdrawalReceived,
    moderation: REPORT_TEXTS.notificationTitle,
    moderationBody: REPORT_TEXTS.notificationBody,
    flagged: REPORT_TEXTS.flaggedTitle,
    flaggedBody: REPORT_TEXTS.flaggedBody,
    reminder: OUTREACH_MESSAGES.reminderTitle,
    reminderBody: "The family is counting on you. If you cannot come, withdraw your pledge on the request's page, so that another donor is found in time.",
    thanks: OUTREACH_MESSAGES.thanksTitle,
    thanksBody: fill('Your blood reached {hospital}.'),
    eligible: OUTREACH_MESSAGES.eligibleTitle,
    eligibleBody: `${OUTREACH_MESSAGES.eligibleBody}. When someone near you needs your blood group, we will tell you.`,
    seeRequests: 'See who needs blood',
    unread: 'Unread',
    new: 'New',
    requestGone: OUTREACH_MESSAGES.requestGone,
    answeredAccept: OUTREACH_MESSAGES.answeredAccept,
    answeredDecline: OUTREACH_MESSAGES.answeredDecline,
    notOpen: OUTREACH_MESSAGES.notOpen,
    accept: OUTREACH_MESSAGES.accept,
    decline: OUTREACH_MESSAGES.decline,
    viewRequest: OUTREACH_MESSAGES.viewRequest,
    markRead: OUTREACH_MESSAGES.markRead,
  },
  /** A request's essentials (shared/request-essentials.tsx). */
  'notifications/request': {
    bloodGroup: fill('Blood group {group}'),
    units: plural({ one: '{count} unit', other: '{count} units' }),
    atTime: fill(' at {time}'),
  },
  /** What a donor is told after answering (shared/answer-result.tsx). */
  'notifications/answer': {
    /** Both sides left a phone. */
    accepted: OUTREACH_MESSAGES.accepted,
    // Issue 38: what the family sees of a pledge is the donor's name, email and phone (if any):
    // a donor without a phone is never told the family sees their phone.
    acceptedFamilyNoPhone: OUTREACH_MESSAGES.acceptedFamilyNoPhone,
    acceptedNoPhone: OUTREACH_MESSAGES.acceptedNoPhone,
    addPhone: OUTREACH_MESSAGES.addPhone,
    declined: OUTREACH_MESSAGES.declined,
    familyPhone: OUTREACH_MESSAGES.familyPhone,
  },
  'notifications/respond': {
    title: OUTREACH_MESSAGES.respondTitle,
    loading: 'Loading the request…',
    needsBlood: fill(' needs blood at {hospital}.'),
    alreadyPledged: OUTREACH_MESSAGES.alreadyPledged,
    familyPhone: OUTREACH_MESSAGES.familyPhone,
    accept: OUTREACH_MESSAGES.accept,
    decline: OUTREACH_MESSAGES.decline,
    viewRequest: OUTREACH_MESSAGES.viewRequest,
    allNotifications: 'All notifications',
  },
  'notifications/unsubscribe': {
    heading: OUTREACH_MESSAGES.unsubscribeHeading,
    invalid: OUTREACH_MESSAGES.unsubscribeInvalid,
    unsubscribing: OUTREACH_MESSAGES.unsubscribing,
    unsubscribed: OUTREACH_MESSAGES.unsubscribed,
    openProfile: 'Open your profile',
    // Opening the link changes nothing (issue 30): the page says what the button does.
    explain:
      'Turn off the emails that tell you when someone near you needs your blood group? The alerts on this site and push alerts stay as they are, and you can turn emails on again in your profile at any time.',
    confirm: 'Unsubscribe',
  },
};

export const notificationsPageText = i18n('notifications/page', NOTIFICATIONS_TEXTS['notifications/page']);
export const notificationItemText = i18n('notifications/item', NOTIFICATIONS_TEXTS['notifications/item']);
export const requestEssentialsText = i18n('notifications/request', NOTIFICATIONS_TEXTS['notifications/request']);
export const answerText = i18n('notifications/answer', NOTIFICATIONS_TEXTS['notifications/answer']);
export const respondText = i18n('notifications/respond', NOTIFICATIONS_TEXTS['notifications/respond']);
export const unsubscribeText = i18n('notifications/unsubscribe', NOTIFICATIONS_TEXTS['notifications/unsubscribe']);
