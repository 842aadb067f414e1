import { and, asc, count, desc, eq, gt, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DONATION_MESSAGES,
  type DonationRequest,
  type donationRequestInputSchema,
  neededByOf,
  type PublicDonationRequest,
  type RequestFilters,
  todayInDhaka,
  type Urgency,
} from '../../shared/donation-requests';
import { isEligibleDonorOn } from '../../shared/donor-rules';
import type { DonationIntervals } from '../../shared/eligibility-rules';
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
import { users } from '../db/schema/accounts';
import { publicRequestCounts } from '../db/schema/derived';
import { notifications, outreachAnswers } from '../db/schema/outreach';
import { donationPledges, donationRequests, requestReports } from '../db/schema/requests';
import { isStaff } from '../../shared/access';
import { isHiddenByReports, REPORT_TEXTS } from '../../shared/report-rules';
import { canGive } from '../../shared/compatibility';
import { isConfirmed } from '../../shared/standing-rules';
import { type AuditContext, recordAudit, recordPhoneReveal } from '../audit/service';
import type { JobQueue } from '../jobs';
import { scheduleNextWave } from '../outreach';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../errors';
import { BatchLoader } from '../lib/batch-loader';
import type { ListPage } from '../lib/list-caches';
import { recordDonations } from '../matching';
import { checkLocationChain, type LocationIndex } from '../locations/service';
import type { DonationRequestCache } from './cache';
import { pageStart, pendingCounts, totalOf } from './pending-counts';

type Row = typeof donationRequests.$inferSelect;
type Input = z.output<typeof donationRequestInputSchema>;

/** Pending, and its date and time (Dhaka) have passed: off the public list, no more pledges, until edited. */
export const isExpired = (row: Pick<Row, 'status' | 'neededBy'>, now = Date.now()) => row.status === 'pending' && row.neededBy.getTime() <= now;

/** The one place where a stored request becomes the API's (spec names, location names and ids). */
export function toDonationRequest(row: Row, locations: LocationIndex, now = Date.now()): DonationRequest {
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
    component: row.component,
    unitsNeeded: row.unitsNeeded,
    urgency: row.urgency,
    expired: isExpired(row, now),
    pledgeCount: row.pledgeCount,
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
    recipientDivisionId: full.recipientDivisionId,
    recipientDistrictId: full.recipientDistrictId,
    recipientUpazilaId: full.recipientUpazilaId,
    donationDate: full.donationDate,
    donationTime: full.donationTime,
    donationStatus: full.donationStatus,
    component: full.component,
    unitsNeeded: full.unitsNeeded,
    urgency: full.urgency,
    pledgeCount: full.pledgeCount,
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
    neededBy: neededByOf(input.donationDate, input.donationTime),
  };
}

/** The family's phone: given (or cleared with ''/null), else (create) none or (edit) what the request has. */
const contactPhoneOf = (input: Input, current?: Pick<Row, 'contactPhone'>) => (input.contactPhone === undefined ? (current?.contactPhone ?? null) : input.contactPhone);

/** What is needed: given values, else (create) the defaults or (edit) what the request has. */
function needs(input: Input, current?: Pick<Row, 'component' | 'unitsNeeded' | 'urgency'>) {
  return {
    component: input.component ?? current?.component ?? 'whole_blood',
    unitsNeeded: input.unitsNeeded ?? current?.unitsNeeded ?? 1,
    urgency: input.urgency ?? current?.urgency ?? 'normal',
  } as const;
}

const pastDate = () =>
  badRequest(DONATION_MESSAGES.dateInPast, [{ path: 'body.donationDate', message: DONATION_MESSAGES.dateInPast }]);

/** A stored request as the policy table sees it (src/shared/donation-request-policy.ts): its people by id. */
export const requestResource = (row: Pick<Row, 'status' | 'requesterId' | 'donorId'>): DonationRequestResource => ({
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

/**
 * A signed-in user asks for blood (the guard lets only active accounts write): requester from the
 * account, status pending. At most `perDay` requests in 24 hours (issue 17; staff are exempt),
 * counted under a lock on the requester, so requests sent at once cannot slip past it.
 */
export async function createRequest(db: Db, jobs: JobQueue, locations: LocationIndex, actor: CurrentUser, input: Input, perDay: number, now = Date.now()): Promise<string> {
  if (!can(actor, 'create', {})) throw forbidden(DONATION_MESSAGES.blockedText);
  const values = fields(locations, input);
  if (!isDonationDateAllowed(values.donationDate, { now })) throw pastDate();
  // The request and its first wave of alerts (issue 15) commit together.
  return db.transaction(async (tx) => {
    if (!isStaff(actor)) {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('no key update');
      const [recent] = await tx
        .select({ n: count() })
        .from(donationRequests)
        .where(and(eq(donationRequests.requesterId, actor.id), gt(donationRequests.createdAt, new Date(now - 24 * 60 * 60 * 1000))));
      if ((recent?.n ?? 0) >= perDay) throw new HttpError(429, REPORT_TEXTS.tooManyRequests(perDay), 'DAILY_REQUEST_LIMIT');
    }
    const [row] = await tx
      .insert(donationRequests)
      .values({ ...values, ...needs(input), contactPhone: contactPhoneOf(input), requesterId: actor.id, requesterName: actor.name, requesterEmail: actor.email, status: 'pending' })
      .returning({ id: donationRequests.id, neededBy: donationRequests.neededBy });
    if (row!.neededBy.getTime() > now) await scheduleNextWave(tx, jobs, row!.id);
    return row!.id;
  });
}

export async function findRequest(db: Db, id: string): Promise<Row> {
  const [row] = await db.select().from(donationRequests).where(eq(donationRequests.id, id)).limit(1);
  if (!row) throw notFound(DONATION_MESSAGES.notFound);
  return row;
}

/** Who may see the donor of a request (policy row `viewDonor`): its requester, the donor themselves, and staff. */
export const canSeeDonor = (actor: CurrentUser, row: Pick<Row, 'status' | 'requesterId' | 'donorId'>) => can(actor, 'viewDonor', requestResource(row));

/** How a request page is read (issue 17): the reports threshold, and who reads it from where (phone reveals are audited). */
export interface RequestView {
  reportsToHide: number;
  /** SMTP_URL is set: an unconfirmed requester's requests are held (issue 30), and their page says so. */
  mail: boolean;
  audit: AuditContext;
}

/**
 * One request as a signed-in user may see it: the donor's name and email only for those above. A
 * request hidden by reports (issue 17) is seen only by its requester, staff and its pledged donors.
 */
export async function getRequest(db: Db, locations: LocationIndex, actor: CurrentUser, id: string, view: RequestView): Promise<DonationRequest> {
  const { row, pledges, reportedByMe } = await readRequestView(db, actor, id);
  const request = toDonationRequest(row, locations);
  const shown = canSeeDonor(actor, row) ? request : { ...request, donarName: null, donarEmail: null };
  const isRequester = actor.id === row.requesterId;
  const pledgedByMe = pledges.some((p) => p.donorId === actor.id);
  const underReview = isHiddenByReports(row, view.reportsToHide);
  if (underReview && !isRequester && !pledgedByMe && !isStaff(actor)) throw notFound(REPORT_TEXTS.underReview);
  // Phones on consent only (issue 15): the family's to its requester and the donors who pledged,
  // each pledged donor's to the requester. Nobody else, staff included. Each sight of another's
  // phone is audited (at most once an hour per viewer, phone and request: decision 041).
  const contactPhone = isRequester || pledgedByMe ? row.contactPhone : null;
  if (contactPhone !== null && !isRequester) await recordPhoneReveal(db, view.audit, row.requesterId, id);
  if (isRequester) for (const p of pledges) if (p.phone !== null) await recordPhoneReveal(db, view.audit, p.donorId, id);
  // Held until the requester confirms their address (issue 30): told to them alone.
  const alertsHeld = isRequester && !isStaff(actor) && !isConfirmed(actor, view);
  const withPhones = { ...shown, pledgedByMe, reportedByMe, underReview, contactPhone, ...(isRequester && { alertsHeld }) };
  if (!can(actor, 'viewPledges', requestResource(row))) return withPhones;
  return {
    ...withPhones,
    pledges: pledges.map((p) => ({ name: p.name, email: p.email, pledgedAt: p.pledgedAt, phone: isRequester ? p.phone : null })),
  };
}

interface PledgeOfView {
  donorId: string;
  name: string;
  email: string;
  pledgedAt: string;
  phone: string | null;
}

/**
 * A request page is read on every visit: the request, its pledges (first first, with the donors'
 * phones, shown to the requester only: getRequest) and who reported it (for "reported by me"), in
 * one prepared statement; the visits that arrive together share it (lib/batch-loader.ts). Table
 * references are written out: drizzle leaves the select's own columns unqualified, and the
 * subqueries' tables have an id too.
 */
function prepareRequestViews(db: Db) {
  const pledges = sql<PledgeOfView[]>`COALESCE((
    SELECT json_agg(json_build_object('donorId', p.donor_id, 'name', p.donor_name, 'email', p.donor_email, 'pledgedAt', p.pledged_at, 'phone', u.phone) ORDER BY p.pledged_at, p.donor_id)
    FROM ${donationPledges} p JOIN ${users} u ON u.id = p.donor_id
    WHERE p.request_id = ${donationRequests}.id), '[]'::json)`;
  const reporters = sql<string[]>`ARRAY(SELECT r.reporter_id FROM ${requestReports} r WHERE r.request_id = ${donationRequests}.id)`;
  const byIds = db
    .select({ id: donationRequests.id, row: donationRequests, pledges, reporters })
    .from(donationRequests)
    .where(sql`${donationRequests.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('request_views_by_ids');
  return new BatchLoader((ids) => byIds.execute({ ids }));
}
const requestViews = new WeakMap<Db, ReturnType<typeof prepareRequestViews>>();

async function readRequestView(db: Db, actor: CurrentUser, id: string) {
  let views = requestViews.get(db);
  if (!views) requestViews.set(db, (views = prepareRequestViews(db)));
  // PostgreSQL answers a uuid in lower case, and the batch is keyed by what it answers.
  const found = await views.load(id.toLowerCase());
  if (!found) throw notFound(DONATION_MESSAGES.notFound);
  // JSON carries PostgreSQL's timestamp text: the API answers ISO 8601 in UTC, as everywhere.
  const pledges = found.pledges.map((p) => ({ ...p, pledgedAt: new Date(p.pledgedAt).toISOString() }));
  return { row: found.row, pledges, reportedByMe: found.reporters.includes(actor.id) };
}

const urgencyIs = (urgency: Urgency | undefined) => (urgency ? eq(donationRequests.urgency, urgency) : undefined);

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
    // The urgency filter (NULL: any) only thins one person's rows, which the index has already found.
    const urgency = sql`(${sql.placeholder('urgency')}::text IS NULL OR ${donationRequests.urgency} = ${sql.placeholder('urgency')})`;
    const where = withStatus
      ? and(eq(donationRequests.requesterId, sql.placeholder('requester')), eq(donationRequests.status, sql.placeholder('status')), urgency)
      : and(eq(donationRequests.requesterId, sql.placeholder('requester')), urgency);
    const urgencyCount = sql`(${sql.placeholder('urgency')}::text IS NULL OR urgency = ${sql.placeholder('urgency')})`;
    const total = withStatus
      ? sql<number>`(SELECT count(*) FROM donation_requests WHERE requester_id = ${sql.placeholder('requester')} AND status = ${sql.placeholder('status')} AND ${urgencyCount})`
      : sql<number>`(SELECT count(*) FROM donation_requests WHERE requester_id = ${sql.placeholder('requester')} AND ${urgencyCount})`;
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
  filters: RequestFilters,
  p: Pagination,
): Promise<ListPage<DonationRequest>> {
  if (!can(actor, 'list', { requester: { email } })) throw forbidden('You can only list your own requests');
  const owner = email === actor.email ? actor : (await db.select().from(users).where(eq(users.email, email)).limit(1))[0];
  if (!owner) return { rows: [], total: 0 };
  return cache.ofRequester(owner.id, filters, p, async () => {
    const page = await requesterPage(db, owner.id, filters, p);
    return { rows: page.rows.map((r) => toDonationRequest(r, locations)), total: page.total };
  });
}

async function requesterPage(db: Db, ownerId: string, { status, urgency }: RequestFilters, p: Pagination) {
  let q = requesterQueries.get(db);
  if (!q) requesterQueries.set(db, (q = prepareRequesterQueries(db)));
  const params = { requester: ownerId, status, urgency: urgency ?? null, limit: p.limit, offset: (p.page - 1) * p.limit };
  const rows = await (status ? q.pageByStatus : q.page).execute(params);
  if (rows.length > 0) return { rows: rows.map((r) => r.row), total: rows[0]!.total };
  if (p.page === 1) return { rows: [], total: 0 };
  // Past the last page no row carries the total.
  const where = and(eq(donationRequests.requesterId, ownerId), status ? eq(donationRequests.status, status) : undefined, urgencyIs(urgency));
  const [total] = await db.select({ n: count() }).from(donationRequests).where(where);
  return { rows: [], total: total?.n ?? 0 };
}

/** Every request, for admins and volunteers. */
export function listAll(db: Db, { status, urgency }: RequestFilters, p: Pagination) {
  return page(db, and(status ? eq(donationRequests.status, status) : undefined, urgencyIs(urgency)), p);
}

/**
 * The public list: pending requests whose day has not passed, of active requesters, soonest first
 * (what donors can still answer). Pages and the counts come from the short-lived list cache
 * (./cache.ts); the counts, by day and urgency, are read once for every page and filter together.
 * They give each filter's total, and the day a page starts on: a deep page skips only that day's
 * earlier requests, not every request before it.
 */
export function listPending(
  db: Db,
  cache: DonationRequestCache,
  locations: LocationIndex,
  urgency: Urgency | undefined,
  p: Pagination,
  reportsToHide: number,
  now = Date.now(),
): Promise<ListPage<PublicDonationRequest>> {
  return cache.pending(urgency, p, async () => {
    let q = pendingQueries.get(db);
    if (!q) pendingQueries.set(db, (q = preparePendingQueries(db)));
    const today = todayInDhaka(now);
    // The day bound lets the index skip past days; the instant drops today's requests whose time has passed.
    const params = { now: new Date(now), urgency: urgency ?? null, reportsToHide };
    const counts = await cache.pendingCounts(async () =>
      pendingCounts((await q.counts.execute({ ...params, today, urgency: null })).map((r) => ({ day: r.day, urgency: r.urgency, n: Number(r.n) }))),
    );
    const start = pageStart(counts, urgency, (p.page - 1) * p.limit);
    const rows = start ? await q.page.execute({ ...params, from: start.from, limit: p.limit, offset: start.skip }) : [];
    return { rows: rows.map((r) => toPublicDonationRequest(r, locations)), total: totalOf(counts, urgency) };
  });
}

/**
 * The public list's page (from its first day on), and its counts by day
 * and urgency, as prepared statements. The literal conditions are those of the partial index
 * donation_requests_public_idx (a parameter there would keep PostgreSQL's generic plan from using
 * it); its INCLUDE columns keep today's count, and the skipping of a page's offset, index-only.
 */
function preparePendingQueries(db: Db) {
  const listed = (day: SQL) =>
    and(
      sql`${donationRequests.status} = 'pending' AND NOT ${donationRequests.requesterBlocked}`,
      day,
      gt(donationRequests.neededBy, sql.placeholder('now')),
      sql`(${sql.placeholder('urgency')}::text IS NULL OR ${donationRequests.urgency} = ${sql.placeholder('urgency')})`,
      // Reported by REPORTS_TO_HIDE users or more: off the list until staff review it (issue 17),
      // unless urgent or critical (issue 30: flagged instead; shared/report-rules.ts isHiddenByReports).
      or(lt(donationRequests.openReports, sql.placeholder('reportsToHide')), sql`${donationRequests.urgency} <> 'normal'`),
    );
  const where = listed(gte(donationRequests.donationDate, sql.placeholder('from'))!);
  const order = [asc(donationRequests.donationDate), asc(donationRequests.donationTime), asc(donationRequests.id)];
  // A deep page skips its offset in the index alone (index-only), then reads just its own rows.
  const pageIds = db
    .select({ id: donationRequests.id })
    .from(donationRequests)
    .where(where)
    .orderBy(...order)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
  return {
    page: db
      .select()
      .from(donationRequests)
      .where(inArray(donationRequests.id, pageIds))
      .orderBy(...order)
      .prepare('pending_requests_page'),
    // The counts by day and urgency (decision 054): the later days from the counters the triggers
    // keep (a request of a later day has not reached its time: its instant is on that day), today's
    // counted in the index, in one statement (one snapshot).
    counts: db
      .select({ day: publicRequestCounts.day, urgency: publicRequestCounts.urgency, n: sql<string>`sum(${publicRequestCounts.n})` })
      .from(publicRequestCounts)
      .where(
        and(
          gt(publicRequestCounts.day, sql.placeholder('today')),
          or(lt(publicRequestCounts.reports, sql.placeholder('reportsToHide')), sql`${publicRequestCounts.urgency} <> 'normal'`),
        ),
      )
      .groupBy(publicRequestCounts.day, publicRequestCounts.urgency)
      .unionAll(
        db
          .select({ day: donationRequests.donationDate, urgency: donationRequests.urgency, n: sql<string>`count(*)` })
          .from(donationRequests)
          .where(listed(eq(donationRequests.donationDate, sql.placeholder('today')))!)
          .groupBy(donationRequests.donationDate, donationRequests.urgency),
      )
      .prepare('pending_requests_counts'),
  };
}
const pendingQueries = new WeakMap<Db, ReturnType<typeof preparePendingQueries>>();

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

/** Edit (requester or admin; while pending or in progress). Returns 0 when nothing changed. */
export async function updateRequest(db: Db, jobs: JobQueue, locations: LocationIndex, actor: CurrentUser, id: string, input: Input, audit: AuditContext, now = Date.now()) {
  const current = await findRequest(db, id);
  authorize(actor, 'edit', current, 'You can only edit your own requests');
  const values = { ...fields(locations, input), ...needs(input, current), contactPhone: contactPhoneOf(input, current) };
  // A date may stay as it was, but a new date cannot be in the past.
  if (!isDonationDateAllowed(values.donationDate, { current: current.donationDate, now })) throw pastDate();
  // Staff editing someone else's request: the edit and its audit row commit together (issue 17).
  const result = await db.transaction(async (tx) => {
    const updated = await updateRequestRow(tx, values, id);
    if ((updated.rowCount ?? 0) > 0 && actor.id !== current.requesterId) {
      await recordAudit(tx, audit, { action: 'request.edit', targetType: 'request', targetId: id, before: editedFields(current), after: editedFields(values) });
    }
    return updated;
  });
  const tooFew = values.unitsNeeded < current.pledgeCount || (current.status === 'pending' && values.unitsNeeded === current.pledgeCount);
  if ((result.rowCount ?? 0) === 0 && tooFew && statusesFor('edit').includes(current.status)) {
    const message = `${current.pledgeCount} donors have already pledged: ask for more units than that`;
    throw badRequest(message, [{ path: 'body.unitsNeeded', message }]);
  }
  if ((result.rowCount ?? 0) === 0 && !statusesFor('edit').includes(current.status)) {
    throw conflict('A request that is done or canceled can no longer be edited', 'INVALID_TRANSITION');
  }
  // Its expiry edited away: the request needs donors again, and outreach resumes.
  if ((result.rowCount ?? 0) > 0 && isExpired(current, now) && !isExpired({ status: current.status, neededBy: values.neededBy }, now)) {
    await db.transaction((tx) => scheduleNextWave(tx, jobs, id));
  }
  return result.rowCount ?? 0;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type EditValues = ReturnType<typeof fields> & ReturnType<typeof needs> & { contactPhone: string | null };

/** What an audit row of an edit keeps: the request's fields, without the family's phone (it is not staff's to keep). */
const editedFields = (v: Pick<EditValues, 'recipientName' | 'hospitalName' | 'donationDate' | 'donationTime' | 'unitsNeeded' | 'urgency' | 'component'>) => ({
  recipientName: v.recipientName,
  hospitalName: v.hospitalName,
  donationDate: v.donationDate,
  donationTime: v.donationTime,
  component: v.component,
  unitsNeeded: v.unitsNeeded,
  urgency: v.urgency,
});

function updateRequestRow(db: Tx, values: EditValues, id: string) {
  return db
    .update(donationRequests)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        eq(donationRequests.id, id),
        inArray(donationRequests.status, statusesFor('edit')),
        sql`(${donationRequests.recipientName}, ${donationRequests.bloodGroup}, ${donationRequests.hospitalName}, ${donationRequests.fullAddress},
             ${donationRequests.donationDate}, ${donationRequests.donationTime}, ${donationRequests.requestMessage},
             ${donationRequests.divisionId}, ${donationRequests.districtId}, ${donationRequests.upazilaId},
             ${donationRequests.component}, ${donationRequests.unitsNeeded}, ${donationRequests.urgency}, ${donationRequests.contactPhone})
          IS DISTINCT FROM (${values.recipientName}, ${values.bloodGroup}, ${values.hospitalName}, ${values.fullAddress},
             ${values.donationDate}::date, ${values.donationTime}, ${values.requestMessage},
             ${values.divisionId}::int, ${values.districtId}::int, ${values.upazilaId}::int,
             ${values.component}, ${values.unitsNeeded}::smallint, ${values.urgency}, ${values.contactPhone}::text)`,
        // Never fewer units than donors have pledged (the check constraint agrees), nor, while
        // pending, just as many (the last pledge is what moves a request in progress): refused below.
        sql`(${donationRequests.pledgeCount} < ${values.unitsNeeded} OR (${donationRequests.status} <> 'pending' AND ${donationRequests.pledgeCount} <= ${values.unitsNeeded}))`,
      ),
    );
}

export async function deleteRequest(db: Db, actor: CurrentUser, id: string, audit: AuditContext): Promise<number> {
  const current = await findRequest(db, id);
  authorize(actor, 'delete', current, 'You can only delete your own requests');
  return db.transaction(async (tx) => {
    const result = await tx.delete(donationRequests).where(eq(donationRequests.id, id));
    // An admin deleting someone else's request (issue 17): recorded with it.
    if ((result.rowCount ?? 0) > 0 && actor.id !== current.requesterId) {
      await recordAudit(tx, audit, { action: 'request.delete', targetType: 'request', targetId: id, before: { status: current.status, requesterId: current.requesterId } });
    }
    return result.rowCount ?? 0;
  });
}

/** What a pledge is checked against (deps.outreach). */
export interface PledgeSettings {
  reportsToHide: number;
  /** SMTP_URL is set: a pledging donor needs a confirmed address (issue 30). */
  mail: boolean;
  intervals: DonationIntervals;
}

/**
 * A pledge must be one a body can keep (issue 30, decision 061): from a confirmed donor whose
 * group can give the component, available and past their interval on the request's day, not
 * pledged to another open request within a donation interval of it, and who has not withdrawn
 * from this request before. `donor` is the pledging user's row, locked by the caller.
 */
async function pledgeRefusal(tx: Tx, donor: CurrentUser, request: Row, settings: PledgeSettings, now: number): Promise<HttpError | null> {
  const [withdrawn] = await tx
    .select({ at: outreachAnswers.withdrawnAt })
    .from(outreachAnswers)
    .where(and(eq(outreachAnswers.requestId, request.id), eq(outreachAnswers.userId, donor.id), sql`${outreachAnswers.withdrawnAt} IS NOT NULL`));
  if (withdrawn) return new HttpError(409, DONATION_MESSAGES.withdrawnBefore, 'WITHDRAWN_BEFORE');
  if (!isConfirmed(donor, settings)) return new HttpError(409, DONATION_MESSAGES.notConfirmed, 'NOT_CONFIRMED');
  if (donor.bloodGroup === null || !canGive(donor.bloodGroup, request.bloodGroup, request.component)) {
    return new HttpError(409, DONATION_MESSAGES.notCompatible, 'NOT_COMPATIBLE');
  }
  const today = todayInDhaka(now);
  const day = request.donationDate > today ? request.donationDate : today;
  if (!isEligibleDonorOn(donor, day)) return new HttpError(409, DONATION_MESSAGES.notEligible, 'NOT_ELIGIBLE');
  // One body gives one bag: another open pledge (its request pending and not past its time, or in
  // progress) whose day is within a donation interval of this one, either way round.
  const interval = (component: SQL | string) =>
    sql`(CASE ${component} WHEN 'whole_blood' THEN ${settings.intervals.whole_blood}::int WHEN 'red_cells' THEN ${settings.intervals.red_cells}::int
      WHEN 'platelets' THEN ${settings.intervals.platelets}::int ELSE ${settings.intervals.plasma}::int END)`;
  const { rows } = await tx.execute(sql`
    SELECT 1 FROM ${donationPledges} p JOIN ${donationRequests} r ON r.id = p.request_id
    WHERE p.donor_id = ${donor.id} AND r.id <> ${request.id}::uuid AND p.disputed_at IS NULL
      AND (r.status = 'inprogress' OR (r.status = 'pending' AND r.needed_by > ${new Date(now)}::timestamptz))
      AND ((r.donation_date <= ${day}::date AND ${day}::date < r.donation_date + ${interval(sql`r.component`)})
        OR (r.donation_date > ${day}::date AND r.donation_date < ${day}::date + ${interval(request.component)}))
    LIMIT 1`);
  if (rows.length > 0) return new HttpError(409, DONATION_MESSAGES.pledgedElsewhere, 'PLEDGED_ELSEWHERE');
  return null;
}

/**
 * A donor pledges (PATCH /confirmDonation/{id}). The request's row is locked for the transaction,
 * so pledges to one request are taken one at a time: with k units needed exactly k donors succeed,
 * the k-th moves the request in progress (its donor: the first pledge's), and the rest get 409.
 * The donor's row is locked too (after the request's), so their pledges to two requests at once
 * are checked one after the other (PLEDGED_ELSEWHERE).
 */
export async function confirmDonation(db: Db, actor: CurrentUser, id: string, settings: PledgeSettings, now = Date.now()): Promise<number> {
  const { reportsToHide } = settings;
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(donationRequests).where(eq(donationRequests.id, id)).for('update');
    if (!current) throw notFound(DONATION_MESSAGES.notFound);
    authorize(actor, 'donate', current, DONATION_MESSAGES.ownRequest);
    if (!statusesFor('donate').includes(current.status)) throw new HttpError(409, DONATION_MESSAGES.notPending, 'INVALID_TRANSITION');
    const [requester] = await tx.select({ status: users.status }).from(users).where(eq(users.id, current.requesterId));
    if (requester?.status === 'blocked') throw new HttpError(409, DONATION_MESSAGES.requesterBlocked, 'REQUEST_FROZEN');
    if (isExpired(current, now)) throw new HttpError(409, DONATION_MESSAGES.expired, 'REQUEST_EXPIRED');
    // Reported by enough users (issue 17): no new pledges until staff have looked at it.
    if (isHiddenByReports(current, reportsToHide)) throw new HttpError(409, REPORT_TEXTS.underReview, 'REQUEST_UNDER_REVIEW');
    const [donor] = await tx.select().from(users).where(eq(users.id, actor.id)).for('no key update');
    if (!donor) throw notFound(DONATION_MESSAGES.notFound);
    const refused = await pledgeRefusal(tx, donor, current, settings, now);
    if (refused) throw refused;
    const pledged = await tx
      .insert(donationPledges)
      // clock_timestamp(): the order pledges were taken in (now() is when each transaction began).
      .values({ requestId: id, donorId: actor.id, donorName: actor.name, donorEmail: actor.email, pledgedAt: sql`clock_timestamp()` })
      .onConflictDoNothing()
      .returning({ donorId: donationPledges.donorId });
    if (pledged.length === 0) throw new HttpError(409, DONATION_MESSAGES.alreadyPledged, 'ALREADY_PLEDGED');
    // A pledge is an accepted alert (issue 15): remembered as the donor's answer, and the family is told.
    await tx
      .insert(outreachAnswers)
      .values({ requestId: id, userId: actor.id, answer: 'accept' })
      .onConflictDoUpdate({ target: [outreachAnswers.requestId, outreachAnswers.userId], set: { answer: 'accept', answeredAt: new Date() } });
    await tx.insert(notifications).values({ userId: current.requesterId, requestId: id, kind: 'pledge' });
    const pledgeCount = current.pledgeCount + 1;
    if (pledgeCount < current.unitsNeeded) {
      await tx.update(donationRequests).set({ pledgeCount, updatedAt: new Date() }).where(eq(donationRequests.id, id));
      return 1;
    }
    const [first] = await tx
      .select()
      .from(donationPledges)
      .where(eq(donationPledges.requestId, id))
      .orderBy(asc(donationPledges.pledgedAt), asc(donationPledges.donorId))
      .limit(1);
    await tx
      .update(donationRequests)
      .set({ status: 'inprogress', pledgeCount, donorId: first!.donorId, donorName: first!.donorName, donorEmail: first!.donorEmail, updatedAt: new Date() })
      .where(eq(donationRequests.id, id));
    return 1;
  });
}

/** The spec's done / canceled buttons: requester, volunteer or admin, only from inprogress. */
/**
 * The spec's done / canceled buttons: requester, volunteer or admin, only from inprogress. Done
 * closes the loop in the same transaction: each pledged donor gave on the donation date (unless
 * they have a later donation already), gave one more time, and waits the component's interval.
 */
export async function setDonationStatus(
  db: Db,
  actor: CurrentUser,
  id: string,
  status: 'done' | 'canceled',
  intervals: DonationIntervals,
  audit: AuditContext,
): Promise<number> {
  const current = await findRequest(db, id);
  const action = CLOSE_ACTIONS[status];
  authorize(actor, action, current, 'Only the requester, a volunteer or an admin can do this');
  return db.transaction(async (tx) => {
    const result = await tx
      .update(donationRequests)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(donationRequests.id, id), inArray(donationRequests.status, statusesFor(action))))
      .returning({ donationDate: donationRequests.donationDate, component: donationRequests.component });
    const closed = result[0];
    if (!closed) throw new HttpError(409, DONATION_MESSAGES.notInProgress, 'INVALID_TRANSITION');
    // Staff closing someone else's request (issue 17): recorded with the move.
    if (actor.id !== current.requesterId) {
      await recordAudit(tx, audit, { action: 'request.status', targetType: 'request', targetId: id, before: { status: current.status }, after: { status } });
    }
    // Marked done before its day, the donation happened by today.
    const today = todayInDhaka();
    if (status === 'done') await recordDonations(tx, id, closed.donationDate < today ? closed.donationDate : today, closed.component, intervals);
    return 1;
  });
}
