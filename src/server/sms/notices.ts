import { and, eq, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { afterQuietHours, dhakaMinuteOfDay, isQuiet } from '../../shared/outreach/model';
import type { Db } from '../db/client';
import { users } from '../db/schema/accounts';
import { notifications } from '../db/schema/outreach';
import { donationPledges, donationRequests } from '../db/schema/requests';
import type { JobQueue } from '../jobs';
import { BUDGET_LOCK, budgetFor, freeReplyCode, smsRecipient } from './alerts';
import { queueSms } from './outbox';
import { type NoticeSmsJobData, noticeSmsJob, segmentsCommittedToday } from './service';
import { smsShape } from './segments';
import { SMS_TEXTS } from './sms-texts';

// A notice's SMS (issue 33): a donor's thank-you after a donation, or that they can give again
// (outreach/after-donation.ts, decision 071), or a pledged donor's "Still coming?"
// (outreach/reminders.ts, decision 072). The notification is made 'due' for a donor whom SMS
// reaches and push does not, with a job (QUEUES.noticeSms) after their quiet hours (a reminder's at
// once). The job, in one transaction under the budget's lock: finds the notice still 'due', checks
// the SMS is still wanted and the hour not quiet (else a thank-you or an eligible-again notice
// waits for the quiet hours' end, and a reminder, which comes now or never, is skipped unless its
// request is critical), checks the budget (only a critical request's reminder may use its last
// fifth) and queues the SMS (a reminder with its reply code); the notice is 'queued' in the same
// commit, so a job run twice makes one SMS.

export type NoticeSmsJob = PgBoss.Job<NoticeSmsJobData>;

export interface NoticeSmsDeps {
  db: Db;
  jobs: JobQueue;
  /** SMS_DAILY_SEGMENTS. */
  dailySegments: number;
  now?: () => Date;
}

export type NoticeSmsOutcome = 'queued' | 'skipped' | 'later' | 'done-before';

export async function makeNoticeSms(deps: NoticeSmsDeps, job: NoticeSmsJobData): Promise<NoticeSmsOutcome> {
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT ${BUDGET_LOCK}`);
    const [found] = await tx
      .select({
        notice: { id: notifications.id, kind: notifications.kind, smsState: notifications.smsState },
        donor: smsRecipient,
        hospital: donationRequests.hospitalName,
        request: { status: donationRequests.status, neededBy: donationRequests.neededBy, urgency: donationRequests.urgency, time: donationRequests.donationTime },
        pledgeState: donationPledges.state,
      })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .leftJoin(donationRequests, eq(donationRequests.id, notifications.requestId))
      .leftJoin(donationPledges, and(eq(donationPledges.requestId, notifications.requestId), eq(donationPledges.donorId, notifications.userId)))
      .where(eq(notifications.id, job.notificationId))
      .for('update', { of: notifications });
    if (!found || found.notice.smsState !== 'due') return 'done-before';
    const { donor, notice } = found;
    const skip = async () => {
      await tx.update(notifications).set({ smsState: 'skipped' }).where(eq(notifications.id, notice.id));
      return 'skipped' as const;
    };
    if (donor.status !== 'active' || !donor.notifySms || !donor.verified || donor.phone === null) return skip();
    if ((notice.kind === 'thanks' || notice.kind === 'reminder') && found.hospital === null) return skip();
    const { request } = found;
    const reminder = notice.kind === 'reminder';
    // A reminder is for a pledge still to be kept, of a request still open and ahead; it comes now or never.
    if (reminder && (found.pledgeState !== 'pledged' || (request!.status !== 'pending' && request!.status !== 'inprogress') || request!.neededBy <= now)) return skip();
    const critical = reminder && request!.urgency === 'critical';
    if (!critical && isQuiet(dhakaMinuteOfDay(now), donor.quietHoursStart, donor.quietHoursEnd)) {
      if (reminder) return skip();
      // The donor changed their quiet hours since the job was made: it waits for their end.
      await noticeSmsJob(tx, deps.jobs, notice.id, afterQuietHours(now, donor.quietHoursStart, donor.quietHoursEnd));
      return 'later';
    }
    const t = SMS_TEXTS[donor.lang];
    const replyCode = reminder ? await freeReplyCode(tx, donor.id) : null;
    const body = reminder ? t.reminder({ hospital: found.hospital!, time: request!.time, replyCode: replyCode! }) : notice.kind === 'thanks' ? t.thanks(found.hospital!) : t.eligibleAgain();
    if ((await segmentsCommittedToday(tx)) + smsShape(body).segments > budgetFor(deps.dailySegments, critical)) return skip();
    await tx.update(notifications).set({ smsState: 'queued', replyCode }).where(eq(notifications.id, notice.id));
    await queueSms(tx, deps.jobs, { userId: donor.id, to: donor.phone, kind: 'notice', body, notificationId: notice.id });
    return 'queued';
  });
}
