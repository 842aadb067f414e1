import { z } from 'zod';
import { BLOOD_GROUPS } from './blood-groups';
import { DONATION_MESSAGES, DONATION_STATUSES } from './donation-request-rules';
import { bloodGroupSchema, locationFields } from './users';

export {
  canMoveDonation,
  DONATION_MESSAGES,
  DONATION_STATUSES,
  DONATION_TRANSITIONS,
  type DonationStatus,
  STATUS_FILTER_PLACEHOLDER,
  STATUS_LABELS,
  todayInDhaka,
} from './donation-request-rules';

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
