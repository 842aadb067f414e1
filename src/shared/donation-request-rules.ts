// Constants, transitions and texts only (no zod), so public pages can use them without loading
// the schema library. donation-requests.ts re-exports them.

export const DONATION_STATUSES = ['pending', 'inprogress', 'done', 'canceled'] as const;
export type DonationStatus = (typeof DONATION_STATUSES)[number];

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

/** The spec's texts (sections 2, 5, 8), reproduced exactly. */
export const DONATION_MESSAGES = {
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
} as const;
