// Reports of requests (issue 17): every text of the feature, for the server and the web.

import type { ReportReason } from './model';

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  fake: 'Fake request',
  paid: 'Asks for money',
  duplicate: 'Duplicate of another request',
  other: 'Something else',
};

export const REPORT_TEXTS = {
  // The notice on request pages
  neverPayTitle: 'Blood is never paid for',
  neverPay: 'Donating blood is free. Never pay anyone for blood or to be put in touch with a donor.',
  reportLink: 'Report this request',
  // The report dialog
  dialogTitle: 'Report this request',
  dialogIntro: 'Tell the volunteers what is wrong. Your name is not shown to the requester.',
  reasonLabel: 'Reason',
  noteLabel: 'Note (optional)',
  notePlaceholder: 'What did you notice?',
  send: 'Send report',
  cancel: 'Cancel',
  sent: 'Thank you: the volunteers will review this request',
  alreadyReported: 'You reported this request. The volunteers will review it.',
  // The API's messages
  ownRequest: 'You cannot report your own request',
  closed: 'Only an open request can be reported',
  duplicateReport: 'You have already reported this request',
  noOpenReports: 'This request has no open reports',
  removeClosed: 'This request is already closed: dismiss its reports instead',
  underReview: 'This request is being reviewed by volunteers after reports',
  tooManyReports: (perDay: number) => `You can send at most ${perDay} reports in 24 hours. Please wait before reporting more requests.`,
  tooManyRequests: (perDay: number) =>
    `You can create at most ${perDay} requests in 24 hours. Please wait, or ask a volunteer to post an urgent one for you.`,
  // The moderation page
  pageTitle: 'Reported requests',
  pageIntro: 'Requests that signed-in users reported as fake, paid or duplicate. Dismiss the reports to make a request public again, or remove it: it is canceled and its requester is told why.',
  empty: 'No open reports. Thank you for keeping the site safe.',
  loading: 'Loading reported requests…',
  loadFailed: 'Could not load the reports',
  retry: 'Try again',
  columnRequest: 'Request',
  columnReports: 'Open reports',
  openReports: (n: number) => `${n} open ${n === 1 ? 'report' : 'reports'}`,
  columnReasons: 'Reasons',
  columnNotes: 'Notes',
  columnActions: 'Actions',
  lastReport: 'Last report',
  hidden: 'Hidden from the public',
  flagged: 'Urgent: kept public, please check first',
  view: 'View',
  dismiss: 'Dismiss',
  remove: 'Remove',
  confirmRemoveTitle: 'Remove this request?',
  confirmRemove: 'It will be canceled, and its requester told that it was removed after reports.',
  confirmDismissTitle: 'Dismiss the reports?',
  confirmDismiss: 'The request will be public again.',
  dismissed: 'Reports dismissed: the request is public again',
  removed: 'Request removed: its requester has been told',
  pagesLabel: 'Report pages',
  // Staff's notification (kind 'flagged'): an urgent or critical request reached the threshold
  flaggedTitle: 'An urgent request was reported',
  flaggedBody: 'Several people reported this urgent request. It stays public so a real patient is not missed: please check it first.',
  // The requester's notification (kind 'moderation')
  notificationTitle: 'Your request was removed',
  notificationBody:
    'People reported it as fake, paid for or a duplicate, and a volunteer checked and removed it. Blood must never be paid for. If you think this is a mistake, create the request again or contact us.',
} as const;

/** The moderation API's messages that are not the request pages' texts. */
export const REPORT_MESSAGES = {
  staffOnly: 'Only a volunteer or an admin can resolve reports',
  resolutionChoice: 'Resolution is dismiss or remove',
} as const;
