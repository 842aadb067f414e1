import { isPhoneOnlyEmail } from '../../shared/users/model';
import { normalizePhone } from '../../shared/phone/model';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { AccountExport } from '../../shared/privacy/schemas';
import { DELETED_USER_NAME, deletedEmailFor } from '../../shared/privacy/model';
import { PRIVACY_TEXTS } from '../../shared/privacy/texts';
import type { CurrentUser } from '../auth/guard';
import type { Db } from '../db/client';
import { auditAddresses, accounts, sessions, signInFailures, users, verifications } from '../db/schema/accounts';
import { fundings } from '../db/schema/funding';
import { notifications, outreachAnswers, pushSubscriptions } from '../db/schema/outreach';
import { donationPledges, donationRequests, requestReports } from '../db/schema/requests';
import { smsMessages } from '../db/schema/sms';
import { badRequest, forbidden, HttpError } from '../errors';
import { deleteImageIfUnreferenced } from '../images/service';
import type { LocationIndex } from '../locations/service';
import { settingsOf } from '../notifications/service';
import type { JobQueue } from '../jobs';
import { releaseReportsOf } from '../reports/service';

// A user's own data (issue 17): everything the site holds about them, and the erasure of it.
// Both are the owner's right alone: staff get 403 (docs/decisions/043-account-deletion.md).

const isOwner = (actor: CurrentUser, email: string) => actor.email === email.trim().toLowerCase();
const iso = (d: Date | null) => (d ? d.toISOString() : '');

/** GET /users/{email}/export: the owner's data, never a credential (password hash, session, token, push keys). */
export async function exportAccount(db: Db, locations: LocationIndex, actor: CurrentUser, email: string): Promise<AccountExport> {
  if (!isOwner(actor, email)) throw forbidden(PRIVACY_TEXTS.ownExportOnly);
  const me = actor.id;
  const [signIn, requests, pledges, answers, notes, subs, reports, gifts] = await Promise.all([
    db.select({ provider: accounts.providerId, createdAt: accounts.createdAt }).from(accounts).where(eq(accounts.userId, me)).orderBy(asc(accounts.createdAt)),
    db.select().from(donationRequests).where(eq(donationRequests.requesterId, me)).orderBy(asc(donationRequests.createdAt), asc(donationRequests.id)),
    db
      .select({
        id: donationPledges.id,
        requestId: donationPledges.requestId,
        pledgedAt: donationPledges.pledgedAt,
        status: donationRequests.status,
        state: donationPledges.state,
        deferralReason: donationPledges.deferralReason,
        donatedOn: donationPledges.donatedOn,
        disputedAt: donationPledges.disputedAt,
      })
      .from(donationPledges)
      .innerJoin(donationRequests, eq(donationRequests.id, donationPledges.requestId))
      .where(eq(donationPledges.donorId, me))
      .orderBy(asc(donationPledges.pledgedAt)),
    db.select().from(outreachAnswers).where(eq(outreachAnswers.userId, me)).orderBy(asc(outreachAnswers.answeredAt)),
    db.select().from(notifications).where(eq(notifications.userId, me)).orderBy(asc(notifications.createdAt), asc(notifications.id)),
    db.select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, me)),
    db.select().from(requestReports).where(eq(requestReports.reporterId, me)).orderBy(asc(requestReports.createdAt)),
    db.select().from(fundings).where(eq(fundings.userId, me)).orderBy(asc(fundings.createdAt)),
  ]);
  const u = actor;
  return {
    exportedAt: new Date().toISOString(),
    profile: {
      _id: u.id,
      name: u.name,
      email: u.email,
      emailVerified: u.emailVerified,
      avatar: u.image,
      blood_group: u.bloodGroup,
      division: u.divisionId ? (locations.divisionName(u.divisionId) ?? null) : null,
      district: u.districtId ? (locations.districtName(u.districtId) ?? null) : null,
      upazila: u.upazilaId ? (locations.upazilaName(u.upazilaId) ?? null) : null,
      phone: u.phone,
      role: u.role,
      status: u.status,
      lastDonationDate: u.lastDonationDate,
      lastDonationComponent: u.lastDonationComponent,
      nextEligibleDate: u.nextEligibleDate,
      available: u.available,
      donationCount: u.donationCount,
      locale: u.locale,
      createdAt: iso(u.createdAt),
      updatedAt: iso(u.updatedAt),
    },
    settings: settingsOf(u),
    signIn: signIn.map((a) => ({ provider: a.provider, createdAt: iso(a.createdAt) })),
    requests: requests.map((r) => ({
      _id: r.id,
      recipientName: r.recipientName,
      bloodGroup: r.bloodGroup,
      component: r.component,
      unitsNeeded: r.unitsNeeded,
      urgency: r.urgency,
      hospitalName: r.hospitalName,
      fullAddress: r.fullAddress,
      district: locations.districtName(r.districtId) ?? '',
      donationDate: r.donationDate,
      donationTime: r.donationTime,
      requestMessage: r.requestMessage,
      contactPhone: r.contactPhone,
      donationStatus: r.status,
      createdAt: iso(r.createdAt),
    })),
    pledges: pledges.map((p) => ({
      _id: p.id,
      requestId: p.requestId,
      pledgedAt: iso(p.pledgedAt),
      donationStatus: p.status,
      state: p.state,
      deferralReason: p.deferralReason,
      donatedOn: p.donatedOn,
      disputedAt: p.disputedAt ? p.disputedAt.toISOString() : null,
    })),
    answers: answers.map((a) => ({ requestId: a.requestId, answer: a.answer, answeredAt: iso(a.answeredAt) })),
    notifications: notes.map((n) => ({ _id: n.id, kind: n.kind, requestId: n.requestId, createdAt: iso(n.createdAt), read: n.readAt !== null })),
    pushSubscriptions: subs.map((s) => ({ endpoint: s.endpoint, createdAt: iso(s.createdAt) })),
    reports: reports.map((r) => ({ requestId: r.requestId, reason: r.reason, note: r.note, status: r.status, createdAt: iso(r.createdAt) })),
    fundings: gifts.map((f) => ({ _id: f.id, donorName: f.donorName, showName: f.showName, amount: f.amountMinor / 100, currency: f.currency, createdAt: iso(f.createdAt) })),
  };
}

const IMAGE_ID = /\/api\/images\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:$|[?#])/i;

/**
 * DELETE /users/{email}: the owner, after typing their email again. In one transaction: every
 * personal field erased (the row stays, named "Deleted user", so requests and pledges keep their
 * record), credentials, sessions and subscriptions deleted, the account blocked. Its sessions
 * going ends its access tokens at once (decision 010): signed out everywhere. The site keeps an
 * active admin: the last one cannot leave (409 LAST_ADMIN, checked under lock as in changeUser).
 */
export async function deleteAccount(db: Db, reports: { jobs: JobQueue; reportsToHide: number }, actor: CurrentUser, email: string, confirmEmail: string): Promise<void> {
  if (!isOwner(actor, email)) throw forbidden(PRIVACY_TEXTS.ownDeleteOnly);
  // A phone-only account (issue 32) confirms with its number, as it has no address to type.
  const confirmed = isPhoneOnlyEmail(actor.email) ? normalizePhone(confirmEmail) === actor.phoneNumber : confirmEmail.trim().toLowerCase() === actor.email;
  if (!confirmed) {
    throw badRequest(PRIVACY_TEXTS.confirmMismatch, [{ path: 'body.confirmEmail', message: PRIVACY_TEXTS.confirmMismatch }]);
  }
  await db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.status, 'active'), isNull(users.deletedAt)))
      .for('update');
    const [me] = await tx.select().from(users).where(and(eq(users.id, actor.id), isNull(users.deletedAt))).for('update');
    if (!me) throw forbidden(PRIVACY_TEXTS.ownDeleteOnly);
    if (me.role === 'admin' && me.status === 'active' && admins.length <= 1) throw new HttpError(409, PRIVACY_TEXTS.lastAdmin, 'LAST_ADMIN');

    const placeholder = deletedEmailFor(me.id);
    const name = DELETED_USER_NAME;
    const now = new Date();
    const imageId = me.image ? IMAGE_ID.exec(me.image)?.[1]?.toLowerCase() : undefined;

    await tx.delete(sessions).where(eq(sessions.userId, me.id));
    await tx.delete(accounts).where(eq(accounts.userId, me.id));
    // better-auth keys email confirmations by the address (identifier or value); strpos, not LIKE: `_` in an address is a wildcard.
    await tx.delete(verifications).where(or(sql`strpos(${verifications.identifier}, ${me.email}) > 0`, sql`strpos(${verifications.value}, ${me.email}) > 0`));
    await tx.delete(signInFailures).where(eq(signInFailures.key, `email:${me.email}`));
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, me.id));
    await tx.delete(notifications).where(eq(notifications.userId, me.id));
    // Their SMS (issue 32) keep their segments for the budget, not their number or words; one still waiting is not sent.
    await tx.update(smsMessages).set({ toNumber: null, body: null, state: sql`CASE WHEN ${smsMessages.state} = 'pending' THEN 'failed' ELSE ${smsMessages.state} END` }).where(eq(smsMessages.userId, me.id));
    // The addresses of what they did (a phone shown to them, a staff action): the audit rows stay, by id only.
    await tx.delete(auditAddresses).where(eq(auditAddresses.actorId, me.id));

    // The record stays, without the person.
    await tx
      .update(donationRequests)
      .set({ requesterName: name, requesterEmail: placeholder, contactPhone: null, updatedAt: now })
      .where(eq(donationRequests.requesterId, me.id));
    await tx.update(donationRequests).set({ donorName: name, donorEmail: placeholder, updatedAt: now }).where(eq(donationRequests.donorId, me.id));
    await tx.update(donationPledges).set({ donorName: name, donorEmail: placeholder }).where(eq(donationPledges.donorId, me.id));
    await tx.update(fundings).set({ donorName: name, showName: false }).where(eq(fundings.userId, me.id));
    await tx.update(requestReports).set({ note: null }).where(eq(requestReports.reporterId, me.id));
    // Their open reports stop counting (issue 30): a request they pushed over the threshold comes back.
    await releaseReportsOf(tx, reports.jobs, me.id, reports.reportsToHide);

    await tx
      .update(users)
      .set({
        name,
        email: placeholder,
        emailVerified: false,
        image: null,
        bloodGroup: null,
        divisionId: null,
        districtId: null,
        upazilaId: null,
        lastDonationDate: null,
        lastDonationComponent: null,
        nextEligibleDate: null,
        available: false,
        phone: null,
        phoneNumber: null,
        phoneNumberVerified: false,
        notifyEmail: false,
        notifyPush: false,
        notifySms: false,
        status: 'blocked',
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, me.id));
    // Their avatar's bytes go too, unless another account or a blog shows the same picture (issue 30:
    // anyone may register with a public picture's URL); a kept one goes with the orphan sweep.
    if (imageId) await deleteImageIfUnreferenced(tx, imageId);
  });
}
