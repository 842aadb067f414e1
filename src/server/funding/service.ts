import { count, desc, eq, sum } from 'drizzle-orm';
import Stripe from 'stripe';
import type { CheckoutBody, Fund } from '../../shared/funding/schemas';
import { FUNDING_MESSAGES } from '../../shared/funding/texts';
import type { Pagination } from '../../shared/api/schemas';
import type { CurrentUser } from '../auth/guard';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { users } from '../db/schema/accounts';
import { fundings } from '../db/schema/funding';
import { badRequest, HttpError } from '../errors';

/** The official Stripe client, or null when no secret key is configured. */
export function createStripe(config: Config): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  const api = new URL(config.STRIPE_API_URL);
  return new Stripe(config.STRIPE_SECRET_KEY, {
    host: api.hostname,
    port: api.port || (api.protocol === 'https:' ? 443 : 80),
    protocol: api.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });
}

/** Marks the Checkout Sessions this app starts, so other payments in a shared Stripe account are not counted. */
export const FUNDING_PURPOSE = 'blood-donation-funding';

const toMinor = (amount: number) => Math.round(amount * 100);
const toMajor = (minor: number) => minor / 100;

/** Metadata values are strings: the giver's choice to be named in the ledger travels as one of these. */
const SHOW_NAME = { yes: 'true', no: 'false' } as const;

/**
 * Starts a Stripe Checkout payment for a signed-in user; the gift is recorded by the webhook. The
 * giver's choice to be named travels in the session's metadata, which only this server writes.
 */
export async function createCheckout(stripe: Stripe | null, config: Config, user: CurrentUser, { amount, showName = false }: CheckoutBody): Promise<string> {
  // Without the webhook secret a payment could never be recorded: do not take it.
  if (!stripe || !config.STRIPE_WEBHOOK_SECRET) throw new HttpError(503, FUNDING_MESSAGES.onlineNotSetUp, 'FUNDING_DISABLED');
  if (amount < config.FUNDING_MIN_AMOUNT || amount > config.FUNDING_MAX_AMOUNT) {
    const message = `The amount must be between ${config.FUNDING_MIN_AMOUNT} and ${config.FUNDING_MAX_AMOUNT}`;
    throw badRequest(message, [{ path: 'body.amount', message }]);
  }
  const session = await stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: config.FUNDING_CURRENCY,
          unit_amount: toMinor(amount),
          product_data: { name: 'Gift to the Blood Donation platform' },
        },
      },
    ],
    customer_email: user.email,
    client_reference_id: user.id,
    metadata: { userId: user.id, purpose: FUNDING_PURPOSE, showName: showName ? SHOW_NAME.yes : SHOW_NAME.no },
    success_url: `${config.publicUrl}/c?funding=success&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${config.publicUrl}/c?funding=canceled`,
  });
  if (!session.url) throw new HttpError(502, FUNDING_MESSAGES.noCheckoutPage, 'PAYMENT_SERVICE_ERROR');
  return session.url;
}

/**
 * A verified webhook event. Only a completed, paid Checkout Session is money received; it is
 * recorded once per session (the same event or session again changes nothing). Other event
 * types, and sessions with nothing received (no amount, zero or less), are acknowledged and
 * ignored, as before. Returns whether a new gift was recorded. A paid session of ours whose amount
 * cannot be a whole number of minor units (a fraction, past 2^53, not a number) is refused with
 * 400: stored as a bigint, any safe integer is exact, and nothing a webhook carries makes a 5xx.
 */
export async function recordEvent(db: Db, event: Stripe.Event): Promise<boolean> {
  if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.async_payment_succeeded') return false;
  const session = event.data.object;
  if (session.metadata?.purpose !== FUNDING_PURPOSE) return false;
  if (session.payment_status !== 'paid' || !session.currency) return false;
  const amount: unknown = session.amount_total;
  if (amount === null || amount === undefined || (typeof amount === 'number' && amount <= 0)) return false;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) {
    const message = `The amount must be a positive whole number of minor units up to ${Number.MAX_SAFE_INTEGER}`;
    throw badRequest(message, [{ path: 'body.data.object.amount_total', message }]);
  }
  const userId = session.client_reference_id ?? session.metadata?.userId ?? null;
  const [user] = userId ? await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, userId)) : [];
  const result = await db
    .insert(fundings)
    .values({
      stripeSessionId: session.id,
      stripeEventId: event.id,
      userId: user?.id ?? null,
      donorName: user?.name ?? session.customer_details?.name ?? FUNDING_MESSAGES.anonymous,
      showName: session.metadata?.showName === SHOW_NAME.yes,
      amountMinor: amount,
      currency: session.currency.toLowerCase(),
    })
    .onConflictDoNothing({ target: fundings.stripeSessionId });
  return (result.rowCount ?? 0) === 1;
}

/**
 * The ledger, newest first. Names are for admins (`allNames`); anyone else sees a giver's name only
 * when the giver chose to be named, else "Anonymous".
 */
export async function listFunds(db: Db, p: Pagination, { allNames }: { allNames: boolean }): Promise<{ rows: Fund[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db.select().from(fundings).orderBy(desc(fundings.createdAt), desc(fundings.id)).limit(p.limit).offset((p.page - 1) * p.limit),
    db.select({ n: count() }).from(fundings),
  ]);
  return {
    rows: rows.map((r) => ({
      _id: r.id,
      name: allNames || r.showName ? r.donorName : FUNDING_MESSAGES.anonymous,
      amount: toMajor(r.amountMinor),
      currency: r.currency,
      createdAt: r.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}

/** Total received in the configured currency, in its major unit. */
export async function totalFunding(db: Db, currency: string): Promise<{ total: number; count: number }> {
  const [row] = await db.select({ total: sum(fundings.amountMinor), n: count() }).from(fundings).where(eq(fundings.currency, currency));
  return { total: toMajor(Number(row?.total ?? 0)), count: row?.n ?? 0 };
}
