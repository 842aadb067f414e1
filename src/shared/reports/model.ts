// Reports of fake, paid or duplicate requests (issue 17): the reasons, the resolutions and when
// reports hide or flag a request. Zod-free: the request pages import it. Texts: texts.ts.

export const REPORT_REASONS = ['fake', 'paid', 'duplicate', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** A report is open until staff resolve all of a request's open reports at once. */
export const REPORT_STATUSES = ['open', 'dismissed', 'removed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Dismiss: the request is public again. Remove: it is canceled and its requester told why. */
export const REPORT_RESOLUTIONS = ['dismiss', 'remove'] as const;
export type ReportResolution = (typeof REPORT_RESOLUTIONS)[number];
export const RESOLVED_STATUS: Record<ReportResolution, Exclude<ReportStatus, 'open'>> = { dismiss: 'dismissed', remove: 'removed' };

/**
 * Reports and urgency (issue 30, decision 058): at REPORTS_TO_HIDE counting reports a normal
 * request leaves the public list, its page and its alerts until staff look; an urgent or critical
 * one is never hidden automatically (a real patient may be dying): it stays public, its waves go
 * on, and it is flagged for staff instead (top of the queue, staff told in-app).
 */
export interface ReportedRequest {
  openReports: number;
  urgency: 'normal' | 'urgent' | 'critical';
}
export const NEVER_HIDDEN_URGENCIES = ['urgent', 'critical'] as const;
const neverHidden = (urgency: ReportedRequest['urgency']) => (NEVER_HIDDEN_URGENCIES as readonly string[]).includes(urgency);
export const isHiddenByReports = (r: ReportedRequest, reportsToHide: number) => r.openReports >= reportsToHide && !neverHidden(r.urgency);
export const isFlaggedByReports = (r: ReportedRequest, reportsToHide: number) => r.openReports >= reportsToHide && neverHidden(r.urgency);

/** The longest note a reporter may add. */
export const REPORT_NOTE_MAX = 500;
