import {
  COMPONENT_LABELS,
  DEFERRAL_REASON_LABELS,
  DONATION_MESSAGES,
  PLEDGE_STATE_LABELS,
  STATUS_FILTER_PLACEHOLDER,
  STATUS_LABELS,
  URGENCY_LABELS,
} from '../../shared/donation-requests/texts';
import { INSIGHT_TEXTS } from '../../shared/insight/texts';
import { OUTREACH_MESSAGES } from '../../shared/outreach/texts';
import { REPORT_TEXTS } from '../../shared/reports/texts';
import { fill, i18n, plural } from '../i18n';

// The donation request pages in English (issue 16): the public list, the dashboard lists, the
// create / edit form, the details cards, dialogs and toasts. The specification's texts come from
// src/shared/donation-requests/texts.ts and outreach/texts.ts unchanged; the Bangla catalogue is
// src/web/donation-requests/texts.bn.ts. Zod-free: the public list imports it.
//
// Plain strings with `{name}` holes (not `fill`) are the ones a component fills with elements
// (a <strong> name, a <time>): see shared/rich-text.tsx.

const VIEW_FOR = ' the request for {name}';

export const REQUESTS_TEXTS = {
  'donation-requests/status': { ...STATUS_LABELS, expired: DONATION_MESSAGES.expiredLabel },
  'donation-requests/urgency': { ...URGENCY_LABELS },
  'donation-requests/component': { ...COMPONENT_LABELS },
  'donation-requests/pledge-state': { ...PLEDGE_STATE_LABELS },
  'donation-requests/deferral-reason': { ...DEFERRAL_REASON_LABELS },
  'donation-requests/common': {
    units: plural({ one: '{count} unit', other: '{count} units' }),
    // DONATION_MESSAGES.pledged(count, units)
    pledged: fill('{count} of {units} pledged'),
    bloodGroup: 'Blood group',
    tryAgain: 'Try again',
    couldNotLoad: fill('Could not load {what}: {reason}'),
    theRequests: 'the requests',
    theRequest: 'the request',
    missing: 'This request does not exist any more. It may have been deleted.',
    backToRequests: 'Back to the requests',
    loadingRequest: 'Loading the request…',
    viewRequest: 'View the request',
  },
  'donation-requests/filters': {
    byStatus: 'Filter by status',
    allStatuses: 'All statuses',
    placeholder: STATUS_FILTER_PLACEHOLDER,
    showAll: 'Show all',
    byUrgency: 'Filter by urgency',
    anyUrgency: 'Any urgency',
  },
  /** The public list, /allRequest. */
  'donation-requests/public': {
    intro:
      'People across Bangladesh waiting for a donor, soonest first. Open a request to see the hospital and offer to donate; you will be asked to log in.',
    waiting: plural({ one: '{count} request is waiting.', other: '{count} requests are waiting.' }),
    loading: 'Loading donation requests…',
    what: 'the donation requests',
    emptyTitle: 'No one is waiting for blood right now.',
    emptyText: 'New requests appear here as soon as they are made. You can also help by keeping your donor profile up to date.',
    searchDonors: 'Search donors',
    listLabel: 'Pending donation requests',
    caption: 'Pending donation requests, soonest first',
    recipient: 'Recipient',
    location: 'Location',
    date: 'Date',
    time: 'Time',
    need: 'Need',
    status: 'Status',
    details: 'Details',
    view: 'View',
    viewFor: fill(VIEW_FOR),
    pages: 'Donation requests pages',
  },
  /** The dashboard's table and cards with their row actions. */
  'donation-requests/table': {
    recipient: 'Recipient',
    requester: 'Requester',
    location: 'Location',
    date: 'Date',
    time: 'Time',
    status: 'Status',
    donorInformation: 'Donor information',
    actions: 'Actions',
    need: 'Need',
    when: 'When',
    donor: 'Donor',
    noDonor: 'No donor yet',
    view: 'View',
    viewFor: fill(VIEW_FOR),
    edit: 'Edit',
    editFor: fill(VIEW_FOR),
    delete: 'Delete',
    deleteFor: fill(VIEW_FOR),
    done: 'Done',
    doneFor: fill(': mark the request for {name} done'),
    cancel: 'Cancel',
    cancelFor: fill(' the donation for {name}'),
  },
  /** Delete, done and cancel: the confirmations and what follows. */
  'donation-requests/actions': {
    confirmTitle: DONATION_MESSAGES.deleteTitle,
    deleteText: DONATION_MESSAGES.deleteText,
    deleteConfirm: DONATION_MESSAGES.deleteConfirm,
    deletedTitle: DONATION_MESSAGES.deletedTitle,
    // DONATION_MESSAGES.deleted(name)
    deleted: fill('{name} Is Deleted'),
    doneText: fill('The donation for {name} took place. This cannot be undone.'),
    doneConfirm: 'Yes, it is done',
    canceledText: fill('The donation for {name} will not take place. This cannot be undone.'),
    canceledConfirm: 'Yes, cancel it',
    markedAs: fill('Marked as {status}'),
  },
  /** User home, my requests, and the dashboard lists. */
  'donation-requests/dashboard': {
    title: 'Dashboard',
    welcome: 'Welcome',
    welcomeName: fill('Welcome, {name}'),
    thanks: 'Thank you for being part of a community that saves lives.',
    recent: 'Your recent donation requests',
    recentLabel: 'My recent donation requests',
    loadingYours: 'Loading your requests…',
    yourRequests: 'your requests',
    emptyTitle: 'You have not asked for blood yet.',
    emptyText: 'When someone you know needs blood, create a request and donors nearby can answer it.',
    create: DONATION_MESSAGES.createButton,
    viewAll: DONATION_MESSAGES.viewAll,
    myTitle: 'My Donation Requests',
    myIntro: 'Every request you have made, newest first. Mark a request done or canceled once a donor has answered it.',
    myLabel: 'My donation requests',
    loading: 'Loading requests…',
    noneWithStatus: fill('No {status} requests.'),
    noneWithUrgency: 'No requests with this urgency.',
    showAllRequests: 'Show all requests',
    noneYet: 'No donation requests yet.',
    count: plural({ one: '{count} request', other: '{count} requests' }),
    pages: fill('{label} pages'),
  },
  /** The create and edit pages and their form. */
  'donation-requests/form': {
    requester: 'Requester',
    requesterName: 'Requester name',
    requesterEmail: 'Requester email',
    contactPhone: `${OUTREACH_MESSAGES.contactPhoneLabel} (optional)`,
    phoneHint: OUTREACH_MESSAGES.phoneShared,
    recipient: 'Recipient',
    recipientName: 'Recipient name',
    bloodGroup: 'Blood group',
    needed: 'What is needed',
    component: 'Blood component',
    units: 'Units (bags) needed',
    urgency: 'Urgency',
    hospital: 'Hospital',
    hospitalName: 'Hospital name',
    fullAddress: 'Full address',
    donation: 'Donation',
    donationDate: 'Donation date',
    donationTime: 'Donation time',
    timePlaceholder: 'e.g. 10:30 AM',
    requestMessage: 'Request message',
    messagePlaceholder: 'Why is blood needed, and whom should donors ask for at the hospital?',
    createHeading: DONATION_MESSAGES.createHeading,
    createIntro: 'Ask for blood for someone in need. Donors see the recipient, the place and the time on the public list.',
    blocked: DONATION_MESSAGES.blockedText,
    blockedCreate: 'A blocked account cannot create donation requests. If you think this is a mistake, please contact an admin.',
    blockedTitle: DONATION_MESSAGES.blockedTitle,
    createButton: DONATION_MESSAGES.createButton,
    // DONATION_MESSAGES.created(name)
    created: fill('{name} Request Successfully'),
    editHeading: DONATION_MESSAGES.editButton,
    back: '← Back',
    editIntro: 'Change the details donors see. The requester and the status stay as they are.',
    onlyOwner: 'Only the person who made this request, or an admin, can edit it.',
    blockedEdit: 'A blocked account cannot edit requests.',
    closed: fill('This request is {status}, so it can no longer be edited. It is shown here as it was saved.'),
    noChanges: DONATION_MESSAGES.noChanges,
    updated: DONATION_MESSAGES.updated,
  },
  /** The details cards, the Donate dialog, matching donors, pledges and the search for donors. */
  'donation-requests/details': {
    recipient: 'Recipient',
    hospital: 'Hospital',
    name: 'Name',
    address: 'Address',
    bloodGroup: 'Blood group',
    division: 'Division',
    district: 'District',
    upazila: 'Upazila',
    date: 'Date',
    time: 'Time',
    status: 'Status',
    need: 'Need',
    urgency: 'Urgency',
    message: 'Request message',
    requestedBy: 'Requested by',
    canYouGive: 'Can you give blood to {name} on {date}? Let the requester know you are coming.',
    donate: 'Donate',
    confirmTitle: 'Confirm your donation',
    youOffer: 'You offer to give {group} blood for {name} at {hospital} on {date} at {time}. The requester will see your name and email.',
    donorName: 'Donor name',
    donorEmail: 'Donor email',
    confirmDonation: 'Confirm Donation',
    donatedTitle: DONATION_MESSAGES.donatedTitle,
    donatedText: DONATION_MESSAGES.donatedText,
    pledges: fill('Pledges ({pledged})'),
    pledgedOn: 'pledged {date}',
    matchingDonors: DONATION_MESSAGES.matchingDonors,
    noMatches: DONATION_MESSAGES.noMatches,
    findingMatches: 'Finding matching donors…',
    theMatches: 'the matching donors',
    away: fill(' · about {km} km away'),
    bloodGroupOf: fill('Blood group {group}'),
    matchesPages: 'Matching donors pages',
    matchesIntro: fill(
      'Donors who can give {component} to a {group} patient on the donation day: the same group first, then the nearest. Their contact is shared only once they answer.',
    ),
    alreadyPledged: OUTREACH_MESSAGES.alreadyPledged,
    familyPhone: OUTREACH_MESSAGES.familyPhone,
    noPhone: fill('The family did not leave a phone number; ask for {name} at the hospital.'),
    withdraw: OUTREACH_MESSAGES.withdraw,
    withdrawTitle: OUTREACH_MESSAGES.withdrawTitle,
    withdrawText: OUTREACH_MESSAGES.withdrawText,
    withdrawConfirm: OUTREACH_MESSAGES.withdrawConfirm,
    withdrawn: OUTREACH_MESSAGES.withdrawn,
    // A pledge's life (issue 33): the donor's check-ins, the requester's and staff's outcomes.
    yourPledge: fill('Your pledge: {state}.'),
    onMyWay: 'I am on my way',
    arrivedAtBank: 'I have arrived',
    checkedIn: 'Thank you. The family can see it.',
    stateWithReason: fill('{state}: {reason}'),
    whatHappened: fill('What happened with {name}?'),
    markDonated: 'Donated',
    markNoShow: 'Did not come',
    markDeferred: 'Turned away',
    deferralReason: 'Why the bank turned them away',
    saveDeferral: 'Save',
    outcomeSaved: 'Saved.',
  },
  /** All requests on the site (dashboard, volunteers and admins). */
  'donation-requests/all': {
    title: 'All Donation Requests',
    introAdmin: 'Every request on the site, newest first. You can edit, delete, and mark requests in progress done or canceled.',
    introVolunteer:
      'Every request on the site, newest first. You can mark requests in progress done or canceled; only the requester or an admin can edit or delete.',
    label: 'All donation requests',
    exportCsv: INSIGHT_TEXTS.exportCsv,
  },
  /** /requestDetails/{id}: the public details page with Donate, and why Donate is not offered. */
  'donation-requests/request-details': {
    allRequests: '← All donation requests',
    // `{group}` and `{name}` are elements (rich-text.tsx).
    bloodNeeded: '{group} blood needed for {name}',
    donation: 'Donation',
    requesterInformation: 'Requester information',
    email: 'Email',
    name: 'Name',
    you: fill('{name} (you)'),
    ownRequest: `${DONATION_MESSAGES.ownRequest}. Donors see it on the public list while it is pending.`,
    manage: 'Manage it in your dashboard',
    underReview: `${REPORT_TEXTS.underReview}: no one can offer to donate until the reports are resolved.`,
    openReports: 'Open the reports queue',
    expired: `${DONATION_MESSAGES.expired}.`,
    notPending: `${DONATION_MESSAGES.notPending}: a donor has already answered it.`,
    otherRequests: 'See other requests',
    blocked: DONATION_MESSAGES.blockedText,
    blockedText: 'A blocked account cannot offer to donate. If you think this is a mistake, please contact an admin.',
  },
  /** userHome/viewDetails/{id}: the dashboard's details page. */
  'donation-requests/view': {
    title: 'Donation Request',
    requestFor: fill('Request for {name}'),
    myRequests: '← My requests',
    edit: 'Edit',
    done: 'Done',
    doneFor: ': mark this request done',
    cancel: 'Cancel',
    cancelFor: ' this donation',
    donationInformation: 'Donation information',
    donorInformation: 'Donor information',
    name: 'Name',
    email: 'Email',
    phone: 'Phone',
  },
  /** The search for donors (issue 15): outreach-panel.tsx and outreach-text.ts. */
  'donation-requests/outreach': {
    heading: OUTREACH_MESSAGES.progressHeading,
    loading: 'Loading the search for donors…',
    held: DONATION_MESSAGES.heldUntilConfirmed,
    what: 'the search for donors',
    // The progress as sentences a worried family reads (issue 38), built in shared/outreach-text.ts.
    donors: plural({ one: '{count} donor', other: '{count} donors' }),
    notStarted: 'We have not told any donors yet.',
    noneFound: 'We have not found a donor to tell yet.',
    toldUpazila: fill('We told {donors} near {place}.'),
    toldDistrict: fill('We told {donors} in {place} district.'),
    toldNearby: fill('We told {donors} in {place} and nearby districts.'),
    toldNearbyFarthest: fill('We told {donors} in {place} and nearby districts, as far as {farthest}.'),
    toldFar: fill('We told {donors} in {place} and districts farther away.'),
    toldFarFarthest: fill('We told {donors} in {place} and districts farther away, as far as {farthest}.'),
    bySms: fill('By text message (SMS): {count}.'),
    noAnswer: 'Nobody has answered yet.',
    saidYes: plural({ one: '{count} donor said yes.', other: '{count} donors said yes.' }),
    saidNo: plural({ one: '{count} donor cannot donate this time.', other: '{count} donors cannot donate this time.' }),
    allPledged: plural({ one: 'A donor has promised the bag you need.', other: 'Donors have promised all {count} bags you need.' }),
    somePledged: fill('Donors have promised {count} of the {units} bags you need.'),
    startAt: fill('We will start telling donors at {time}.'),
    startTomorrow: fill('We will start telling donors tomorrow at {time}.'),
    moreAt: fill('We will tell more donors at {time}.'),
    moreTomorrow: fill('We will tell more donors tomorrow at {time}.'),
  },
};

export const statusText = i18n('donation-requests/status', REQUESTS_TEXTS['donation-requests/status']);
export const urgencyText = i18n('donation-requests/urgency', REQUESTS_TEXTS['donation-requests/urgency']);
export const componentText = i18n('donation-requests/component', REQUESTS_TEXTS['donation-requests/component']);
export const pledgeStateText = i18n('donation-requests/pledge-state', REQUESTS_TEXTS['donation-requests/pledge-state']);
export const deferralReasonText = i18n('donation-requests/deferral-reason', REQUESTS_TEXTS['donation-requests/deferral-reason']);
export const requestsCommonText = i18n('donation-requests/common', REQUESTS_TEXTS['donation-requests/common']);
export const filtersText = i18n('donation-requests/filters', REQUESTS_TEXTS['donation-requests/filters']);
export const publicListText = i18n('donation-requests/public', REQUESTS_TEXTS['donation-requests/public']);
export const tableText = i18n('donation-requests/table', REQUESTS_TEXTS['donation-requests/table']);
export const actionsText = i18n('donation-requests/actions', REQUESTS_TEXTS['donation-requests/actions']);
export const dashboardText = i18n('donation-requests/dashboard', REQUESTS_TEXTS['donation-requests/dashboard']);
export const requestFormText = i18n('donation-requests/form', REQUESTS_TEXTS['donation-requests/form']);
export const detailsText = i18n('donation-requests/details', REQUESTS_TEXTS['donation-requests/details']);
export const allRequestsText = i18n('donation-requests/all', REQUESTS_TEXTS['donation-requests/all']);
export const requestDetailsText = i18n('donation-requests/request-details', REQUESTS_TEXTS['donation-requests/request-details']);
export const viewText = i18n('donation-requests/view', REQUESTS_TEXTS['donation-requests/view']);
export const outreachText = i18n('donation-requests/outreach', REQUESTS_TEXTS['donation-requests/outreach']);
