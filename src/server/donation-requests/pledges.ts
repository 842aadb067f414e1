import { and, eq, type SQL, sql } from 'drizzle-orm';
import { canGive, isEligibleDonorOn } from '../../shared/matching/model';
import { DONATION_MESSAGES } from '../../shared/donation-requests/texts';
import { todayInDhaka } from '../../shared/dates/model';
import { isConfirmed } from '../../shared/users/policy';
import type { CurrentUser } from '../auth/guard';
import type { Tx } from '../db/client';
import { outreachAnswers } from '../db/schema/outreach';
import { donationPledges, donationRequests } from '../db/schema/requests';
import { HttpError } from '../errors';
import type { Row } from './mapper';
import type { RequestSettings } from './service';


/**
 * A pledge must be one a body can keep (issue 30, decision 061): from a confirmed donor whose
 * group can give the component, available and past their interval on the request's day, not
 * pledged to another open request within a donation interval of it, and who has not withdrawn
 * from this request before. `donor` is the pledging user's row, locked by the caller.
 */
export async function pledgeRefusal(tx: Tx, donor: CurrentUser, request: Row, settings: RequestSettings, now: number): Promise<HttpError | null> {
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
  // progress; not a recorded no-show or deferral, issue 33) whose day is within a donation interval
  // of this one, either way round.
  const interval = (component: SQL | string) =>
    sql`(CASE ${component} WHEN 'whole_blood' THEN ${settings.intervals.whole_blood}::int WHEN 'red_cells' THEN ${settings.intervals.red_cells}::int
      WHEN 'platelets' THEN ${settings.intervals.platelets}::int ELSE ${settings.intervals.plasma}::int END)`;
  const { rows } = await tx.execute(sql`
    SELECT 1 FROM ${donationPledges} p JOIN ${donationRequests} r ON r.id = p.request_id
    WHERE p.donor_id = ${donor.id} AND r.id <> ${request.id}::uuid AND p.disputed_at IS NULL AND p.state NOT IN ('no_show', 'deferred')
      AND (r.status = 'inprogress' OR (r.status = 'pending' AND r.needed_by > ${new Date(now)}::timestamptz))
      AND ((r.donation_date <= ${day}::date AND ${day}::date < r.donation_date + ${interval(sql`r.component`)})
        OR (r.donation_date > ${day}::date AND r.donation_date < ${day}::date + ${interval(request.component)}))
    LIMIT 1`);
  if (rows.length > 0) return new HttpError(409, DONATION_MESSAGES.pledgedElsewhere, 'PLEDGED_ELSEWHERE');
  return null;
}
