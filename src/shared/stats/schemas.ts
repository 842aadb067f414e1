import { z } from 'zod';

/** GET /admin-stats: users, total funding received (in the currency's major unit), requests. */
export const adminStatsSchema = z.object({
  users: z.number().int(),
  revenue: z.number(),
  donation: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;
