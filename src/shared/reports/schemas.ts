// Reports of requests (issue 17): the API's shapes. Rules: model.ts; texts: texts.ts.

import { z } from 'zod';
import { REPORT_NOTE_MAX, REPORT_REASONS, REPORT_RESOLUTIONS, REPORT_STATUSES } from './model';
import { paginationQuerySchema } from '../api/schemas';
import { DONATION_STATUSES } from '../donation-requests/model';
import { REPORT_MESSAGES } from './texts';
import { API_MESSAGES } from '../api/texts';

/** POST /donationRequest/{id}/reports. */
export const reportInputSchema = z
  .object({
    reason: z.enum(REPORT_REASONS, { error: `Give a reason: ${REPORT_REASONS.join(', ')}` }),
    note: z.string().trim().max(REPORT_NOTE_MAX, API_MESSAGES.atMostCharacters(REPORT_NOTE_MAX)).optional(),
  })
  .strict();
export type ReportInput = z.input<typeof reportInputSchema>;

/** PATCH /donationRequest/{id}/reports: resolves every open report of the request at once. */
export const resolveReportsSchema = z.object({ resolution: z.enum(REPORT_RESOLUTIONS, { error: REPORT_MESSAGES.resolutionChoice }) }).strict();
export type ResolveReportsInput = z.input<typeof resolveReportsSchema>;
export const resolveResultSchema = z.object({
  resolution: z.enum(REPORT_RESOLUTIONS),
  /** How many reports were resolved. */
  resolvedCount: z.number().int(),
});
export type ResolveResult = z.infer<typeof resolveResultSchema>;

/** GET /reports?status=open&page&limit: one row per reported request, most reported first. */
export const reportsQuerySchema = paginationQuerySchema.extend({ status: z.enum(REPORT_STATUSES).default('open') });
export const reportQueueRowSchema = z.object({
  requestId: z.string(),
  recipientName: z.string(),
  hospitalName: z.string(),
  donationStatus: z.enum(DONATION_STATUSES),
  /** Reports of the asked status (open ones for the queue). */
  openReports: z.number().int(),
  reasons: z.array(z.enum(REPORT_REASONS)),
  /** Reporters' notes, newest first (never who wrote them). */
  notes: z.array(z.string()),
  /** At or past the threshold: off the public list and alerts. */
  hidden: z.boolean(),
  /** Urgent or critical at the threshold (issue 30): kept public, flagged for staff, first in the queue. */
  flagged: z.boolean(),
  lastReportedAt: z.string(),
});
export type ReportQueueRow = z.infer<typeof reportQueueRowSchema>;
