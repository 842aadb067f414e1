// Donation requests' API shapes. Statuses and rules: model.ts; messages: texts.ts.

import { z } from 'zod';
import { calendarDateSchema } from '../dates/schemas';
import { DONATION_MESSAGES, PLEDGE_MESSAGES } from './texts';
import { CHECKIN_STATES, DEFERRAL_REASONS, DONATION_STATUSES, MAX_UNITS, PLEDGE_STATES, URGENCIES } from './model';
import { bloodGroupSchema, locationFields } from '../users/schemas';
import { BLOOD_COMPONENTS, BLOOD_GROUPS } from '../matching/model';
import { phoneInputSchema } from '../phone/schemas';
import { API_MESSAGES } from '../api/texts';

const required = (message: string, max = 200) => z.string({ error: message }).trim().min(1, message).max(max, API_MESSAGES.atMostCharacters(max));

/** The donation date as the date input gives it (YYYY-MM-DD), checked to be a real day. */
export const dateSchema = calendarDateSchema(DONATION_MESSAGES.donationDateRequired);

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
  // What is needed (issue 14). Optional: a create without them gets whole blood, 1 unit, normal;
  // an edit without them keeps what the request has, so older clients keep working.
  component: z.enum(BLOOD_COMPONENTS, { error: DONATION_MESSAGES.componentChoice }).optional(),
  unitsNeeded: z.number({ error: DONATION_MESSAGES.unitsRange }).int(DONATION_MESSAGES.unitsRange).min(1, DONATION_MESSAGES.unitsRange).max(MAX_UNITS, DONATION_MESSAGES.unitsRange).optional(),
  urgency: z.enum(URGENCIES, { error: DONATION_MESSAGES.urgencyChoice }).optional(),
  /** The family's phone (issue 15), shown only to donors who pledge. Optional; omitted on an edit: kept. */
  contactPhone: phoneInputSchema.optional(),
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
  component: z.enum(BLOOD_COMPONENTS),
  unitsNeeded: z.number().int(),
  urgency: z.enum(URGENCIES),
  /** Pending, and its date and time (Dhaka) have passed: off the public list until edited. */
  expired: z.boolean(),
  pledgeCount: z.number().int(),
  /**
   * Every pledge, first first: for the requester and staff only. `id` names it for its outcome
   * (PATCH .../pledges/{id}); `state` is where it is (issue 33), `deferralReason` why the bank
   * turned the donor away (deferred only).
   */
  pledges: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        email: z.string(),
        pledgedAt: z.string(),
        phone: z.string().nullable(),
        state: z.enum(PLEDGE_STATES),
        deferralReason: z.enum(DEFERRAL_REASONS).nullable(),
      }),
    )
    .optional(),
  /** The family's phone: to its requester and to donors who pledged; null for everyone else. */
  contactPhone: z.string().nullable().optional(),
  /** Whether the signed-in user has a pledge to this request that still holds a unit (not no_show or deferred). */
  pledgedByMe: z.boolean().optional(),
  /** The signed-in user's own pledge's state (issue 33), null without one: the page offers its next check-in. */
  myPledgeState: z.enum(PLEDGE_STATES).nullable().optional(),
  /** Whether the signed-in reader has reported it (issue 17): the page hides its Report button. */
  reportedByMe: z.boolean().optional(),
  /** Reported by enough users to be off the public list until staff review it (issue 17). */
  underReview: z.boolean().optional(),
  /** To its requester (issue 30): donors are not alerted until the requester confirms their address. */
  alertsHeld: z.boolean().optional(),
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
  recipientDivisionId: true,
  recipientDistrictId: true,
  recipientUpazilaId: true,
  donationDate: true,
  donationTime: true,
  donationStatus: true,
  component: true,
  unitsNeeded: true,
  urgency: true,
  pledgeCount: true,
});
export type PublicDonationRequest = z.infer<typeof publicDonationRequestSchema>;

export const statusFilterSchema = z.object({ status: z.enum(DONATION_STATUSES).optional() });
/** ?urgency=critical on every request list. */
export const urgencyFilterSchema = z.object({ urgency: z.enum(URGENCIES).optional() });

/** GET /donationRequest/{id}/matches: a donor who can give for the request, without contact details. */
export const matchSchema = z.object({
  _id: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  blood_group: z.enum(BLOOD_GROUPS),
  district: z.string(),
  upazila: z.string(),
  /** The donor's places by id (issue 16: the web shows their Bangla names). */
  divisionId: z.string(),
  districtId: z.string(),
  upazilaId: z.string(),
  distanceKm: z.number(),
  nextEligibleDate: z.string().nullable(),
});
export type Match = z.infer<typeof matchSchema>;

/** GET /donationRequest?email=... (a list) or ?id=... (one request). */
export const donationRequestQuerySchema = z
  .object({
    email: z.string().trim().toLowerCase().pipe(z.email()).optional(),
    id: z.uuid('Not a request id').optional(),
  })
  .refine((q) => (q.email === undefined) !== (q.id === undefined), { message: DONATION_MESSAGES.emailOrId });

export const setDonationStatusSchema = z.object({ donationStatus: z.enum(['done', 'canceled']) });

/** POST /donationRequest/{id}/pledge/checkin: the donor is on the way, or has arrived (issue 33). */
export const pledgeCheckinSchema = z.object({ state: z.enum(CHECKIN_STATES, { error: PLEDGE_MESSAGES.checkinChoice }) });
export type PledgeCheckinInput = z.infer<typeof pledgeCheckinSchema>;

/** PATCH /donationRequest/{id}/pledges/{pledgeId}: the outcome, and for a deferral its reason (issue 33). */
export const pledgeOutcomeSchema = z.discriminatedUnion(
  'outcome',
  [
    z.object({ outcome: z.literal('donated') }),
    z.object({ outcome: z.literal('no_show') }),
    z.object({ outcome: z.literal('deferred'), reason: z.enum(DEFERRAL_REASONS, { error: PLEDGE_MESSAGES.reasonChoice }) }),
  ],
  { error: PLEDGE_MESSAGES.outcomeChoice },
);
export type PledgeOutcomeInput = z.infer<typeof pledgeOutcomeSchema>;
