import { and, eq } from 'drizzle-orm';
import { type CheckinState, canMovePledge, isExpiredRequest, isUndecidedPledge } from '../../shared/donation-requests/model';
import { refusal } from '../../shared/donation-requests/policy';
import type { PledgeOutcomeInput } from '../../shared/donation-requests/schemas';
import { DONATION_MESSAGES, PLEDGE_MESSAGES } from '../../shared/donation-requests/texts';
import { todayInDhaka } from '../../shared/dates/model';
import { OUTREACH_MESSAGES } from '../../shared/outreach/texts';
import { USER_MESSAGES } from '../../shared/users/texts';
import { type AuditContext, recordAudit } from '../audit/service';
import type { CurrentUser } from '../auth/guard';
import { users } from '../db/schema/accounts';
import { donationPledges, donationRequests } from '../db/schema/requests';
import { forbidden, HttpError, notFound } from '../errors';
import { recordDonations } from '../matching';
import { afterDonations, scheduleNextWave } from '../outreach';
import { requestResource, type RequestsContext } from './service';
import type { Row } from './mapper';

// A pledge has a life (issue 33, decision 070): the donor says they are on the way and have
// arrived; the requester, a volunteer or an admin records the outcome. Only `donated` enters the
// donor's history; a no-show or a deferral gives the unit back and the search for donors goes on.
// Each move locks the request's row first (as pledges and withdrawals do), then the pledge's.

function authorize(actor: CurrentUser, action: 'checkIn' | 'recordOutcome', row: Row, roleMessage: string) {
  const why = refusal(actor, action, requestResource(row));
  if (why === 'blocked') throw forbidden(DONATION_MESSAGES.blockedText);
  if (why === 'role') throw forbidden(roleMessage);
  if (why === 'status') throw new HttpError(409, PLEDGE_MESSAGES.requestClosed, 'INVALID_TRANSITION');
}

/**
 * POST /donationRequest/{id}/pledge/checkin: the signed-in donor is on the way, or has arrived.
 * Forward only (pledged, on_the_way, arrived); saying again where one is changes nothing (0).
 */
export async function checkInPledge({ db }: RequestsContext, actor: CurrentUser, requestId: string, state: CheckinState): Promise<number> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(donationRequests).where(eq(donationRequests.id, requestId)).for('share');
    if (!current) throw notFound(DONATION_MESSAGES.notFound);
    authorize(actor, 'checkIn', current, DONATION_MESSAGES.ownRequest);
    const mine = and(eq(donationPledges.requestId, requestId), eq(donationPledges.donorId, actor.id));
    const [pledge] = await tx.select({ state: donationPledges.state }).from(donationPledges).where(mine).for('update');
    if (!pledge) throw new HttpError(409, OUTREACH_MESSAGES.notPledged, 'NOT_PLEDGED');
    if (!isUndecidedPledge(pledge.state)) throw new HttpError(409, PLEDGE_MESSAGES.checkinDecided, 'PLEDGE_DECIDED');
    if (pledge.state === state) return 0;
    if (!canMovePledge(pledge.state, state)) throw new HttpError(409, PLEDGE_MESSAGES.checkinBehind, 'INVALID_TRANSITION');
    await tx.update(donationPledges).set({ state, stateAt: new Date() }).where(mine);
    return 1;
  });
}

/** The same check-in for a caller that knows the donor only by id: an SMS reply "3 CODE" or "4 CODE" from their proven phone (sms/inbound.ts). */
export function checkInAs(requests: RequestsContext) {
  return async (userId: string, requestId: string, state: CheckinState): Promise<number> => {
    const [actor] = await requests.db.select().from(users).where(eq(users.id, userId));
    if (!actor) throw notFound(USER_MESSAGES.noUser);
    return checkInPledge(requests, actor, requestId, state);
  };
}

/**
 * PATCH /donationRequest/{id}/pledges/{pledgeId}: the requester, a volunteer or an admin records
 * what became of a pledge, once. `donated`: the donor's history, count and wait, as marking the
 * request done does. `no_show` or `deferred` (with the bank's reason): the unit is open again, the
 * request pending, and outreach goes on. Staff recording it on someone else's request is audited.
 */
export async function recordPledgeOutcome(
  ctx: RequestsContext,
  actor: CurrentUser,
  requestId: string,
  pledgeId: string,
  input: PledgeOutcomeInput,
  audit: AuditContext,
  now = Date.now(),
): Promise<number> {
  const { db, jobs, settings } = ctx;
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(donationRequests).where(eq(donationRequests.id, requestId)).for('update');
    if (!current) throw notFound(DONATION_MESSAGES.notFound);
    authorize(actor, 'recordOutcome', current, PLEDGE_MESSAGES.outcomeForbidden);
    const thisPledge = and(eq(donationPledges.id, pledgeId), eq(donationPledges.requestId, requestId));
    const [pledge] = await tx.select({ state: donationPledges.state, donorId: donationPledges.donorId }).from(donationPledges).where(thisPledge).for('update');
    if (!pledge) throw notFound(PLEDGE_MESSAGES.noSuchPledge);
    if (!isUndecidedPledge(pledge.state)) throw new HttpError(409, PLEDGE_MESSAGES.decided, 'PLEDGE_DECIDED');
    const reason = input.outcome === 'deferred' ? input.reason : null;
    if (input.outcome === 'donated') {
      const today = todayInDhaka(now);
      const donors = await recordDonations(tx, requestId, current.donationDate < today ? current.donationDate : today, current.component, settings.intervals, pledge.donorId);
      await afterDonations(tx, jobs, settings.sms, requestId, donors, new Date(now));
      await tx.update(donationPledges).set({ outcomeBy: actor.id }).where(thisPledge);
    } else {
      await tx.update(donationPledges).set({ state: input.outcome, deferralReason: reason, outcomeBy: actor.id, stateAt: new Date(now) }).where(thisPledge);
      // The unit is open again: short of pledges, pending, with no donor of record (as a withdrawal).
      await tx
        .update(donationRequests)
        .set({ status: 'pending', pledgeCount: current.pledgeCount - 1, donorId: null, donorName: null, donorEmail: null, updatedAt: new Date() })
        .where(eq(donationRequests.id, requestId));
      if (!isExpiredRequest({ status: 'pending', neededBy: current.neededBy }, now)) await scheduleNextWave(tx, jobs, requestId);
    }
    if (actor.id !== current.requesterId) {
      await recordAudit(tx, audit, {
        action: 'pledge.outcome',
        targetType: 'donation',
        targetId: pledgeId,
        before: { state: pledge.state, requestId },
        after: { state: input.outcome, requestId, ...(reason && { deferralReason: reason }) },
      });
    }
    return 1;
  });
}
