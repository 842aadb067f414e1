import { and, eq, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { dhakaMinuteOfDay, isQuiet } from '../../shared/outreach/model';
import type { Db, Tx } from '../db/client';
import { users } from '../db/schema/accounts';
import { notifications } from '../db/schema/outreach';
import { donationPledges, donationRequests } from '../db/schema/requests';
import { inTransaction, type JobQueue, QUEUES } from '../jobs';
import { noticeSmsJob } from '../sms/service';
import { noticeSmsState } from './after-donation';

// "Still coming?" (issue 33, decision 072). When a donor pledges, one job per REMINDER_HOURS_BEFORE
// (3 and 1 by default) is sent in the same transaction, due that many hours before the request's
// time. The job asks only a donor who has not yet said they are on the way, of a request still open
// and ahead, in time (a job run late, or a request moved, asks nothing), and never in the donor's
// quiet hours unless the request is critical. The ask is a notification (one per pledge and
// hours, a unique index), and its SMS for a donor push does not reach (sms/notices.ts): replying
// 1 with its code confirms, 2 withdraws the pledge (sms/inbound.ts).

export interface PledgeReminderJobData {
  requestId: string;
  donorId: string;
  hours: number;
}
export type PledgeReminderJob = PgBoss.Job<PledgeReminderJobData>;

/** A reminder's job that finds itself this much later than its moment asks nothing: it would be the next one's. */
const LATE_MS = 30 * 60_000;

/** In the pledge's transaction: a job per hours before the request's time that is still ahead. */
export async function schedulePledgeReminders(
  tx: Tx,
  jobs: JobQueue,
  hoursBefore: number[],
  pledge: { requestId: string; donorId: string; neededBy: Date },
  now = Date.now(),
): Promise<void> {
  for (const hours of hoursBefore) {
    const at = pledge.neededBy.getTime() - hours * 3_600_000;
    if (at <= now) continue;
    await jobs.send(QUEUES.pledgeReminder, { requestId: pledge.requestId, donorId: pledge.donorId, hours } satisfies PledgeReminderJobData, {
      startAfter: new Date(at),
      db: inTransaction(tx),
    });
  }
}

export type ReminderOutcome = 'asked' | 'not-wanted' | 'quiet' | 'done-before';

/** Runs one reminder job (`now`: an injected clock in tests). */
export async function remindPledge(db: Db, jobs: JobQueue, sms: boolean, job: PledgeReminderJobData, now = new Date()): Promise<ReminderOutcome> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ state: donationPledges.state, request: { status: donationRequests.status, neededBy: donationRequests.neededBy, urgency: donationRequests.urgency }, donor: users })
      .from(donationPledges)
      .innerJoin(donationRequests, eq(donationRequests.id, donationPledges.requestId))
      .innerJoin(users, eq(users.id, donationPledges.donorId))
      .where(and(eq(donationPledges.requestId, job.requestId), eq(donationPledges.donorId, job.donorId)))
      .for('update', { of: donationPledges });
    if (!found || found.state !== 'pledged' || found.donor.status !== 'active') return 'not-wanted';
    const { request, donor } = found;
    const moment = request.neededBy.getTime() - job.hours * 3_600_000;
    const open = request.status === 'pending' || request.status === 'inprogress';
    if (!open || request.neededBy <= now || now.getTime() < moment - LATE_MS || now.getTime() > moment + LATE_MS) return 'not-wanted';
    const critical = request.urgency === 'critical';
    if (!critical && isQuiet(dhakaMinuteOfDay(now), donor.quietHoursStart, donor.quietHoursEnd)) return 'quiet';
    const { rows } = await tx.execute<{ id: string; sms_state: string }>(sql`
      INSERT INTO ${notifications} (user_id, request_id, kind, reminder_hours, sms_state, created_at)
      SELECT u.id, ${job.requestId}::uuid, 'reminder', ${job.hours}::smallint, ${noticeSmsState(sms)}, ${now}::timestamptz FROM users u WHERE u.id = ${donor.id}
      ON CONFLICT DO NOTHING
      RETURNING id, sms_state`);
    const made = rows[0];
    if (!made) return 'done-before';
    if (made.sms_state === 'due') await noticeSmsJob(tx, jobs, made.id, now);
    return 'asked';
  });
}
