// Insight for the people who run the site (issue 18): the schemas of the request series, the
// breakdowns by blood group and district and the CSV exports' filters. The rules and ranges are in
// model.ts (zod-free).

import { z } from 'zod';
import { calendarDateSchema } from '../dates/schemas';
import { BLOOD_GROUPS, type BloodGroup, parseSearchBloodGroup } from '../matching/model';
import { BREAKDOWNS, BUCKETS, MAX_RANGE_DAYS } from './model';
import { USER_STATUSES } from '../users/model';
import { DONATION_STATUSES, URGENCIES } from '../donation-requests/model';
import { INSIGHT_MESSAGES } from './texts';
import { API_MESSAGES } from '../api/texts';

const day = calendarDateSchema('Use a date as YYYY-MM-DD');
/** The blood group as the donor search sends it (AA = A+), or URL-encoded. */
const bloodGroupParam = z
  .string()
  .max(10)
  .transform((value, ctx) => {
    const group = parseSearchBloodGroup(value);
    if (!group) ctx.addIssue({ code: 'custom', message: API_MESSAGES.oneOf(BLOOD_GROUPS.join(', ')) });
    return group as BloodGroup;
  });
const divisionParam = z.coerce.number({ error: INSIGHT_MESSAGES.divisionId }).int(INSIGHT_MESSAGES.divisionId).min(1, INSIGHT_MESSAGES.divisionId).max(1_000_000, INSIGHT_MESSAGES.divisionId);

const rangeFields = {
  from: day,
  to: day,
  bloodGroup: bloodGroupParam.optional(),
  division: divisionParam.optional(),
};
const rangeChecks = <T extends { from: string; to: string }>(schema: z.ZodType<T>) =>
  schema
    .refine((q) => q.from <= q.to, { message: INSIGHT_MESSAGES.fromBeforeTo, path: ['from'] })
    .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 <= MAX_RANGE_DAYS, { message: API_MESSAGES.atMostDays(MAX_RANGE_DAYS), path: ['to'] });

export const insightSeriesQuerySchema = rangeChecks(z.object({ ...rangeFields, bucket: z.enum(BUCKETS).default('week') }));
export type InsightSeriesQuery = z.infer<typeof insightSeriesQuerySchema>;

export const insightBreakdownQuerySchema = rangeChecks(z.object({ ...rangeFields, by: z.enum(BREAKDOWNS) }));
export type InsightBreakdownQuery = z.infer<typeof insightBreakdownQuerySchema>;

const counts = {
  total: z.number().int(),
  done: z.number().int(),
  inprogress: z.number().int(),
  canceled: z.number().int(),
  expired: z.number().int(),
  pending: z.number().int(),
  /** Requests that got at least one pledge. */
  pledged: z.number().int(),
  /** Minutes from the request to its first pledge, among those pledged; null when none was. */
  medianMinutes: z.number().nullable(),
  p90Minutes: z.number().nullable(),
  within1h: z.number().int(),
  within6h: z.number().int(),
  within24h: z.number().int(),
};
export const seriesPointSchema = z.object({ start: z.string(), ...counts });
export type SeriesPoint = z.infer<typeof seriesPointSchema>;

export const insightSeriesSchema = z.object({
  bucket: z.enum(BUCKETS),
  from: z.string(),
  to: z.string(),
  /** One point per period from the one holding `from` to the one holding `to`, empty ones included. */
  points: z.array(seriesPointSchema),
  totals: z.object(counts),
});
export type InsightSeries = z.infer<typeof insightSeriesSchema>;

export const breakdownRowSchema = z.object({
  /** The blood group, or the district's id. */
  key: z.string(),
  name: z.string(),
  bnName: z.string().nullable(),
  divisionId: z.number().int().nullable(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  requests: z.number().int(),
  /** Requests no donor pledged to. */
  unanswered: z.number().int(),
  /** Active, available donors past their interval today (the matching rules). */
  eligibleDonors: z.number().int(),
});
export type BreakdownRow = z.infer<typeof breakdownRowSchema>;

export const insightBreakdownSchema = z.object({ by: z.enum(BREAKDOWNS), from: z.string(), to: z.string(), rows: z.array(breakdownRowSchema) });
export type InsightBreakdown = z.infer<typeof insightBreakdownSchema>;

// The pledge funnel (issue 33): per week of the requests' creation, from their alerts to their
// donations, with the show rate and the times to the first pledge and to the last unit.
export const funnelQuerySchema = rangeChecks(z.object(rangeFields));
export type FunnelQuery = z.infer<typeof funnelQuerySchema>;

const funnelCounts = {
  requests: z.number().int(),
  /** Alerts sent about the week's requests (one per donor and request). */
  alerted: z.number().int(),
  /** Donors who said yes (every pledge, withdrawn ones included). */
  accepted: z.number().int(),
  /** Pledges whose donor came: checked in as arrived, or recorded donated or turned away (deferred). */
  arrived: z.number().int(),
  /** Pledges recorded donated (and not disputed by their donor). */
  donated: z.number().int(),
  /** Pledges with an outcome: donated, did not come, or turned away. */
  outcomes: z.number().int(),
  /** donated ÷ outcomes; null without outcomes. */
  showRate: z.number().nullable(),
  /** Minutes from a request to its first pledge, among those pledged. */
  firstPledgeMedianMinutes: z.number().nullable(),
  firstPledgeP90Minutes: z.number().nullable(),
  /** Minutes from a request to the pledge that covered its last unit, among those covered. */
  lastUnitMedianMinutes: z.number().nullable(),
  lastUnitP90Minutes: z.number().nullable(),
};
export const funnelWeekSchema = z.object({ start: z.string(), ...funnelCounts });
export type FunnelWeek = z.infer<typeof funnelWeekSchema>;
export const funnelSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** One row per week (from Monday) from the one holding `from` to the one holding `to`, empty ones included. */
  weeks: z.array(funnelWeekSchema),
  totals: z.object(funnelCounts),
});
export type Funnel = z.infer<typeof funnelSchema>;

// CSV exports (admins): the same filters as the lists they come from.
export const usersCsvQuerySchema = z.object({ status: z.enum(USER_STATUSES).optional() });
export type UsersCsvQuery = z.infer<typeof usersCsvQuerySchema>;
export const requestsCsvQuerySchema = z
  .object({ status: z.enum(DONATION_STATUSES).optional(), urgency: z.enum(URGENCIES).optional(), from: day.optional(), to: day.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: INSIGHT_MESSAGES.fromBeforeTo, path: ['from'] });
export type RequestsCsvQuery = z.infer<typeof requestsCsvQuerySchema>;
