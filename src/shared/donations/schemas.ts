// Donor history and thanks (issue 17): the API's shapes. Badges and codes: model.ts; texts: texts.ts.

import { z } from 'zod';
import { BLOOD_COMPONENTS } from '../matching/model';
import { CERTIFICATE_CODE_PATTERN } from './model';
import { CERTIFICATE_MESSAGES } from './texts';

/** GET /users/{email}/donations: one completed donation (a pledge to a request marked done). */
export const donationSchema = z.object({
  /** The pledge's id: GET /donations/{_id}/certificate.pdf. */
  _id: z.string(),
  donationDate: z.string(),
  component: z.enum(BLOOD_COMPONENTS),
  hospitalName: z.string(),
  district: z.string(),
});
export type Donation = z.infer<typeof donationSchema>;

export const certificateCodeParamsSchema = z.object({ code: z.string().regex(CERTIFICATE_CODE_PATTERN, CERTIFICATE_MESSAGES.notCertificateCode) });

/** GET /certificates/{code} (public): no more than the donor's first name, the date and the district. */
export const certificateCheckSchema = z.object({
  firstName: z.string(),
  donationDate: z.string(),
  district: z.string(),
});
export type CertificateCheck = z.infer<typeof certificateCheckSchema>;

export const donationIdParamsSchema = z.object({ id: z.uuid(CERTIFICATE_MESSAGES.notDonationId) });

/**
 * GET /donations/disputes (staff, issue 30): one row per requester whose requests marked done had
 * a donation disputed by its donor, most disputes first. Their name and email only, what staff
 * already see of requesters.
 */
export const disputedRequesterSchema = z.object({
  requesterId: z.string(),
  name: z.string(),
  email: z.string(),
  disputedCount: z.number().int(),
  /** ISO timestamp of the latest dispute. */
  lastDisputedAt: z.string(),
});
export type DisputedRequester = z.infer<typeof disputedRequesterSchema>;
