// Outreach (issue 15): the waves' rules, a donor's answer, the area a search reached and the
// one-tap answer page. Zod-free, so the web and the server read the same table.

import type { Urgency } from '../donation-requests/model';
import { isHiddenByReports, type ReportedRequest } from '../reports/model';
import { pathTo } from '../routing/routes';

/** Minutes after midnight in Dhaka (UTC+6, no daylight saving) at an instant. */
export function dhakaMinuteOfDay(at: Date): number {
  return Math.floor((at.getTime() / 60_000 + 6 * 60) % (24 * 60));
}

/** Whether a minute of the day falls in [start, end), wrapping midnight when start > end; start = end is never quiet. */
export function isQuiet(minute: number, start: number, end: number): boolean {
  if (start === end) return false;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/** The first moment at or after `at` outside the quiet hours [start, end) (minutes of the Dhaka day): `at` itself when it is not quiet. */
export function afterQuietHours(at: Date, start: number, end: number): Date {
  const minute = dhakaMinuteOfDay(at);
  if (!isQuiet(minute, start, end)) return at;
  const wait = (end - minute + 24 * 60) % (24 * 60);
  const startOfMinute = Math.floor(at.getTime() / 60_000) * 60_000;
  return new Date(startOfMinute + wait * 60_000);
}

/** Donors in one wave: `OUTREACH_WAVE_SIZE`, twice that for a critical request. */
export function waveSize(base: number, urgency: Urgency): number {
  return urgency === 'critical' ? base * 2 : base;
}

/** Only critical requests reach donors in their quiet hours. */
export const urgencyIgnoresQuietHours = (urgency: Urgency) => urgency === 'critical';

/**
 * The urgency a request alerts with (issue 30): a new account's request (users/policy.ts) counts
 * as urgent at most, so a throwaway account's "critical" neither doubles its waves nor wakes anyone
 * in their quiet hours. Its page still shows what the requester chose.
 */
export const alertUrgency = (urgency: Urgency, requesterIsNew: boolean): Urgency => (requesterIsNew && urgency === 'critical' ? 'urgent' : urgency);

export const ANSWERS = ['accept', 'decline'] as const;
export type Answer = (typeof ANSWERS)[number];

/** The widest area a request's waves reached. */
export const OUTREACH_AREAS = ['none', 'upazila', 'district', 'nearby', 'far'] as const;
export type OutreachArea = (typeof OUTREACH_AREAS)[number];

/** The one-tap answer page: `/respond/{id}?answer=accept|decline`. */
export const respondPath = (requestId: string, answer?: Answer) =>
  `${pathTo('respond', { id: encodeURIComponent(requestId) })}${answer ? `?answer=${answer}` : ''}`;

/** What a request's outreach reads to know whether it still looks for donors. */
export interface OutreachRequest extends ReportedRequest {
  status: string;
  pledgeCount: number;
  unitsNeeded: number;
  neededBy: Date;
}

/**
 * Still looking for donors: pending, short of pledges, not past its time, and not hidden by
 * reports (urgent and critical ones never are). Waves, alert SMS and the alert link's page ask it.
 */
export const needsDonors = (r: OutreachRequest, now: Date, reportsToHide: number): boolean =>
  r.status === 'pending' && r.pledgeCount < r.unitsNeeded && r.neededBy.getTime() > now.getTime() && !isHiddenByReports(r, reportsToHide);
