// Constants, transitions and texts only (no zod), so public pages can use them without loading
// the schema library. donation-requests.ts re-exports them.

export const DONATION_STATUSES = ['pending', 'inprogress', 'done', 'canceled'] as const;
export type DonationStatus = (typeof DONATION_STATUSES)[number];

import type { BloodComponent } from './compatibility';

/** The status moves, who may do what, and the date rule live in the policy module (decision 026). */
export { canMoveDonation, DONATION_TRANSITIONS, todayInDhaka } from './donation-request-policy';

/** Labels of the status filter (spec: initial label "filtering"). */
export const STATUS_LABELS: Record<DonationStatus, string> = {
  pending: 'Pending',
  inprogress: 'Inprogress',
  done: 'Done',
  canceled: 'Canceled',
};
export const STATUS_FILTER_PLACEHOLDER = 'filtering';

/** How soon the blood is needed (issue 14); lists filter by it and show it as a badge. */
export const URGENCIES = ['normal', 'urgent', 'critical'] as const;
export type Urgency = (typeof URGENCIES)[number];
/** The filters of every request list: a status and an urgency, each optional. */
export interface RequestFilters {
  status?: DonationStatus;
  urgency?: Urgency;
}

export const URGENCY_LABELS: Record<Urgency, string> = { normal: 'Normal', urgent: 'Urgent', critical: 'Critical' };

export const COMPONENT_LABELS: Record<BloodComponent, string> = {
  whole_blood: 'Whole blood',
  red_cells: 'Red cells',
  platelets: 'Platelets',
  plasma: 'Plasma',
};

/** A request asks for 1 to 10 units (bags); each pledged donor gives one. */
export const MAX_UNITS = 10;

const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000; // UTC+6, no daylight saving

/**
 * The instant a request is needed by: its date at its time in Dhaka. The time is "HH:MM" (the
 * time input) or "h:mm AM/PM" (typed where the browser has no time input); any other text means
 * the end of that day.
 */
export function neededByOf(date: string, time: string): Date {
  const m = /^\s*(\d{1,2}):(\d{2})\s*([ap]\.?m\.?)?\s*$/i.exec(time);
  let minutes = 24 * 60;
  if (m) {
    let hours = Number(m[1]);
    const mins = Number(m[2]);
    const meridiem = m[3]?.[0]?.toLowerCase();
    if (meridiem && hours >= 1 && hours <= 12) hours = (hours % 12) + (meridiem === 'p' ? 12 : 0);
    if (hours <= 23 && mins <= 59 && (!meridiem || Number(m[1]) <= 12)) minutes = hours * 60 + mins;
  }
  return new Date(Date.parse(`${date}T00:00:00Z`) + minutes * 60_000 - DHAKA_OFFSET_MS);
}

/** Pending, and its date and time (Dhaka) have passed: off the public list, no more pledges, until edited. */
export const isExpiredRequest = (request: { status: DonationStatus; neededBy: Date }, now = Date.now()) =>
  request.status === 'pending' && request.neededBy.getTime() <= now;

/** The spec's texts (sections 2, 5, 8), reproduced exactly. */
export const DONATION_MESSAGES = {
  notFound: 'No donation request with this id',
  recipientNameRequired: '*Name field is required',
  fullAddressRequired: '*Full Address field is required',
  hospitalNameRequired: '*Hospital Name field is required',
  donationDateRequired: '*Donation Date field is required',
  donationTimeRequired: '*Donation Time field is required',
  requestMessageRequired: '*Request Message field is required',
  dateInPast: 'The donation date cannot be in the past',
  createHeading: 'Create Donation',
  createButton: 'Create Request',
  editButton: 'Edit Donation Request',
  created: (recipientName: string) => `${recipientName} Request Successfully`,
  updated: 'Update Successfully',
  noChanges: 'No Changes',
  blockedTitle: 'You Are Not Able To Create Request',
  blockedText: 'You Are Blocked User!',
  deleteTitle: 'Are you sure?',
  deleteText: "You won't be able to delete this!",
  deleteConfirm: 'Yes, delete it!',
  deletedTitle: 'Deleted!',
  deleted: (name: string) => `${name} Is Deleted`,
  donatedTitle: 'Be Prepared',
  donatedText: 'Thank You!',
  viewAll: 'view my all request',
  notPending: 'This request is no longer waiting for a donor',
  ownRequest: 'You cannot donate to your own request',
  requesterBlocked: 'This request is on hold: its requester cannot be reached through the site right now',
  notInProgress: 'Only a request in progress can be marked done or canceled',
  alreadyPledged: 'You have already pledged to give for this request',
  // A pledge a body can keep (issue 30)
  notCompatible: 'Your blood group cannot give what this patient needs',
  notEligible: 'You cannot give on this day: your last donation is too recent, or you are marked as not available',
  notConfirmed: 'Confirm your email address before you pledge to give',
  pledgedElsewhere: 'You have already pledged to give for another patient close to this day: one donation at a time',
  withdrawnBefore: 'You withdrew from this request, so you cannot pledge to it again',
  tooManyWithdrawals: (perDay: number) => `You can withdraw at most ${perDay} pledges in 24 hours`,
  heldUntilConfirmed: 'Donors are not alerted about this request until you confirm your email address: open the link we sent you.',
  expired: 'This request has expired: its date and time have passed',
  expiredLabel: 'Expired',
  pledged: (count: number, units: number) => `${count} of ${units} pledged`,
  matchingDonors: 'Matching donors',
  noMatches: 'No eligible donor matches this request yet',
  unitsRange: `Between 1 and ${MAX_UNITS} units`,
} as const;
