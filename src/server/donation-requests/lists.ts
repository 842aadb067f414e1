import { and, count, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import { can } from '../../shared/donation-requests/policy';
import type { DonationRequest, PublicDonationRequest } from '../../shared/donation-requests/schemas';
import type { RequestFilters, Urgency } from '../../shared/donation-requests/model';
import { todayInDhaka } from '../../shared/dates/model';
import type { Pagination } from '../../shared/api/schemas';
import type { CurrentUser } from '../auth/guard';
import type { Db } from '../db/client';
import { users } from '../db/schema/accounts';
import { publicRequestCounts } from '../db/schema/derived';
import { donationRequests } from '../db/schema/requests';
import { forbidden } from '../errors';
import type { ListPage } from '../lib/list-caches';
import { toDonationRequest, toPublicDonationRequest } from './mapper';
import { pageStart, pendingCounts, totalOf } from './pending-counts';
import type { RequestsContext } from './service';
import { DONATION_MESSAGES } from '../../shared/donation-requests/texts';

// The lists of donation requests: a requester's own, every request (staff), and the public list.

const urgencyIs = (urgency: Urgency | undefined) => (urgency ? eq(donationRequests.urgency, urgency) : undefined);

/**
 * A requester's own requests (or anyone's, for admins and volunteers), newest first. Allowed or
 * not is decided first; the answer may then come from the short-lived list cache (./cache.ts).
 */
export async function listByRequester(ctx: RequestsContext, actor: CurrentUser, email: string, filters: RequestFilters, p: Pagination): Promise<ListPage<DonationRequest>> {
  if (!can(actor, 'list', { requester: { email } })) throw forbidden(DONATION_MESSAGES.ownListOnly);
  const owner = email === actor.email ? actor : (await ctx.db.select().from(users).where(eq(users.email, email)).limit(1))[0];
  if (!owner) return { rows: [], total: 0 };
  return ctx.cache.ofRequester(owner.id, filters, p, async () => {
    const [page, locations] = await Promise.all([requesterPage(ctx, owner.id, filters, p), ctx.locations.get()]);
    return { rows: page.rows.map((r) => toDonationRequest(r, locations)), total: page.total };
  });
}

async function requesterPage({ db, queries }: RequestsContext, ownerId: string, { status, urgency }: RequestFilters, p: Pagination) {
  const q = queries.requester;
  const params = { requester: ownerId, status, urgency: urgency ?? null, limit: p.limit, offset: (p.page - 1) * p.limit };
  const rows = await (status ? q.pageByStatus : q.page).execute(params);
  if (rows.length > 0) return { rows: rows.map((r) => r.row), total: rows[0]!.total };
  if (p.page === 1) return { rows: [], total: 0 };
  // Past the last page no row carries the total.
  const where = and(eq(donationRequests.requesterId, ownerId), status ? eq(donationRequests.status, status) : undefined, urgencyIs(urgency));
  const [total] = await db.select({ n: count() }).from(donationRequests).where(where);
  return { rows: [], total: total?.n ?? 0 };
}

/** Every request, for admins and volunteers, newest first. */
export async function listAll(ctx: RequestsContext, { status, urgency }: RequestFilters, p: Pagination): Promise<ListPage<DonationRequest>> {
  const where: SQL | undefined = and(status ? eq(donationRequests.status, status) : undefined, urgencyIs(urgency));
  const [rows, [total], locations] = await Promise.all([
    ctx.db
      .select()
      .from(donationRequests)
      .where(where)
      .orderBy(desc(donationRequests.createdAt), desc(donationRequests.id))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit),
    ctx.db.select({ n: count() }).from(donationRequests).where(where),
    ctx.locations.get(),
  ]);
  return { rows: rows.map((r) => toDonationRequest(r, locations)), total: total?.n ?? 0 };
}

/**
 * The public list: pending requests whose day has not passed, of active requesters, soonest first
 * (what donors can still answer). Pages and the counts come from the short-lived list cache
 * (./cache.ts); the counts, by day and urgency, are read once for every page and filter together.
 * They give each filter's total, and the day a page starts on: a deep page skips only that day's
 * earlier requests, not every request before it.
 */
export function listPending(ctx: RequestsContext, urgency: Urgency | undefined, p: Pagination, now = Date.now()): Promise<ListPage<PublicDonationRequest>> {
  const { cache, queries, settings } = ctx;
  return cache.pending(urgency, p, async () => {
    const q = queries.pending;
    const today = todayInDhaka(now);
    // The day bound lets the index skip past days; the instant drops today's requests whose time has passed.
    const params = { now: new Date(now), urgency: urgency ?? null, reportsToHide: settings.reportsToHide };
    const counts = await cache.pendingCounts(async () =>
      pendingCounts((await q.counts.execute({ ...params, today, urgency: null })).map((r) => ({ day: r.day, urgency: r.urgency, n: Number(r.n) }))),
    );
    const start = pageStart(counts, urgency, (p.page - 1) * p.limit);
    const [rows, locations] = await Promise.all([start ? q.page.execute({ ...params, from: start.from, limit: p.limit, offset: start.skip }) : [], ctx.locations.get()]);
    return { rows: rows.map((r) => toPublicDonationRequest(r, locations)), total: totalOf(counts, urgency) };
  });
}

/**
 * The public list's counters of days before yesterday (the list shows none of them) and those at
 * zero: hourly housekeeping. A counter a write raises meanwhile is kept (the row is read again).
 */
export async function deletePastRequestCounts(db: Db, now = Date.now()): Promise<number> {
  const yesterday = new Date(`${todayInDhaka(now)}T00:00:00Z`);
  yesterday.setUTCDate(yesterday.getUTCDate() - 1);
  const result = await db
    .delete(publicRequestCounts)
    .where(or(lt(publicRequestCounts.day, yesterday.toISOString().slice(0, 10)), eq(publicRequestCounts.n, 0)));
  return result.rowCount ?? 0;
}
