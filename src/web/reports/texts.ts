import { DONATION_TEXTS } from '../../shared/donations/texts';
import { REPORT_REASON_LABELS, REPORT_TEXTS } from '../../shared/reports/texts';
import { i18n, plural } from '../i18n';

// The reports of fake or paid requests in English (issue 16): the notice and report dialog on the
// request pages, and the moderation queue. The specification's texts come from
// src/shared/reports/texts.ts unchanged; the Bangla catalogue is src/web/reports/texts.bn.ts.
// Zod-free: the request pages import it.

export const REPORTS_TEXTS = {
  'reports/reasons': { ...REPORT_REASON_LABELS },
  /** "Blood is never paid for" and the report dialog (index.tsx). */
  'reports/notice': {
    neverPayTitle: REPORT_TEXTS.neverPayTitle,
    neverPay: REPORT_TEXTS.neverPay,
    underReview: `${REPORT_TEXTS.underReview}.`,
    alreadyReported: REPORT_TEXTS.alreadyReported,
    reportLink: REPORT_TEXTS.reportLink,
    dialogTitle: REPORT_TEXTS.dialogTitle,
    dialogIntro: REPORT_TEXTS.dialogIntro,
    reasonLabel: REPORT_TEXTS.reasonLabel,
    noteLabel: REPORT_TEXTS.noteLabel,
    notePlaceholder: REPORT_TEXTS.notePlaceholder,
    send: REPORT_TEXTS.send,
    sent: REPORT_TEXTS.sent,
  },
  /** /dashboard/reports: the moderation queue. */
  'reports/queue': {
    pageTitle: REPORT_TEXTS.pageTitle,
    pageIntro: REPORT_TEXTS.pageIntro,
    empty: REPORT_TEXTS.empty,
    loading: REPORT_TEXTS.loading,
    // "Could not load the reports: {reason}" (the shared error state).
    what: 'the reports',
    openReports: plural({ one: '{count} open report', other: '{count} open reports' }),
    hidden: REPORT_TEXTS.hidden,
    flagged: REPORT_TEXTS.flagged,
    columnReasons: REPORT_TEXTS.columnReasons,
    columnNotes: REPORT_TEXTS.columnNotes,
    lastReport: REPORT_TEXTS.lastReport,
    dismiss: REPORT_TEXTS.dismiss,
    remove: REPORT_TEXTS.remove,
    confirmRemoveTitle: REPORT_TEXTS.confirmRemoveTitle,
    confirmRemove: REPORT_TEXTS.confirmRemove,
    confirmDismissTitle: REPORT_TEXTS.confirmDismissTitle,
    confirmDismiss: REPORT_TEXTS.confirmDismiss,
    dismissed: REPORT_TEXTS.dismissed,
    removed: REPORT_TEXTS.removed,
    pagesLabel: REPORT_TEXTS.pagesLabel,
  },
  /** /dashboard/reports: requesters whose requests had donations their donors disputed (issue 30). */
  'reports/disputes': {
    title: DONATION_TEXTS.disputes.title,
    intro: DONATION_TEXTS.disputes.intro,
    empty: DONATION_TEXTS.disputes.empty,
    loading: DONATION_TEXTS.disputes.loading,
    // "Could not load the disputed donations: {reason}" (the shared error state).
    what: 'the disputed donations',
    requester: DONATION_TEXTS.disputes.requester,
    count: DONATION_TEXTS.disputes.count,
    latest: DONATION_TEXTS.disputes.latest,
    disputedCount: plural({ one: '{count} disputed donation', other: '{count} disputed donations' }),
    pagesLabel: 'Pages of requesters with disputed donations',
  },
};

export const reasonsText = i18n('reports/reasons', REPORTS_TEXTS['reports/reasons']);
export const noticeText = i18n('reports/notice', REPORTS_TEXTS['reports/notice']);
export const queueText = i18n('reports/queue', REPORTS_TEXTS['reports/queue']);
export const disputesText = i18n('reports/disputes', REPORTS_TEXTS['reports/disputes']);
