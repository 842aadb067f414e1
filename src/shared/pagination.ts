import { z } from 'zod';

export const MAX_PAGE_SIZE = 100;

/** `page` (from 1) and `limit` (1..100) of every list endpoint; the total is in `X-Total-Count`. */
export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
});
export type Pagination = z.infer<typeof paginationQuerySchema>;

export const TOTAL_COUNT_HEADER = 'x-total-count';
