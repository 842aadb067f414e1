// Privacy of accounts (issue 17): the export and deletion shapes.

import { z } from 'zod';
import { BLOOD_COMPONENTS, BLOOD_GROUPS } from '../matching/model';
import { ROLES, USER_STATUSES } from '../users/model';
import { DEFERRAL_REASONS, DONATION_STATUSES, PLEDGE_STATES, URGENCIES } from '../donation-requests/model';
import { PRIVACY_MESSAGES } from './texts';

/** DELETE /users/{email}: the owner types their email again. */
export const deleteAccountSchema = z.object({ confirmEmail: z.string({ error: PRIVACY_MESSAGES.typeEmail }).trim().min(1, PRIVACY_MESSAGES.typeEmail).max(254) });
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;
export const deleteAccountResultSchema = z.object({ deleted: z.literal(true) });
export type DeleteAccountResult = z.infer<typeof deleteAccountResultSchema>;

const nullableString = z.string().nullable();

/** GET /users/{email}/export: everything the site holds about its owner, never a credential. */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  profile: z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    avatar: nullableString,
    blood_group: z.enum(BLOOD_GROUPS).nullable(),
    division: nullableString,
    district: nullableString,
    upazila: nullableString,
    phone: nullableString,
    role: z.enum(ROLES),
    status: z.enum(USER_STATUSES),
    lastDonationDate: nullableString,
    lastDonationComponent: z.enum(BLOOD_COMPONENTS).nullable(),
    nextEligibleDate: nullableString,
    available: z.boolean(),
    donationCount: z.number().int(),
    locale: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  settings: z.object({
    email: z.boolean(),
    push: z.boolean(),
    quietHoursStart: z.string(),
    quietHoursEnd: z.string(),
    maxPerWeek: z.number().int(),
  }),
  /** How they sign in: the providers only (no password hash, no OAuth token). */
  signIn: z.array(z.object({ provider: z.string(), createdAt: z.string() })),
  requests: z.array(
    z.object({
      _id: z.string(),
      recipientName: z.string(),
      bloodGroup: z.enum(BLOOD_GROUPS),
      component: z.enum(BLOOD_COMPONENTS),
      unitsNeeded: z.number().int(),
      urgency: z.enum(URGENCIES),
      hospitalName: z.string(),
      fullAddress: z.string(),
      district: z.string(),
      donationDate: z.string(),
      donationTime: z.string(),
      requestMessage: z.string(),
      contactPhone: nullableString,
      donationStatus: z.enum(DONATION_STATUSES),
      createdAt: z.string(),
    }),
  ),
  /**
   * `state`: where the pledge is (issue 33), with `deferralReason` when the bank turned the donor
   * away; `donatedOn`: the day the donation is recorded for (issue 30); `disputedAt`: when the
   * donor said they did not donate.
   */
  pledges: z.array(
    z.object({
      _id: z.string(),
      requestId: z.string(),
      pledgedAt: z.string(),
      donationStatus: z.enum(DONATION_STATUSES),
      state: z.enum(PLEDGE_STATES),
      deferralReason: z.enum(DEFERRAL_REASONS).nullable(),
      donatedOn: nullableString,
      disputedAt: nullableString,
    }),
  ),
  answers: z.array(z.object({ requestId: z.string(), answer: z.string(), answeredAt: z.string() })),
  notifications: z.array(z.object({ _id: z.string(), kind: z.string(), requestId: nullableString, createdAt: z.string(), read: z.boolean() })),
  /** Browsers that receive alerts: their addresses only (the keys are secrets). */
  pushSubscriptions: z.array(z.object({ endpoint: z.string(), createdAt: z.string() })),
  reports: z.array(z.object({ requestId: z.string(), reason: z.string(), note: nullableString, status: z.string(), createdAt: z.string() })),
  fundings: z.array(z.object({ _id: z.string(), donorName: z.string(), showName: z.boolean(), amount: z.number(), currency: z.string(), createdAt: z.string() })),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
