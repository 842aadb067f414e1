import { COMPONENT_LABELS, DONATION_MESSAGES } from '../../shared/donation-requests/texts';
import { DONATION_TEXTS } from '../../shared/donations/texts';
import { INSIGHT_TEXTS } from '../../shared/insight/texts';
import { OUTREACH_MESSAGES } from '../../shared/outreach/texts';
import { PRIVACY_TEXTS } from '../../shared/privacy/texts';
import { USER_MESSAGES } from '../../shared/users/texts';
import { fill, i18n, plural } from '../i18n';
import { ACCOUNT_TEXTS } from './form/messages';

// The signed-in account pages in English (issue 16): the profile with its notification settings,
// donations and privacy cards, and the admin's All Users page. The specification's texts come
// from src/shared (USER_MESSAGES, OUTREACH_MESSAGES, DONATION_TEXTS, PRIVACY_TEXTS) and
// ./form/messages.ts unchanged; the Bangla catalogue is src/web/users/texts.bn.ts.

const TRY_AGAIN = 'Try again';

export const USERS_TEXTS = {
  /** The stored values, shown as they are in English (the spec's "donner" included). */
  'users/role': { admin: 'admin', volunteer: 'volunteer', donner: 'donner' },
  'users/status': { active: 'active', blocked: 'blocked' },
  'users/component': { ...COMPONENT_LABELS },
  'users/profile': {
    heading: ACCOUNT_TEXTS.profileHeading,
    loading: 'Loading your profile…',
    completeProfile: `${ACCOUNT_TEXTS.completeProfile}: add your blood group and location.`,
    edit: ACCOUNT_TEXTS.edit,
    notSet: 'Not set yet',
    email: 'Email',
    phone: OUTREACH_MESSAGES.phoneLabel,
    bloodGroup: 'Blood group',
    division: 'Division',
    district: 'District',
    upazila: 'Upazila',
    available: USER_MESSAGES.availableLabel,
    availableYes: 'Yes',
    availableNo: 'No, switched off',
    lastDonation: USER_MESSAGES.lastDonationLabel,
    nextEligible: USER_MESSAGES.nextEligibleLabel,
    eligibleNow: USER_MESSAGES.eligibleNow,
    donationCount: USER_MESSAGES.donationCountLabel,
  },
  // A phone verified by a code sent by SMS (issue 32).
  'users/phone': {
    verified: 'Verified',
    notVerified: 'Not verified',
    heading: 'Verify your phone',
    why: fill('We send a 6-digit code by SMS to {phone}. A verified phone lets you sign in with it and, soon, get alerts by SMS.'),
    send: 'Send the code',
    sending: 'Sending…',
    sent: fill('We sent a code to {phone}. It works for 5 minutes.'),
    codeLabel: 'Code from the SMS',
    confirm: 'Verify',
    confirming: 'Checking…',
    again: 'Send a new code',
    done: 'Your phone is verified',
    failed: 'The code could not be sent. Try again in a minute.',
  },
  'users/profile-form': {
    title: USER_MESSAGES.profileTitle,
    newPhoto: 'New photo (optional)',
    fullName: 'Full name',
    email: 'Email',
    emailHint: 'Your email cannot be changed.',
    lastDonation: USER_MESSAGES.lastDonationLabel,
    lastDonationHint: 'Leave it empty if you have never given blood.',
    phone: `${OUTREACH_MESSAGES.phoneLabel} (optional)`,
    phoneHint: OUTREACH_MESSAGES.phoneShared,
    available: USER_MESSAGES.availableLabel,
    availableHint: USER_MESSAGES.availableHint,
    save: ACCOUNT_TEXTS.saveProfile,
    cancel: ACCOUNT_TEXTS.cancel,
    noChanges: DONATION_MESSAGES.noChanges,
    saved: USER_MESSAGES.userCreated,
  },
  'users/notifications': {
    heading: OUTREACH_MESSAGES.settingsHeading,
    intro: OUTREACH_MESSAGES.settingsIntro,
    loading: 'Loading your notification settings…',
    loadFailed: fill('Could not load your notification settings: {reason}'),
    tryAgain: TRY_AGAIN,
    email: OUTREACH_MESSAGES.emailLabel,
    push: OUTREACH_MESSAGES.pushLabel,
    saving: 'Saving',
    pushUnsupported: OUTREACH_MESSAGES.pushUnsupported,
    emailUnavailable: 'This site cannot send email yet (no mail server is set up), so alerts come only as push notifications and on your dashboard.',
    emailNoAddress: 'Your account has no email address: alerts come by SMS, as push notifications and on your dashboard.',
    sms: 'SMS alerts',
    smsHint: 'Sent only to a verified phone: first when no push reaches you, or when a request is critical. Replying STOP to one turns them off too.',
    pushDenied: OUTREACH_MESSAGES.pushDenied,
    quietStart: OUTREACH_MESSAGES.quietStartLabel,
    quietEnd: OUTREACH_MESSAGES.quietEndLabel,
    quietHint: OUTREACH_MESSAGES.quietHint,
    timeFormat: OUTREACH_MESSAGES.timeFormat,
    maxPerWeek: OUTREACH_MESSAGES.maxPerWeekLabel,
    // OUTREACH_MESSAGES.maxPerWeekHint
    maxPerWeekHint: fill('0 turns request alerts off; at most {max}.'),
    wholeNumber: fill('Enter a whole number from 0 to {max}'),
    save: OUTREACH_MESSAGES.saveSettings,
    saved: OUTREACH_MESSAGES.settingsSaved,
  },
  'users/donations': {
    heading: DONATION_TEXTS.historyTitle,
    empty: DONATION_TEXTS.historyEmpty,
    // DONATION_TEXTS.count
    count: plural({ one: '{count} completed donation', other: '{count} completed donations' }),
    // DONATION_TEXTS.nextEligible
    eligibleFrom: fill('You can donate again from {date}.'),
    eligibleNow: 'You can donate now.',
    badges: DONATION_TEXTS.badgesTitle,
    // DONATION_BADGES' labels
    firstBadge: 'First donation',
    badge: fill('{count} donations'),
    notYet: ' (not yet)',
    // DONATION_TEXTS.nextBadge
    nextBadge: fill('{count} more to “{badge}”'),
    allBadges: DONATION_TEXTS.allBadges,
    certificate: DONATION_TEXTS.certificate,
    // DONATION_TEXTS.certificateFor
    certificateFor: fill('Download the certificate of the donation of {date}'),
    loadFailed: DONATION_TEXTS.loadFailed,
    // "I did not donate" (issue 30)
    dispute: DONATION_TEXTS.dispute,
    // DONATION_TEXTS.disputeFor
    disputeFor: fill('I did not donate on {date}'),
    disputeTitle: DONATION_TEXTS.disputeTitle,
    disputeText: DONATION_TEXTS.disputeText,
    disputed: DONATION_TEXTS.disputed,
    cancel: 'Cancel',
  },
  'users/privacy': {
    heading: PRIVACY_TEXTS.sectionTitle,
    exportIntro: PRIVACY_TEXTS.exportIntro,
    exportButton: PRIVACY_TEXTS.exportButton,
    exporting: PRIVACY_TEXTS.exporting,
    exportFailed: PRIVACY_TEXTS.exportFailed,
    dangerTitle: PRIVACY_TEXTS.dangerTitle,
    deleteIntro: PRIVACY_TEXTS.deleteIntro,
    deleteButton: PRIVACY_TEXTS.deleteButton,
    dialogTitle: PRIVACY_TEXTS.dialogTitle,
    dialogBody: PRIVACY_TEXTS.dialogBody,
    confirmLabel: PRIVACY_TEXTS.confirmLabel,
    // A phone-only account (issue 32) confirms with its number.
    dialogBodyPhone: 'This cannot be undone. Type your phone number to confirm.',
    confirmLabelPhone: 'Your phone number',
    confirmButton: PRIVACY_TEXTS.confirmButton,
    cancel: PRIVACY_TEXTS.cancel,
    deleting: PRIVACY_TEXTS.deleting,
    deleted: PRIVACY_TEXTS.deleted,
    deleteFailed: PRIVACY_TEXTS.deleteFailed,
  },
  'users/all': {
    heading: ACCOUNT_TEXTS.allUsersHeading,
    // ACCOUNT_TEXTS.totalUsers
    total: fill('Total Users: {count}'),
    filter: 'Filter by status',
    all: 'All',
    active: 'Active',
    blocked: 'Blocked',
    exportCsv: INSIGHT_TEXTS.exportCsv,
    loading: 'Loading users…',
    tryAgain: TRY_AGAIN,
    none: 'No users.',
    noneActive: 'No users with the status active.',
    noneBlocked: 'No users with the status blocked.',
    // Issue 38: search and filters.
    searchLabel: 'Search by name, email or phone',
    searchButton: 'Search',
    roleFilter: 'Filter by role',
    allRoles: 'All roles',
    bloodGroupFilter: 'Filter by blood group',
    allGroups: 'All blood groups',
    clearFilters: 'Clear search and filters',
    noMatch: 'No users match this search and these filters.',
    caption: fill('Users, page {page}'),
    pages: 'Users pages',
    number: '#',
    avatar: 'Avatar',
    name: 'Name',
    email: 'Email',
    role: 'Role',
    status: 'Status',
    changeRole: 'Change role',
  },
  'users/row': {
    you: 'You',
    ownAccount: 'Your own account: another admin can change it.',
    block: 'Block',
    activate: 'Activate',
    confirmBlock: 'Yes, block',
    confirmActivate: 'Yes, activate',
    blockText: fill('{name} will be blocked and will not be able to create donation requests.'),
    activateText: fill('{name} will be active again and able to create donation requests.'),
    confirmTitle: USER_MESSAGES.confirmTitle,
    accountActive: USER_MESSAGES.accountActive,
    accountBlocked: USER_MESSAGES.accountBlocked,
    makeAdmin: 'Make Admin',
    makeVolunteer: 'Make Volunteer',
    makeDonner: 'Make Donner',
    becomeAdmin: fill('{name} will become an admin.'),
    becomeVolunteer: fill('{name} will become a volunteer.'),
    becomeDonner: fill('{name} will become a donner.'),
    confirmAdmin: 'Yes, make admin',
    confirmVolunteer: 'Yes, make volunteer',
    confirmDonner: 'Yes, make donner',
    nowAdmin: USER_MESSAGES.roleChanged.admin,
    nowVolunteer: USER_MESSAGES.roleChanged.volunteer,
    nowDonner: USER_MESSAGES.roleChanged.donner,
    notChanged: 'The account was not changed',
    cancel: 'Cancel',
    ok: 'OK',
  },
};

export const roleText = i18n('users/role', USERS_TEXTS['users/role']);
export const userStatusText = i18n('users/status', USERS_TEXTS['users/status']);
export const componentText = i18n('users/component', USERS_TEXTS['users/component']);
export const profileText = i18n('users/profile', USERS_TEXTS['users/profile']);
export const phoneText = i18n('users/phone', USERS_TEXTS['users/phone']);
export const profileFormText = i18n('users/profile-form', USERS_TEXTS['users/profile-form']);
export const notificationSettingsText = i18n('users/notifications', USERS_TEXTS['users/notifications']);
export const donationsText = i18n('users/donations', USERS_TEXTS['users/donations']);
export const privacyText = i18n('users/privacy', USERS_TEXTS['users/privacy']);
export const allUsersText = i18n('users/all', USERS_TEXTS['users/all']);
export const userRowText = i18n('users/row', USERS_TEXTS['users/row']);
