import { and, count, desc, eq, isNotNull, isNull, max, sql } from 'drizzle-orm';
import { isStaff } from '../../shared/access/policy';
import type { BloodComponent, DonationIntervals } from '../../shared/matching/model';
import type { CertificateCheck, DisputedRequester, Donation } from '../../shared/donations/schemas';
import { DELETED_NAME_FIRST, DONATION_TEXTS } from '../../shared/donations/texts';
import { firstNameOf, verifyPath } from '../../shared/donations/model';
import type { Lang } from '../../shared/i18n/model';
import type { Pagination } from '../../shared/api/schemas';
import { type AuditContext, recordAudit } from '../audit/service';
import type { CurrentUser } from '../auth/guard';
import type { Db, Tx } from '../db/client';
import { users } from '../db/schema/accounts';
import { donationPledges, donationRequests } from '../db/schema/requests';
import { conflict, forbidden, notFound } from '../errors';
import type { ListPage } from '../lib/list-caches';
import type { LocationIndex } from '../locations/service';
import { nextEligibleSql } from '../matching';
import { renderCertificate } from './certificate-pdf';

// Donor history and thanks (issue 17). A completed donation is a pledge recorded as donated (its
// outcome, or its request marked done: issue 33) that its donor has not disputed (issue 30): its
// date is the day recorded then (donated_on: the request's day, or that day when earlier; never a
// future date), its component, hospital and district the request's.

/** A pledge recorded as donated, not disputed. */
const isCompleted = and(eq(donationPledges.state, 'donated'), isNull(donationPledges.disputedAt));
const completed = (donorId: string) => and(eq(donationPledges.donorId, donorId), isCompleted);
/**
 * The day a donation is recorded for. Always set with the donated state (recordDonations, and
 * migration 0022 for earlier ones); the request's day, capped at today, should one ever lack it.
 */
const donatedOn = sql<string>`COALESCE(${donationPledges.donatedOn}, LEAST(${donationRequests.donationDate}, (now() AT TIME ZONE 'Asia/Dhaka')::date))::text`;

/** GET /users/{email}/donations: the owner, or active staff; newest first. */
export async function listDonations(db: Db, locations: LocationIndex, actor: CurrentUser, email: string, p: Pagination): Promise<ListPage<Donation>> {
  const target = email.trim().toLowerCase();
  const own = actor.email === target;
  if (!own && !isStaff(actor)) throw forbidden(DONATION_TEXTS.ownOnly);
  const donorId = own ? actor.id : (await db.select({ id: users.id }).from(users).where(eq(users.email, target)).limit(1))[0]?.id;
  if (!donorId) throw notFound(DONATION_TEXTS.noUser);
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: donationPledges.id, date: donatedOn, component: donationRequests.component, hospital: donationRequests.hospitalName, districtId: donationRequests.districtId })
      .from(donationPledges)
      .innerJoin(donationRequests, eq(donationRequests.id, donationPledges.requestId))
      .where(completed(donorId))
      .orderBy(desc(donatedOn), desc(donationPledges.pledgedAt), desc(donationPledges.id))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit),
    db.select({ n: count() }).from(donationPledges).innerJoin(donationRequests, eq(donationRequests.id, donationPledges.requestId)).where(completed(donorId)),
  ]);
  return {
    total: total?.n ?? 0,
    rows: rows.map((r) => ({ _id: r.id, donationDate: r.date, component: r.component, hospitalName: r.hospital, district: locations.districtName(r.districtId) ?? '' })),
  };
}

/** A completed donation with what its certificate shows. */
async function findCompleted(db: Db, where: ReturnType<typeof eq>) {
  const [row] = await db
    .select({
      donorId: donationPledges.donorId,
      donorName: users.name,
      deletedAt: users.deletedAt,
      code: donationPledges.certificateCode,
      date: donatedOn,
      component: donationRequests.component,
      hospital: donationRequests.hospitalName,
      districtId: donationRequests.districtId,
    })
    .from(donationPledges)
    .innerJoin(donationRequests, eq(donationRequests.id, donationPledges.requestId))
    .innerJoin(users, eq(users.id, donationPledges.donorId))
    .where(and(where, isCompleted))
    .limit(1);
  return row ?? null;
}

/** GET /donations/{id}/certificate.pdf: the donor, or active staff. */
export async function certificatePdf(db: Db, locations: LocationIndex, publicUrl: string, actor: CurrentUser, id: string, lang: Lang): Promise<Buffer> {
  const row = await findCompleted(db, eq(donationPledges.id, id));
  if (!row) throw notFound(DONATION_TEXTS.noDonation);
  if (row.donorId !== actor.id && !isStaff(actor)) throw forbidden(DONATION_TEXTS.certificateForbidden);
  return renderCertificate({
    name: row.donorName,
    date: row.date,
    hospital: row.hospital,
    district: locations.districtName(row.districtId, lang) ?? '',
    component: row.component,
    code: row.code,
    verifyUrl: `${publicUrl.replace(/\/+$/, '')}${verifyPath(row.code)}`,
    lang,
  });
}

/** GET /certificates/{code} (public): genuine or 404; no more than the first name, the date and the district. */
export async function checkCertificate(db: Db, locations: LocationIndex, code: string): Promise<CertificateCheck> {
  const row = await findCompleted(db, eq(donationPledges.certificateCode, code));
  if (!row) throw notFound(DONATION_TEXTS.noCertificate);
  return {
    firstName: row.deletedAt ? DELETED_NAME_FIRST : firstNameOf(row.donorName),
    donationDate: row.date,
    district: locations.districtName(row.districtId) ?? '',
  };
}

/**
 * POST /donations/{id}/dispute (issue 30): the donor says "I did not donate". Only the donor (not
 * staff on their behalf). In one transaction: the pledge is marked disputed (out of the history,
 * its certificate and public check answer 404), the donor's cooldown and count no longer include
 * it, and the audit trail records it with the requester, for staff to see.
 */
export async function disputeDonation(db: Db, intervals: DonationIntervals, actor: CurrentUser, audit: AuditContext, id: string): Promise<number> {
  return db.transaction(async (tx) => {
    // The donor's row first: two of their disputes at once are recounted one after the other.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('update');
    const [row] = await tx
      .select({
        donorId: donationPledges.donorId,
        requestId: donationPledges.requestId,
        requesterId: donationRequests.requesterId,
        disputedAt: donationPledges.disputedAt,
        donatedOn,
        component: donationRequests.component,
      })
      .from(donationPledges)
      .innerJoin(donationRequests, eq(donationRequests.id, donationPledges.requestId))
      .where(and(eq(donationPledges.id, id), eq(donationPledges.state, 'donated')))
      .limit(1);
    if (!row) throw notFound(DONATION_TEXTS.noDonation);
    if (row.donorId !== actor.id) throw forbidden(DONATION_TEXTS.disputeOwnOnly);
    if (row.disputedAt) throw conflict(DONATION_TEXTS.alreadyDisputed, 'ALREADY_DISPUTED');
    // Only one of two disputes racing marks it.
    const [marked] = await tx
      .update(donationPledges)
      .set({ disputedAt: new Date() })
      .where(and(eq(donationPledges.id, id), isNull(donationPledges.disputedAt)))
      .returning({ at: donationPledges.disputedAt });
    if (!marked) throw conflict(DONATION_TEXTS.alreadyDisputed, 'ALREADY_DISPUTED');
    await forgetDonation(tx, actor.id, row.donatedOn, row.component, intervals);
    await recordAudit(tx, audit, {
      action: 'donation.dispute',
      targetType: 'donation',
      targetId: id,
      before: { disputedAt: null, requestId: row.requestId, requesterId: row.requesterId, donatedOn: row.donatedOn },
      after: { disputedAt: marked.at!.toISOString(), requestId: row.requestId, requesterId: row.requesterId },
    });
    return 1;
  });
}


/**
 * A disputed donation leaves the donor's record: one donation fewer, and when their last donation
 * is that one (its day and component, as recordDonations wrote them), the last donation and the
 * wait become those of their latest remaining completed donation, or none. A later donation, or a
 * date the donor entered on their profile, is theirs and stays.
 */
async function forgetDonation(tx: Tx, donorId: string, day: string, component: BloodComponent, intervals: DonationIntervals) {
  const [latest] = await tx
    .select({ day: donatedOn, component: donationRequests.component })
    .from(donationPledges)
    .innerJoin(donationRequests, eq(donationRequests.id, donationPledges.requestId))
    .where(completed(donorId))
    .orderBy(desc(donatedOn), desc(nextEligibleSql(sql`${donatedOn}::date`, sql`${donationRequests.component}::text`, intervals)))
    .limit(1);
  const fromIt = and(eq(users.lastDonationDate, day), eq(users.lastDonationComponent, component));
  const lastDate = latest ? sql`${latest.day}::date` : sql`NULL::date`;
  const lastComponent = latest ? sql`${latest.component}::text` : sql`NULL::text`;
  await tx
    .update(users)
    .set({
      lastDonationDate: sql`CASE WHEN ${fromIt} THEN ${lastDate} ELSE ${users.lastDonationDate} END`,
      lastDonationComponent: sql`CASE WHEN ${fromIt} THEN ${lastComponent} ELSE ${users.lastDonationComponent} END`,
      nextEligibleDate: sql`CASE WHEN ${fromIt} THEN ${latest ? nextEligibleSql(lastDate, lastComponent, intervals) : sql`NULL::date`} ELSE ${users.nextEligibleDate} END`,
      donationCount: sql`GREATEST(${users.donationCount} - 1, 0)`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, donorId));
}

/**
 * GET /donations/disputes (staff): requesters whose requests marked done had donations disputed by
 * their donors, most disputes first, then the latest. Their name and email (what staff see of
 * requesters elsewhere); a deleted requester's erased ones.
 */
export async function listDisputedRequesters(db: Db, p: Pagination): Promise<ListPage<DisputedRequester>> {
  const disputed = and(eq(donationPledges.state, 'donated'), isNotNull(donationPledges.disputedAt));
  const n = count();
  const latest = max(donationPledges.disputedAt);
  const [rows, [total]] = await Promise.all([
    db
      .select({ requesterId: donationRequests.requesterId, name: users.name, email: users.email, n, latest })
      .from(donationPledges)
      .innerJoin(donationRequests, eq(donationRequests.id, donationPledges.requestId))
      .innerJoin(users, eq(users.id, donationRequests.requesterId))
      .where(disputed)
      .groupBy(donationRequests.requesterId, users.name, users.email)
      .orderBy(desc(n), desc(latest), donationRequests.requesterId)
      .limit(p.limit)
      .offset((p.page - 1) * p.limit),
    db
      .select({ n: sql<number>`count(DISTINCT ${donationRequests.requesterId})::int` })
      .from(donationPledges)
      .innerJoin(donationRequests, eq(donationRequests.id, donationPledges.requestId))
      .where(disputed),
  ]);
  return {
    total: total?.n ?? 0,
    rows: rows.map((r) => ({ requesterId: r.requesterId, name: r.name, email: r.email, disputedCount: r.n, lastDisputedAt: (r.latest ?? new Date(0)).toISOString() })),
  };
}
