// Money given through Stripe Checkout.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** Money received through Stripe Checkout: one row per paid Checkout Session. */
export const fundings = pgTable(
  'fundings',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Unique: a session reported twice (retries, replays) is recorded once. */
    stripeSessionId: text().notNull().unique(),
    stripeEventId: text().notNull(),
    userId: text().references(() => users.id, { onDelete: 'set null' }),
    donorName: text().notNull(),
    /** Whether the giver chose to be named in the ledger; others see "Anonymous" unless so (admins see every name). */
    showName: boolean().notNull().default(false),
    /** In the currency's minor unit (poisha for BDT). A bigint: Stripe's amounts pass 2^31; the app refuses any beyond 2^53. */
    amountMinor: bigint({ mode: 'number' }).notNull(),
    currency: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('fundings_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()), check('fundings_amount_check', sql`${t.amountMinor} > 0`)],
);
