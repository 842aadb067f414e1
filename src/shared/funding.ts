import { z } from 'zod';

export const FUNDING_MESSAGES = {
  heading: 'Funding',
  giveFund: 'Give Fund',
  thanks: 'Thank you! Your gift helps keep blood flowing to patients who need it.',
  canceled: 'The payment was canceled: nothing was charged.',
  notSetUp: 'Online giving is not set up on this site yet. The funds received so far are listed below.',
  total: 'Total funding',
  empty: 'No funds received yet.',
  /** The giver's choice on the gift form (off by default: gifts are anonymous to other users). */
  showName: 'Show my name in the list of funds',
  /** The name other users see for a gift whose giver did not choose to be named (admins see every name). */
  anonymous: 'Anonymous',
} as const;

/** A gift in the currency's major unit (taka), at most two decimals (whole poisha). */
export const checkoutBodySchema = z.object({
  amount: z
    .number({ error: 'Enter an amount' })
    .finite('Enter an amount')
    .positive('The amount must be more than zero')
    // Past 1e12 the decimals cannot be told apart; the server's range check refuses such amounts.
    .refine((v) => v > 1e12 || Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'At most two decimals'),
  /** Whether other users see the giver's name in the ledger; omitted (older clients) means anonymous. */
  showName: z.boolean({ error: 'Must be true or false' }).optional(),
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
