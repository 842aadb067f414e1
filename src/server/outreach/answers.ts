import { and, count, eq, gt } from 'drizzle-orm';
import { refusal } from '../../shared/donation-requests/policy';
import type { Answer } from '../../shared/outreach/model';
import { OUTREACH_MESSAGES } from '../../shared/outreach/texts';
import type { CurrentUser } from '../auth/guard';
import type { Db } from '../db/client';
import { users } from '../db/schema/accounts';
import { notifications, outreachAnswers } from '../db/schema/outreach';
import { donationPledges, donationRequests } from '../db/schema/requests';
import { DONATION_MESSAGES, PLEDGE_MESSAGES } from '../../shared/donation-requests/texts';
import { isExpiredRequest, isUndecidedPledge } from '../../shared/donation-requests/model';
import { confirmDonation, findRequest, requestResource, type RequestsContext } from '../donation-requests/service';
import { forbidden, HttpError, notFound } from '../errors';
import type { JobQueue } from '../jobs';
import { scheduleNextWave } from './waves';
import { type AuditContext, recordPhoneReveal } from '../audit/service';

// One-tap answers to an alert (issue 15). Accept is a pledge, taken exactly like "I will donate"
// (row-locked, so k units get exactly k donors); decline is remembered, so that donor is never
// alerted about the request again. A pledged donor may withdraw: the unit is open again, the
// request pending again, and outreach resumes.

function authorize(actor: CurrentUser, action: 'decline' | 'withdraw', row: Parameters<typeof requestResource>[0]) {
  const why = refusal(actor, action, requestResource(row));
  if (why === 'blocked') throw forbidden(DONATION_MESSAGES.blockedText);
  if (why === 'role') throw forbidden(DONATION_MESSAGES.ownRequest);
}

/** The signed-in donor answers. After accept, the family's phone (if it gave one). */
export async function respond(requests: RequestsContext, actor: CurrentUser, requestId: string, answer: Answer, audit: AuditContext, now = Date.now()): Promise<string | null> {
  const { db } = requests;
  if (answer === 'accept') {
    // A donor pledges to a request once (a withdrawal is final: confirmDonation), so the family's
    // phone is revealed to them once through this answer.
    await confirmDonation(requests, actor, requestId, now);
    const row = await findRequest(db, requestId);
    // The family's phone shown to the donor (issue 17): audited.
    if (row.contactPhone !== null) await recordPhoneReveal(db, audit, row.requesterId, requestId);
    return row.contactPhone;
  }
  const row = await findRequest(db, requestId);
  authorize(actor, 'decline', row);
  const [pledged] = await db
    .select({ donorId: donationPledges.donorId })
    .from(donationPledges)
    .where(and(eq(donationPledges.requestId, requestId), eq(donationPledges.donorId, actor.id)));
  if (pledged) throw new HttpError(409, OUTREACH_MESSAGES.alreadyAnswered, 'ALREADY_PLEDGED');
  if (refusal(actor, 'decline', requestResource(row)) === 'status') throw new HttpError(409, DONATION_MESSAGES.notPending, 'INVALID_TRANSITION');
  await db
    .insert(outreachAnswers)
    .values({ requestId, userId: actor.id, answer: 'decline' })
    .onConflictDoUpdate({ target: [outreachAnswers.requestId, outreachAnswers.userId], set: { answer: 'decline', answeredAt: new Date() } });
  return null;
}

/** Withdrawals one account may make in 24 hours (issue 30): pledging and withdrawing must not harvest families' phones. */
export const WITHDRAWALS_PER_DAY = 3;

/**
 * The signed-in donor withdraws their pledge: final for this request (no pledge to it again), and
 * at most WITHDRAWALS_PER_DAY in 24 hours, counted under a lock on the donor.
 */
export async function withdrawPledge(db: Db, jobs: JobQueue, actor: CurrentUser, requestId: string, now = Date.now()): Promise<number> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(donationRequests).where(eq(donationRequests.id, requestId)).for('update');
    if (!current) throw notFound(DONATION_MESSAGES.notFound);
    authorize(actor, 'withdraw', current);
    if (refusal(actor, 'withdraw', requestResource(current)) === 'status') {
      throw new HttpError(409, OUTREACH_MESSAGES.closedKeepsPledges, 'INVALID_TRANSITION');
    }
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('no key update');
    const [recent] = await tx
      .select({ n: count() })
      .from(outreachAnswers)
      .where(and(eq(outreachAnswers.userId, actor.id), gt(outreachAnswers.withdrawnAt, new Date(now - 24 * 3_600_000))));
    if ((recent?.n ?? 0) >= WITHDRAWALS_PER_DAY) throw new HttpError(429, DONATION_MESSAGES.tooManyWithdrawals(WITHDRAWALS_PER_DAY), 'DAILY_WITHDRAWAL_LIMIT');
    const mine = and(eq(donationPledges.requestId, requestId), eq(donationPledges.donorId, actor.id));
    const [pledge] = await tx.select({ state: donationPledges.state }).from(donationPledges).where(mine).for('update');
    if (!pledge) throw new HttpError(409, OUTREACH_MESSAGES.notPledged, 'NOT_PLEDGED');
    // Once its outcome is recorded (issue 33), a pledge stays: a donation is history, a no-show or a
    // deferral has given its unit back already.
    if (!isUndecidedPledge(pledge.state)) {
      throw new HttpError(409, pledge.state === 'donated' ? PLEDGE_MESSAGES.donatedKept : PLEDGE_MESSAGES.checkinDecided, 'PLEDGE_DECIDED');
    }
    await tx.delete(donationPledges).where(mine);
    const pledgeCount = current.pledgeCount - 1;
    // Short of pledges again: pending, with no donor of record (the check constraint).
    await tx
      .update(donationRequests)
      .set({ status: 'pending', pledgeCount, donorId: null, donorName: null, donorEmail: null, updatedAt: new Date() })
      .where(eq(donationRequests.id, requestId));
    await tx
      .insert(outreachAnswers)
      .values({ requestId, userId: actor.id, answer: 'decline', withdrawnAt: new Date(now) })
      .onConflictDoUpdate({ target: [outreachAnswers.requestId, outreachAnswers.userId], set: { answer: 'decline', answeredAt: new Date(), withdrawnAt: new Date(now) } });
    await tx.insert(notifications).values({ userId: current.requesterId, requestId, kind: 'withdrawal' });
    if (!isExpiredRequest({ status: 'pending', neededBy: current.neededBy }, now)) await scheduleNextWave(tx, jobs, requestId);
    return 1;
  });
}
