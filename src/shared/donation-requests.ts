import { z } from 'zod';
import { BLOOD_GROUPS } from './blood-groups';
import { bloodGroupSchema, locationFields } from './users';

export const DONATION_STATUSES = ['pending', 'inprogress', 'done', 'canceled'] as const;
export type DonationStatus = (typeof DONATION_STATUSES)[number];

/**
 * Donation status moves (spec section 4): a donor confirming takes a pending request in progress;
 * the requester, a volunteer or an admin then marks it done or canceled. Nothing else moves.
 */
export const DONATION_TRANSITIONS: Record<DonationStatus, readonly DonationStatus[]> = {
  pending: ['inprogress'],
  inprogress: ['done', 'canceled'],
  done: [],
  canceled: [],
};
export const canMoveDonation = (from: DonationStatus, to: DonationStatus) => DONATION_TRANSITIONS[from].includes(to);

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
  notInProgress: 'Only a request in progress can be marked done or canceled',
} as const;

const required = (message: string, max = 200) => z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);

/** A calendar date as the date input gives it (YYYY-MM-DD), checked to be a real day. */
export const dateSchema = z
  .string({ error: DONATION_MESSAGES.donationDateRequired })
  .trim()
  .min(1, DONATION_MESSAGES.donationDateRequired)
  .regex(/^\d{4}-\d{2}-\d{2}$/, DONATION_MESSAGES.donationDateRequired)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'Not a real date');

/** Today in Bangladesh (UTC+6, no daylight saving): the day a request may not be before. */
export function todayInDhaka(now: number = Date.now()): string {
  return new Date(now + 6 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

const requestFields = {
  recipientName: required(DONATION_MESSAGES.recipientNameRequired, 100),
  bloodGroup: bloodGroupSchema,
  hospitalName: required(DONATION_MESSAGES.hospitalNameRequired),
  fullAddress: required(DONATION_MESSAGES.fullAddressRequired, 300),
  donationDate: dateSchema,
  donationTime: required(DONATION_MESSAGES.donationTimeRequired, 20),
  requestMessage: required(DONATION_MESSAGES.requestMessageRequired, 2000),
  recipientDivision: locationFields.division,
  recipientDistrict: locationFields.district,
  recipientUpazila: locationFields.upazila,
};

/**
 * Create and edit share the fields. The requester, status and donor are never taken from the
 * body: the server sets them.
 */
export const donationRequestInputSchema = z.object(requestFields);
export type DonationRequestInput = z.input<typeof donationRequestInputSchema>;

export const donationRequestSchema = z.object({
  _id: z.string(),
  recipientName: z.string(),
  bloodGroup: z.enum(BLOOD_GROUPS),
  hospitalName: z.string(),
  fullAddress: z.string(),
  donationDate: z.string(),
  donationTime: z.string(),
  requestMessage: z.string(),
  recipientDivision: z.string(),
  recipientDistrict: z.string(),
  recipientUpazila: z.string(),
  recipientDivisionId: z.string(),
  recipientDistrictId: z.string(),
  recipientUpazilaId: z.string(),
  donationStatus: z.enum(DONATION_STATUSES),
  requesterName: z.string(),
  requesterEmail: z.string(),
  donarName: z.string().nullable(),
  donarEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type DonationRequest = z.infer<typeof donationRequestSchema>;

/** What anyone may see of a pending request on the public list (no contact details). */
export const publicDonationRequestSchema = donationRequestSchema.pick({
  _id: true,
  recipientName: true,
  bloodGroup: true,
  recipientDivision: true,
  recipientDistrict: true,
  recipientUpazila: true,
  donationDate: true,
  donationTime: true,
  donationStatus: true,
});
export type PublicDonationRequest = z.infer<typeof publicDonationRequestSchema>;

export const statusFilterSchema = z.object({ status: z.enum(DONATION_STATUSES).optional() });

/** GET /donationRequest?email=... (a list) or ?id=... (one request). */
export const donationRequestQuerySchema = z
  .object({
    email: z.string().trim().toLowerCase().pipe(z.email()).optional(),
    id: z.uuid('Not a request id').optional(),
  })
  .refine((q) => (q.email === undefined) !== (q.id === undefined), { message: 'Give exactly one of email or id' });

export const setDonationStatusSchema = z.object({ donationStatus: z.enum(['done', 'canceled']) });
