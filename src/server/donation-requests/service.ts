import { and, asc, count, desc, eq, gte, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DONATION_MESSAGES,
  type DonationRequest,
  type donationRequestInputSchema,
  type DonationStatus,
  type PublicDonationRequest,
  todayInDhaka,
} from '../../shared/donation-requests';
import {
  can,
  CLOSE_ACTIONS,
  type DonationRequestAction,
  type DonationRequestResource,
  isDonationDateAllowed,
  refusal,
  statusesFor,
} from '../../shared/donation-request-policy';
import type { Pagination } from '../../shared/pagination';
import type { CurrentUser } from '../auth/guard';
import type { Db } from '../db/client';
import { donationRequests, users } from '../db/schema';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../errors';
import type { ListPage } from '../lib/list-caches';
import { checkLocationChain, type LocationIndex } from '../locations/service';
import type { DonationRequestCache } from './cache';

type Row = typeof donationRequests.$inferSelect;
type Input = z.output<typeof donationRequestInputSchema>;

/** The one place where a stored request becomes the API's (spec names, location names and ids). */
export function toDonationRequest(row: Row, locations: LocationIndex): DonationRequest {
  return {
    _id: row.id,
    recipientName: row.recipientName,
    bloodGroup: row.bloodGroup,
    hospitalName: row.hospitalName,
    fullAddress: row.fullAddress,
    donationDate: row.donationDate,
    donationTime: row.donationTime,
    requestMessage: row.requestMessage,
    recipientDivision: locations.divisionName(row.divisionId) ?? '',
    recipientDistrict: locations.districtName(row.districtId) ?? '',
    recipientUpazila: locations.upazilaName(row.upazilaId) ?? '',
    recipientDivisionId: String(row.divisionId),
    recipientDistrictId: String(row.districtId),
    recipientUpazilaId: String(row.upazilaId),
    donationStatus: row.status,
    requesterName: row.requesterName,
    requesterEmail: row.requesterEmail,
    donarName: row.donorName,
    donarEmail: row.donorEmail,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toPublicDonationRequest(row: Row, locations: LocationIndex): PublicDonationRequest {
  const full = toDonationRequest(row, locations);
  return {
    _id: full._id,
    recipientName: full.recipientName,
    bloodGroup: full.bloodGroup,
    recipientDivision: full.recipientDivision,
    recipientDistrict: full.recipientDistrict,
    recipientUpazila: full.recipientUpazila,
    donationDate: full.donationDate,
    donationTime: full.donationTime,
    donationStatus: full.donationStatus,
  };
}

function fields(locations: LocationIndex, input: Input) {
  const ids = checkLocationChain(locations, {
    division: input.recipientDivision,
    district: input.recipientDistrict,
    upazila: input.recipientUpazila,
  });
  return {
    recipientName: input.recipientName,
    bloodGroup: input.bloodGroup,
    hospitalName: input.hospitalName,
    fullAddress: input.fullAddress,
    donationDate: input.donationDate,
    donationTime: input.donationTime,
    requestMessage: input.requestMessage,
    divisionId: ids.division,
    districtId: ids.district,
    upazilaId: ids.upazila,
  };
}

const pastDate = () =>
  badRequest(DONATION_MESSAGES.dateInPast, [{ path: 'body.donationDate', message: DONATION_MESSAGES.dateInPast }]);

/** A stored request as the policy table sees it (src/shared/donation-request-policy.ts): its people by id. */
const requestResource = (row: Pick<Row, 'status' | 'requesterId' | 'donorId'>): DonationRequestResource => ({
  status: row.status,
  requester: { id: row.requesterId },
  donor: row.donorId === null ? null : { id: row.donorId },
});

/**
 * 403 unless the policy table names the actor for this action on this request. Its status is left
 * to the caller's SQL guard (built from the same row: `statusesFor`), which answers 409.
 */
function authorize(actor: CurrentUser, action: DonationRequestAction, row: Pick<Row, 'status' | 'requesterId' | 'donorId'>, message: string) {
  const why = refusal(actor, action, requestResource(row));
  if (why === 'blocked') throw forbidden(DONATION_MESSAGES.blockedText);
  if (why === 'role') throw forbidden(message);
}

/** A signed-in user asks for blood (the guard lets only active accounts write): requester from the account, status pending. */
export async function createRequest(db: Db, locations: LocationIndex, actor: CurrentUser, input: Input, now = Date.now()): Promise<string> {
  if (!can(actor, 'create', {})) throw forbidden(DONATION_MESSAGES.blockedText);
  const values = fields(locations, input);
  if (!isDonationDateAllowed(values.donationDate, { now })) throw pastDate();
  const [row] = await db
    .insert(donationRequests)
    .values({ ...values, requesterId: actor.id, requesterName: actor.name, requesterEmail: actor.email, status: 'pending' })
    .returning({ id: donationRequests.id });
  return row!.id;
}

export async function findRequest(db: Db, id: string): Promise<Row> {
  const [row] = await db.select().from(donationRequests).where(eq(donationRequests.id, id)).limit(1);
  if (!row) throw notFound('No donation request with this id');
  return row;
}

/** Who may see the donor of a request (policy row `viewDonor`): its requester, the donor themselves, and staff. */
export const canSeeDonor = (actor: CurrentUser, row: Pick<Row, 'status' | 'requesterId' | 'donorId'>) => can(actor, 'viewDonor', requestResource(row));

/** One request as a signed-in user may see it: the donor's name and email only for those above. */
export async function getRequest(db: Db, locations: LocationIndex, actor: CurrentUser, id: string): Promise<DonationRequest> {
  const row = await findRequest(db, id);
  const request = toDonationRequest(row, locations);
  return canSeeDonor(actor, row) ? request : { ...request, donarName: null, donarEmail: null };
}

async function page(db: Db, where: SQL | undefined, p: Pagination) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(donationRequests)
      .where(where)
      .orderBy(desc(donationRequests.createdAt), desc(donationRequests.id))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit),
    db.select({ n: count() }).from(donationRequests).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * A person's list is read on every visit of their dashboard: one prepared statement per filter,
 * the page and its total in one round trip (the total from an index-only count).
 */
function prepareRequesterQueries(db: Db) {
  const pageOf = (withStatus: boolean, name: string) => {
    const where = withStatus
      ? and(eq(donationRequests.requesterId, sql.placeholder('requester')), eq(donationRequests.status, sql.placeholder('status')))
      : eq(donationRequests.requesterId, sql.placeholder('requester'));
    const total = withStatus
      ? sql<number>`(SELECT count(*) FROM donation_requests WHERE requester_id = ${sql.placeholder('requester')} AND status = ${sql.placeholder('status')})`
      : sql<number>`(SELECT count(*) FROM donation_requests WHERE requester_id = ${sql.placeholder('requester')})`;
    return db
      .select({ row: donationRequests, total: total.mapWith(Number) })
      .from(donationRequests)
      .where(where)
      .orderBy(desc(donationRequests.createdAt), desc(donationRequests.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);
  };
  return { page: pageOf(false, 'requests_of_requester'), pageByStatus: pageOf(true, 'requests_of_requester_by_status') };
}
const requesterQueries = new WeakMap<Db, ReturnType<typeof prepareRequesterQueries>>();

/**
 * A requester's own requests (or anyone's, for admins and volunteers), newest first. Allowed or
 * not is decided first; the answer may then come from the short-lived list cache (./cache.ts).
 */
export async function listByRequester(
  db: Db,
  cache: DonationRequestCache,
  locations: LocationIndex,
  actor: CurrentUser,
  email: string,
  status: DonationStatus | undefined,
  p: Pagination,
): Promise<ListPage<DonationRequest>> {
  if (!can(actor, 'list', { requester: { email } })) throw forbidden('You can only list your own requests');
  const owner = email === actor.email ? actor : (await db.select().from(users).where(eq(users.email, email)).limit(1))[0];
  if (!owner) return { rows: [], total: 0 };
  return cache.ofRequester(owner.id, status, p, async () => {
    const page = await requesterPage(db, owner.id, status, p);
    return { rows: page.rows.map((r) => toDonationRequest(r, locations)), total: page.total };
  });
}

async function requesterPage(db: Db, ownerId: string, status: DonationStatus | undefined, p: Pagination) {
  let q = requesterQueries.get(db);
  if (!q) requesterQueries.set(db, (q = prepareRequesterQueries(db)));
  const params = { requester: ownerId, status, limit: p.limit, offset: (p.page - 1) * p.limit };
  const rows = await (status ? q.pageByStatus : q.page).execute(params);
  if (rows.length > 0) return { rows: rows.map((r) => r.row), total: rows[0]!.total };
  if (p.page === 1) return { rows: [], total: 0 };
  // Past the last page no row carries the total.
  const where = and(eq(donationRequests.requesterId, ownerId), status ? eq(donationRequests.status, status) : undefined);
  const [total] = await db.select({ n: count() }).from(donationRequests).where(where);
  return { rows: [], total: total?.n ?? 0 };
}

/** Every request, for admins and volunteers. */
export function listAll(db: Db, status: DonationStatus | undefined, p: Pagination) {
  return page(db, status ? eq(donationRequests.status, status) : undefined, p);
}

/** A request is open to donors only while its requester's account is active (a block freezes it). */
const requesterActive = sql`NOT EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${donationRequests.requesterId} AND ${users.status} = 'blocked')`;

/**
 * The public list: pending requests whose day has not passed, of active requesters, soonest first
 * (what donors can still answer). The answer may come from the short-lived list cache (./cache.ts).
 */
export function listPending(db: Db, cache: DonationRequestCache, locations: LocationIndex, p: Pagination, now = Date.now()): Promise<ListPage<PublicDonationRequest>> {
  return cache.pending(p, async () => {
    const { rows, total } = await pendingPage(db, p, now);
    return { rows: rows.map((r) => toPublicDonationRequest(r, locations)), total };
  });
}

async function pendingPage(db: Db, p: Pagination, now: number) {
  const where = and(eq(donationRequests.status, 'pending'), gte(donationRequests.donationDate, todayInDhaka(now)), requesterActive);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(donationRequests)
      .where(where)
      .orderBy(asc(donationRequests.donationDate), asc(donationRequests.donationTime), asc(donationRequests.id))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit),
    db.select({ n: count() }).from(donationRequests).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Edit (requester or admin; while pending or in progress). Returns 0 when nothing changed. */
export async function updateRequest(db: Db, locations: LocationIndex, actor: CurrentUser, id: string, input: Input, now = Date.now()) {
  const current = await findRequest(db, id);
  authorize(actor, 'edit', current, 'You can only edit your own requests');
  const values = fields(locations, input);
  // A date may stay as it was, but a new date cannot be in the past.
  if (!isDonationDateAllowed(values.donationDate, { current: current.donationDate, now })) throw pastDate();
  const result = await db
    .update(donationRequests)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        eq(donationRequests.id, id),
        inArray(donationRequests.status, statusesFor('edit')),
        sql`(${donationRequests.recipientName}, ${donationRequests.bloodGroup}, ${donationRequests.hospitalName}, ${donationRequests.fullAddress},
             ${donationRequests.donationDate}, ${donationRequests.donationTime}, ${donationRequests.requestMessage},
             ${donationRequests.divisionId}, ${donationRequests.districtId}, ${donationRequests.upazilaId})
          IS DISTINCT FROM (${values.recipientName}, ${values.bloodGroup}, ${values.hospitalName}, ${values.fullAddress},
             ${values.donationDate}::date, ${values.donationTime}, ${values.requestMessage},
             ${values.divisionId}::int, ${values.districtId}::int, ${values.upazilaId}::int)`,
      ),
    );
  if ((result.rowCount ?? 0) === 0 && !statusesFor('edit').includes(current.status)) {
    throw conflict('A request that is done or canceled can no longer be edited', 'INVALID_TRANSITION');
  }
  return result.rowCount ?? 0;
}

export async function deleteRequest(db: Db, actor: CurrentUser, id: string): Promise<number> {
  const current = await findRequest(db, id);
  authorize(actor, 'delete', current, 'You can only delete your own requests');
  const result = await db.delete(donationRequests).where(eq(donationRequests.id, id));
  return result.rowCount ?? 0;
}

/**
 * A donor confirms: one atomic UPDATE guarded by the policy row `donate` (the statuses a move to
 * inprogress starts from, not the requester), so when many donors confirm at once exactly one wins
 * and the others get 409.
 */
export async function confirmDonation(db: Db, actor: CurrentUser, id: string): Promise<number> {
  const result = await db
    .update(donationRequests)
    .set({ status: 'inprogress', donorId: actor.id, donorName: actor.name, donorEmail: actor.email, updatedAt: new Date() })
    .where(
      and(eq(donationRequests.id, id), inArray(donationRequests.status, statusesFor('donate')), ne(donationRequests.requesterId, actor.id), requesterActive),
    );
  if ((result.rowCount ?? 0) === 1) return 1;
  const current = await findRequest(db, id); // 404 when missing
  authorize(actor, 'donate', current, DONATION_MESSAGES.ownRequest);
  // The table allows it, so what stopped the UPDATE is the requester's block.
  if (can(actor, 'donate', requestResource(current))) throw new HttpError(409, DONATION_MESSAGES.requesterBlocked, 'REQUEST_FROZEN');
  throw new HttpError(409, DONATION_MESSAGES.notPending, 'INVALID_TRANSITION');
}

/** The spec's done / canceled buttons: requester, volunteer or admin, only from inprogress. */
export async function setDonationStatus(db: Db, actor: CurrentUser, id: string, status: 'done' | 'canceled'): Promise<number> {
  const current = await findRequest(db, id);
  const action = CLOSE_ACTIONS[status];
  authorize(actor, action, current, 'Only the requester, a volunteer or an admin can do this');
  const result = await db
    .update(donationRequests)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(donationRequests.id, id), inArray(donationRequests.status, statusesFor(action))));
  if ((result.rowCount ?? 0) === 0) throw new HttpError(409, DONATION_MESSAGES.notInProgress, 'INVALID_TRANSITION');
  return 1;
}
