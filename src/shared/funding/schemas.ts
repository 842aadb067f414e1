// Funding's API shapes: a gift, the ledger and the summary.

import { z } from 'zod';
import { FUNDING_MESSAGES } from './texts';

/** A gift in the currency's major unit (taka), at most two decimals (whole poisha). */
export const checkoutBodySchema = z.object({
  amount: z
    .number({ error: FUNDING_MESSAGES.enterAmount })
    .finite(FUNDING_MESSAGES.enterAmount)
    .positive('The amount must be more than zero')
    // Past 1e12 the decimals cannot be told apart; the server's range check refuses such amounts.
    .refine((v) => v > 1e12 || Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'At most two decimals'),
  /** Whether other users see the giver's name in the ledger; omitted (older clients) means anonymous. */
  showName: z.boolean({ error: FUNDING_MESSAGES.trueOrFalse }).optional(),
});

export type CheckoutBody = z.infer<typeof checkoutBodySchema>;

export const checkoutResponseSchema = z.object({ url: z.string() });

export const fundSchema = z.object({
  _id: z.string(),
  name: z.string(),
  amount: z.number(),
  currency: z.string(),
  createdAt: z.string(),
});
export type Fund = z.infer<typeof fundSchema>;

export const fundingSummarySchema = z.object({
  total: z.number(),
  count: z.number().int(),
  currency: z.string(),
  /** Whether online giving (Stripe) is configured. */
  online: z.boolean(),
  minAmount: z.number(),
  maxAmount: z.number(),
});
export type FundingSummary = z.infer<typeof fundingSummarySchema>;
