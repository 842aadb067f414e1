import { and, eq, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { afterQuietHours } from '../../shared/outreach/model';
import { todayInDhaka } from '../../shared/dates/model';
import type { Db, Tx } from '../db/client';
import { users } from '../db/schema/accounts';
import { notifications } from '../db/schema/outreach';
import { inTransaction, type JobQueue, QUEUES } from '../jobs';
import { noticeSmsJob } from '../sms/service';

// Closing the loop after a donation (issue 33, decision 071). When a pledge becomes `donated` the
// donor is thanked once ("Your blood reached {hospital}"), and on their next eligible day they are
// told once that they can give again. Both are notifications (in the app, and by SMS to a donor no
// push reaches, by the alerts' rule: sms/notices.ts makes the SMS outside their quiet hours). The
// reminders before a request (reminders.ts) share the SMS rule, noticeSmsState.

/** The hour of the Dhaka day the "you can give again" notice is due. */
const ELIGIBLE_NOTICE_HOUR = 9;

/** The SQL of a notice's SMS state: 'due' for a donor whom SMS reaches and push does not, else 'none'. */
export const noticeSmsState = (sms: boolean) => sql`CASE WHEN ${sms}::boolean AND u.status = 'active' AND u.notify_sms AND u.phone_number_verified AND u.phone_number IS NOT NULL
    AND NOT (u.notify_push AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = u.id)) THEN 'due' ELSE 'none' END`;

export interface EligibleAgainJobData {
  userId: string;
  /** The next eligible date the notice is for ("YYYY-MM-DD"): a later donation changes it, and the job does nothing. */
  date: string;
}
export type EligibleAgainJob = PgBoss.Job<EligibleAgainJobData>;

/** When the eligible-again notice of a date is due: 09:00 in Dhaka that day. */
export const eligibleNoticeAt = (date: string) => new Date(`${date}T${String(ELIGIBLE_NOTICE_HOUR).padStart(2, '0')}:00:00+06:00`);

/**
 * In the transaction that recorded the donations (matching/recordDonations): each donor's thank-you
 * (one per request: a second call adds none), its SMS job, and the job of their eligible-again
 * notice (when their next eligible day is still to come).
 */
export async function afterDonations(tx: Tx, jobs: JobQueue, sms: boolean, requestId: string, donors: string[], now = new Date()): Promise<void> {
  if (donors.length === 0) return;
  const { rows } = await tx.execute<{ id: string; sms_state: string; quiet_start: number; quiet_end: number }>(sql`
    WITH made AS (
      INSERT INTO ${notifications} (user_id, request_id, kind, sms_state)
      SELECT u.id, ${requestId}::uuid, 'thanks', ${noticeSmsState(sms)} FROM users u WHERE u.id = ANY(${sql.param(donors)}::text[])
      ON CONFLICT DO NOTHING
      RETURNING id, user_id, sms_state)
    SELECT m.id, m.sms_state, u.quiet_hours_start AS quiet_start, u.quiet_hours_end AS quiet_end FROM made m JOIN users u ON u.id = m.user_id`);
  for (const r of rows) if (r.sms_state === 'due') await noticeSmsJob(tx, jobs, r.id, afterQuietHours(now, r.quiet_start, r.quiet_end));
  const today = todayInDhaka(now.getTime());
  const next = await tx
    .select({ id: users.id, date: users.nextEligibleDate })
    .from(users)
    .where(and(sql`${users.id} = ANY(${sql.param(donors)}::text[])`, sql`${users.nextEligibleDate} > ${today}::date`));
  for (const donor of next) {
    await jobs.send(QUEUES.eligibleAgain, { userId: donor.id, date: donor.date! } satisfies EligibleAgainJobData, {
      startAfter: eligibleNoticeAt(donor.date!),
      singletonKey: `${donor.id}:${donor.date}`,
      db: inTransaction(tx),
    });
  }
}

export type EligibleAgainOutcome = 'told' | 'not-wanted' | 'done-before';

/**
 * Runs one eligible-again job: the notice, once. The donor's row is locked, so two runs of the
 * job (a crash, a retry) take turns and the second finds the first's notice (made on or after the
 * date, as the job runs no earlier). Nothing when their next eligible date has moved (they gave
 * again, or edited their last donation) or the account is not active.
 */
export async function tellEligibleAgain(db: Db, jobs: JobQueue, sms: boolean, job: EligibleAgainJobData, now = new Date()): Promise<EligibleAgainOutcome> {
  return db.transaction(async (tx) => {
    const [donor] = await tx.select().from(users).where(eq(users.id, job.userId)).for('no key update');
    if (!donor || donor.status !== 'active' || donor.nextEligibleDate !== job.date) return 'not-wanted';
    const { rows: told } = await tx.execute(sql`
      SELECT 1 FROM ${notifications} WHERE user_id = ${donor.id} AND kind = 'eligible' AND created_at >= (${job.date}::date)::timestamp AT TIME ZONE 'Asia/Dhaka' LIMIT 1`);
    if (told.length > 0) return 'done-before';
    const { rows } = await tx.execute<{ id: string; sms_state: string }>(sql`
      INSERT INTO ${notifications} (user_id, kind, sms_state, created_at)
      SELECT u.id, 'eligible', ${noticeSmsState(sms)}, ${now}::timestamptz FROM users u WHERE u.id = ${donor.id}
      RETURNING id, sms_state`);
    const notice = rows[0]!;
    if (notice.sms_state === 'due') await noticeSmsJob(tx, jobs, notice.id, afterQuietHours(now, donor.quietHoursStart, donor.quietHoursEnd));
    return 'told';
  });
}
