import { z } from 'zod';

/** GET /admin-stats: users, total funding received (in the currency's major unit), requests. */
export const adminStatsSchema = z.object({
  users: z.number().int(),
  revenue: z.number(),
  donation: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

const smsPeriodSchema = z.object({
  /** Segments the gateway took (what the site pays for). */
  segments: z.number().int(),
  messages: z.number().int(),
  /** Messages that will not arrive: refused by the gateway every time, or a receipt saying so. */
  failed: z.number().int(),
});

/** GET /admin-stats/sms: what the site's SMS cost today and this month (Dhaka's calendar), issue 32. */
export const smsUsageSchema = z.object({
  /** Whether the site sends SMS (SMS_URL is set). */
  enabled: z.boolean(),
  /** SMS_DAILY_SEGMENTS: the segments the site may send a Dhaka day (decision 068). */
  dailySegments: z.number().int(),
  today: smsPeriodSchema,
  month: smsPeriodSchema,
});
export type SmsUsage = z.infer<typeof smsUsageSchema>;
