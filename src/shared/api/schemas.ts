// The shapes every list and write endpoint shares: the pagination of the lists (the total is in
// X-Total-Count) and what the writes answer (the spec's MongoDB-style results).

import { z } from 'zod';

export const MAX_PAGE_SIZE = 100;

/** `page` (from 1) and `limit` (1..100) of every list endpoint; the total is in `X-Total-Count`. */
export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
});
export type Pagination = z.infer<typeof paginationQuerySchema>;

export const TOTAL_COUNT_HEADER = 'x-total-count';

// What the write endpoints answer (the spec's MongoDB-style results), one schema each.

export const insertedIdSchema = z.object({ insertedId: z.string() });
export const modifiedCountSchema = z.object({ modifiedCount: z.number().int() });
export const matchedCountSchema = z.object({ matchedCount: z.number().int() });
export const deletedCountSchema = z.object({ deletedCount: z.number().int() });

export type InsertedId = z.infer<typeof insertedIdSchema>;
export type ModifiedCount = z.infer<typeof modifiedCountSchema>;
export type MatchedCount = z.infer<typeof matchedCountSchema>;
export type DeletedCount = z.infer<typeof deletedCountSchema>;
