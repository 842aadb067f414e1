import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm';
import { isStaff } from '../../shared/access/policy';
import { DONATION_MESSAGES } from '../../shared/donation-requests/texts';
import type { DonationRequest } from '../../shared/donation-requests/schemas';
import { todayInDhaka } from '../../shared/dates/model';
import { holdsUnit, isExpiredRequest } from '../../shared/donation-requests/model';
import type { DonationIntervals } from '../../shared/matching/model';
import { can, CLOSE_ACTIONS, type DonationRequestAction, type DonationRequestResource, isDonationDateAllowed, refusal, statusesFor } from '../../shared/donation-requests/policy';
import { isHiddenByReports } from '../../shared/reports/model';
import { REPORT_TEXTS } from '../../shared/reports/texts';
import { isConfirmed } from '../../shared/users/policy';
import { type AuditContext, recordAudit, recordPhoneReveal } from '../audit/service';
import type { CurrentUser } from '../auth/guard';
import type { Db, Tx } from '../db/client';
import { users } from '../db/schema/accounts';
import { notifications, outreachAnswers } from '../db/schema/outreach';
import { donationPledges, donationRequests } from '../db/schema/requests';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../errors';
import type { JobQueue } from '../jobs';
import type { LocationService } from '../locations/service';
import { recordDonations } from '../matching';
import { afterDonations, scheduleNextWave, schedulePledgeReminders } from '../outreach';
import type { DonationRequestCache } from './cache';
import { contactPhoneOf, editedFields, type EditValues, fields, type Input, needs, type Row, toDonationRequest } from './mapper';
import { pledgeRefusal } from './pledges';
import type { RequestQueries } from './queries';

// The use cases of donation requests (issue 31: each opens with its policy check): create, read,
// edit, delete, pledge, close. The lists are in ./lists.ts, the mapping to the API in
// ./mapper.ts, the prepared statements in ./queries.ts.

/** What the requests settings are (deps.ts, from the config). */
export interface RequestSettings {
  /** REQUESTS_PER_DAY: requests an account may create in 24 hours (issue 17; staff are exempt). */
  requestsPerDay: number;
  /** REPORTS_TO_HIDE (issue 17). */
  reportsToHide: number;
  /** SMTP_URL is set: an unconfirmed requester's requests are held, and a pledging donor needs a confirmed address (issue 30). */
  mail: boolean;
  /** DONATION_INTERVAL_*_DAYS. */
  intervals: DonationIntervals;
  /** SMS_URL is set: a donor whom push does not reach is thanked by SMS too (issue 33, outreach/after-donation.ts). */
  sms: boolean;
  /** REMINDER_HOURS_BEFORE: a pledge's "Still coming?" reminders (issue 33, outreach/reminders.ts). */
  reminderHours: number[];
}

/** Everything the feature's functions need, built once per app (deps.ts). */
export interface RequestsContext {
  db: Db;
  jobs: JobQueue;
  locations: LocationService;
  queries: RequestQueries;
  cache: DonationRequestCache;
  settings: RequestSettings;
}


const pastDate = () =>
  badRequest(DONATION_MESSAGES.dateInPast, [{ path: 'body.donationDate', message: DONATION_MESSAGES.dateInPast }]);

/** A stored request as the policy table sees it (src/shared/donation-requests/policy.ts): its people by id. */
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
 * account, status pending. At most REQUESTS_PER_DAY requests in 24 hours (issue 17; staff are exempt),
 * counted under a lock on the requester, so requests sent at once cannot slip past it.
 */
export async function createRequest(ctx: RequestsContext, actor: CurrentUser, input: Input, now = Date.now()): Promise<string> {
  if (!can(actor, 'create', {})) throw forbidden(DONATION_MESSAGES.blockedText);
  const { db, jobs } = ctx;
  const perDay = ctx.settings.requestsPerDay;
  const values = fields(await ctx.locations.get(), input);
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

/**
 * One request as a signed-in user may see it: the donor's name and email only for those above. A
 * request hidden by reports (issue 17) is seen only by its requester, staff and its pledged donors.
 */
export async function getRequest(ctx: RequestsContext, actor: CurrentUser, id: string, audit: AuditContext): Promise<DonationRequest> {
  const { db, settings: view } = ctx;
  const [{ row, pledges, reportedByMe }, locations] = await Promise.all([readRequestView(ctx, actor, id), ctx.locations.get()]);
  const request = toDonationRequest(row, locations);
  const shown = canSeeDonor(actor, row) ? request : { ...request, donarName: null, donarEmail: null };
  const isRequester = actor.id === row.requesterId;
  const mine = pledges.find((p) => p.donorId === actor.id);
  // A pledge recorded as a no-show or a deferral gave its unit back (issue 33): no longer "pledged by me".
  const pledgedByMe = mine !== undefined && holdsUnit(mine.state);
  const underReview = isHiddenByReports(row, view.reportsToHide);
  if (underReview && !isRequester && !pledgedByMe && !isStaff(actor)) throw notFound(REPORT_TEXTS.underReview);
  // Phones on consent only (issue 15): the family's to its requester and the donors who pledged,
  // each pledged donor's to the requester. Nobody else, staff included. Each sight of another's
  // phone is audited (at most once an hour per viewer, phone and request: decision 041).
  const contactPhone = isRequester || pledgedByMe ? row.contactPhone : null;
  if (contactPhone !== null && !isRequester) await recordPhoneReveal(db, audit, row.requesterId, id);
  if (isRequester) for (const p of pledges) if (p.phone !== null) await recordPhoneReveal(db, audit, p.donorId, id);
  // Held until the requester confirms their address (issue 30): told to them alone.
  const alertsHeld = isRequester && !isStaff(actor) && !isConfirmed(actor, view);
  const myPledgeState = mine?.state ?? null;
  const withPhones = { ...shown, pledgedByMe, myPledgeState, reportedByMe, underReview, contactPhone, ...(isRequester && { alertsHeld }) };
  if (!can(actor, 'viewPledges', requestResource(row))) return withPhones;
  return {
    ...withPhones,
    pledges: pledges.map((p) => ({
      id: p.id,
      name: p.name,
      email: p.email,
      pledgedAt: p.pledgedAt,
      phone: isRequester ? p.phone : null,
      state: p.state,
      deferralReason: p.deferralReason,
    })),
  };
}

async function readRequestView({ queries }: RequestsContext, actor: CurrentUser, id: string) {
  // PostgreSQL answers a uuid in lower case, and the batch is keyed by what it answers.
  const found = await queries.views.load(id.toLowerCase());
  if (!found) throw notFound(DONATION_MESSAGES.notFound);
  // JSON carries PostgreSQL's timestamp text: the API answers ISO 8601 in UTC, as everywhere.
  const pledges = found.pledges.map((p) => ({ ...p, pledgedAt: new Date(p.pledgedAt).toISOString() }));
  return { row: found.row, pledges, reportedByMe: found.reporters.includes(actor.id) };
}

/** Edit (requester or admin; while pending or in progress). Returns 0 when nothing changed. */
export async function updateRequest(ctx: RequestsContext, actor: CurrentUser, id: string, input: Input, audit: AuditContext, now = Date.now()) {
  const { db, jobs } = ctx;
  const current = await findRequest(db, id);
  authorize(actor, 'edit', current, 'You can only edit your own requests');
  const values = { ...fields(await ctx.locations.get(), input), ...needs(input, current), contactPhone: contactPhoneOf(input, current) };
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
    throw conflict(DONATION_MESSAGES.closedNoEdit, 'INVALID_TRANSITION');
  }
  // Its expiry edited away: the request needs donors again, and outreach resumes.
  if ((result.rowCount ?? 0) > 0 && isExpiredRequest(current, now) && !isExpiredRequest({ status: current.status, neededBy: values.neededBy }, now)) {
    await db.transaction((tx) => scheduleNextWave(tx, jobs, id));
  }
  return result.rowCount ?? 0;
}

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

export async function deleteRequest({ db }: RequestsContext, actor: CurrentUser, id: string, audit: AuditContext): Promise<number> {
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

/**
 * A donor pledges (PATCH /confirmDonation/{id}). The request's row is locked for the transaction,
 * so pledges to one request are taken one at a time: with k units needed exactly k donors succeed,
 * the k-th moves the request in progress (its donor: the first pledge's), and the rest get 409.
 * The donor's row is locked too (after the request's), so their pledges to two requests at once
 * are checked one after the other (PLEDGED_ELSEWHERE).
 */
export async function confirmDonation(ctx: RequestsContext, actor: CurrentUser, id: string, now = Date.now()): Promise<number> {
  const { db, settings } = ctx;
  const { reportsToHide } = settings;
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(donationRequests).where(eq(donationRequests.id, id)).for('update');
    if (!current) throw notFound(DONATION_MESSAGES.notFound);
    authorize(actor, 'donate', current, DONATION_MESSAGES.ownRequest);
    if (!statusesFor('donate').includes(current.status)) throw new HttpError(409, DONATION_MESSAGES.notPending, 'INVALID_TRANSITION');
    const [requester] = await tx.select({ status: users.status }).from(users).where(eq(users.id, current.requesterId));
    if (requester?.status === 'blocked') throw new HttpError(409, DONATION_MESSAGES.requesterBlocked, 'REQUEST_FROZEN');
    if (isExpiredRequest(current, now)) throw new HttpError(409, DONATION_MESSAGES.expired, 'REQUEST_EXPIRED');
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
    await schedulePledgeReminders(tx, ctx.jobs, settings.reminderHours, { requestId: id, donorId: actor.id, neededBy: current.neededBy }, now);
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

/**
 * The spec's done / canceled buttons: requester, volunteer or admin, only from inprogress. Done
 * closes the loop in the same transaction: each pledged donor gave on the donation date (unless
 * they have a later donation already), gave one more time, and waits the component's interval.
 */
export async function setDonationStatus(ctx: RequestsContext, actor: CurrentUser, id: string, status: 'done' | 'canceled', audit: AuditContext): Promise<number> {
  const { db, settings } = ctx;
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
    if (status === 'done') {
      const donors = await recordDonations(tx, id, closed.donationDate < today ? closed.donationDate : today, closed.component, settings.intervals);
      await afterDonations(tx, ctx.jobs, settings.sms, id, donors);
    }
    return 1;
  });
}
