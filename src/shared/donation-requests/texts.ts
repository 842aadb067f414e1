// Donation requests' labels and messages (zod-free: the public list shows them).

import { type DeferralReason, type DonationStatus, MAX_UNITS, type PledgeState, type Urgency } from './model';
import type { BloodComponent } from '../matching/model';

/** Labels of the status filter (spec: initial label "filtering"). */
export const STATUS_LABELS: Record<DonationStatus, string> = {
  pending: 'Pending',
  inprogress: 'Inprogress',
  done: 'Done',
  canceled: 'Canceled',
};
export const STATUS_FILTER_PLACEHOLDER = 'filtering';

export const URGENCY_LABELS: Record<Urgency, string> = { normal: 'Normal', urgent: 'Urgent', critical: 'Critical' };

export const COMPONENT_LABELS: Record<BloodComponent, string> = {
  whole_blood: 'Whole blood',
  red_cells: 'Red cells',
  platelets: 'Platelets',
  plasma: 'Plasma',
};

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
  emailOrId: 'Give exactly one of email or id',
  ownListOnly: 'You can only list your own requests',
  closedNoEdit: 'A request that is done or canceled can no longer be edited',
  matchesForbidden: 'Only the requester, a volunteer or an admin can see the matching donors',
  urgencyChoice: 'Choose normal, urgent or critical',
  componentChoice: 'Choose whole blood, red cells, platelets or plasma',
} as const;

/** A pledge's state as the request's page shows it (issue 33). */
export const PLEDGE_STATE_LABELS: Record<PledgeState, string> = {
  pledged: 'Pledged',
  on_the_way: 'On the way',
  arrived: 'Arrived',
  donated: 'Donated',
  no_show: 'Did not come',
  deferred: 'Turned away at the bank',
};

export const DEFERRAL_REASON_LABELS: Record<DeferralReason, string> = {
  low_haemoglobin: 'Low haemoglobin',
  illness: 'Illness',
  medication: 'Medication',
  other: 'Another reason',
};

/** The pledge check-ins' and outcomes' messages (issue 33). */
export const PLEDGE_MESSAGES = {
  checkinChoice: 'Choose on_the_way or arrived',
  outcomeChoice: 'Choose donated, no_show or deferred',
  reasonChoice: 'Say why the bank turned the donor away: low_haemoglobin, illness, medication or other',
  noSuchPledge: 'This request has no pledge with this id',
  outcomeForbidden: 'Only the requester, a volunteer or an admin can record what happened to a pledge',
  decided: 'What happened to this pledge is already recorded',
  checkinBehind: 'You have already told us more than that',
  checkinDecided: 'What happened to your pledge is already recorded',
  requestClosed: 'This request is done or canceled: its pledges no longer change',
  donatedKept: 'Your donation is recorded: it cannot be withdrawn',
} as const;
