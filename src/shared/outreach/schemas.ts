// Outreach (issue 15): the API's shapes of a donor's answer and of how a search is going.

import { z } from 'zod';
import { ANSWERS, OUTREACH_AREAS } from './model';
import { OUTREACH_MESSAGES } from './texts';

export const respondSchema = z.object({ answer: z.enum(ANSWERS, { error: OUTREACH_MESSAGES.answerChoice }) });
export type RespondInput = z.input<typeof respondSchema>;
export const respondResultSchema = z.object({
  answer: z.enum(ANSWERS),
  /** After accept: the request's contact phone, when it has one. */
  requesterPhone: z.string().nullable(),
});
export type RespondResult = z.infer<typeof respondResultSchema>;

/** GET /donationRequest/{id}/outreach: how the search is going (requester and staff). */
export const outreachProgressSchema = z.object({
  notified: z.number().int(),
  /** Of them, donors the gateway took an alert SMS for (issue 32). */
  bySms: z.number().int(),
  accepted: z.number().int(),
  declined: z.number().int(),
  pledged: z.number().int(),
  unitsNeeded: z.number().int(),
  waves: z.number().int(),
  area: z.enum(OUTREACH_AREAS),
  /** With area 'nearby' or 'far': the farthest district reached. */
  farthestDistrict: z.string().nullable(),
  /** When the next wave is due, while one is. */
  nextWaveAt: z.string().nullable(),
});
export type OutreachProgress = z.infer<typeof outreachProgressSchema>;
