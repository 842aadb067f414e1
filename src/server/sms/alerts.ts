import { and, eq, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { dhakaMinuteOfDay, isQuiet, needsDonors } from '../../shared/outreach/model';
import type { Db, Tx } from '../db/client';
import { users } from '../db/schema/accounts';
import { notifications, outreachAnswers } from '../db/schema/outreach';
import { donationRequests } from '../db/schema/requests';
import type { JobQueue } from '../jobs';
import type { LocationIndex } from '../locations/service';
import { alertLinkPath, alertLinkToken } from './alert-link';
import { queueSms } from './outbox';
import { newReplyCode } from './replies';
import { segmentsCommittedToday } from './service';
import { smsShape } from './segments';
import { SMS_TEXTS } from './sms-texts';

// An alert's SMS (issue 32, decision 068). A wave marks each alert's SMS 'due' (a critical request,
// or a donor no push reaches) or 'fallback' (SMS_FALLBACK_MINUTES later, if still unanswered), and
// queues one job per alert (QUEUES.alertSms) to make it. The job, in one transaction: finds the
// alert still waiting for its SMS, checks that it is still wanted (the donor has not answered, the
// request still needs donors, the phone is still proven and SMS still on, and, for a fallback, the
// donor is not in their quiet hours now), checks the day's budget, gives the alert its reply code
// and link, and queues the SMS (sms/outbox.ts). The alert is 'queued' in the same commit: a job run
// twice makes one SMS. Anything else makes it 'skipped'.

export interface AlertSmsJobData {
  notificationId: string;
  /** The alert's urgency was critical (alertUrgency): its SMS ignores quiet hours and may use the budget's last fifth. */
  critical: boolean;
}
export type AlertSmsJob = PgBoss.Job<AlertSmsJobData>;

export interface AlertSmsDeps {
  db: Db;
  jobs: JobQueue;
  locations: () => Promise<LocationIndex>;
  publicUrl: string;
  secret: string;
  /** SMS_DAILY_SEGMENTS. */
  dailySegments: number;
  reportsToHide: number;
  now?: () => Date;
}

/** What an SMS job reads of its donor: whether SMS still reaches them (sms/alerts.ts, sms/notices.ts), in which language, and when they are quiet. */
export const smsRecipient = {
  id: users.id,
  status: users.status,
  phone: users.phoneNumber,
  verified: users.phoneNumberVerified,
  notifySms: users.notifySms,
  lang: users.locale,
  quietHoursStart: users.quietHoursStart,
  quietHoursEnd: users.quietHoursEnd,
};

/** The share of the day's budget alerts of requests that are not critical may use (decision 068). */
const NOT_CRITICAL_SHARE = 0.8;

/** All alert SMS (and notices, sms/notices.ts) are made one at a time across instances, so two cannot both take the budget's last segments. */
export const BUDGET_LOCK = sql`pg_advisory_xact_lock(hashtext('sms-alert-budget'))`;

export type AlertSmsOutcome = 'queued' | 'skipped' | 'done-before';

export function budgetFor(dailySegments: number, critical: boolean): number {
  return critical ? dailySegments : Math.floor(dailySegments * NOT_CRITICAL_SHARE);
}

/** Runs one job: makes the alert's SMS, or records why not. */
export async function makeAlertSms(deps: AlertSmsDeps, job: AlertSmsJobData): Promise<AlertSmsOutcome> {
  const now = deps.now?.() ?? new Date();
  const locations = await deps.locations();
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT ${BUDGET_LOCK}`);
    const [found] = await tx
      .select({
        alert: { id: notifications.id, smsState: notifications.smsState },
        donor: smsRecipient,
        request: donationRequests,
        answered: sql<boolean>`EXISTS (SELECT 1 FROM ${outreachAnswers} a WHERE a.request_id = ${notifications.requestId} AND a.user_id = ${notifications.userId})`,
      })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .innerJoin(donationRequests, eq(donationRequests.id, notifications.requestId))
      .where(eq(notifications.id, job.notificationId))
      .for('update', { of: notifications });
    if (!found || (found.alert.smsState !== 'due' && found.alert.smsState !== 'fallback')) return 'done-before';
    const { donor, request } = found;
    const fallback = found.alert.smsState === 'fallback';
    const wanted =
      donor.status === 'active' &&
      donor.notifySms &&
      donor.verified &&
      donor.phone !== null &&
      !found.answered &&
      needsDonors(request, now, deps.reportsToHide) &&
      // A fallback comes later than its alert: it waits for no one's quiet hours but a critical request's.
      !(fallback && !job.critical && isQuiet(dhakaMinuteOfDay(now), donor.quietHoursStart, donor.quietHoursEnd));
    if (!wanted) return skip(tx, job.notificationId);

    const replyCode = await freeReplyCode(tx, donor.id);
    const linkToken = alertLinkToken(deps.secret, job.notificationId);
    const body = SMS_TEXTS[donor.lang].alert({
      bloodGroup: request.bloodGroup,
      component: request.component,
      units: request.unitsNeeded - request.pledgeCount,
      hospital: request.hospitalName,
      upazila: locations.upazilaName(request.upazilaId, donor.lang) ?? '',
      day: request.donationDate,
      time: request.donationTime,
      urgency: request.urgency,
      replyCode,
      link: deps.publicUrl.replace(/\/$/, '') + alertLinkPath(linkToken),
    });
    if ((await segmentsCommittedToday(tx)) + smsShape(body).segments > budgetFor(deps.dailySegments, job.critical)) return skip(tx, job.notificationId);
    await tx.update(notifications).set({ smsState: 'queued', replyCode, linkToken }).where(eq(notifications.id, job.notificationId));
    await queueSms(tx, deps.jobs, { userId: donor.id, to: donor.phone!, kind: 'alert', body, notificationId: job.notificationId });
    return 'queued';
  });
}

async function skip(tx: Tx, id: string): Promise<'skipped'> {
  await tx.update(notifications).set({ smsState: 'skipped' }).where(eq(notifications.id, id));
  return 'skipped';
}

/** A reply code none of the donor's other alerts (or reminders, sms/notices.ts) has: a reply names the alert by it. */
export async function freeReplyCode(tx: Tx, userId: string): Promise<string> {
  const taken = await tx
    .select({ code: notifications.replyCode })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), sql`${notifications.replyCode} IS NOT NULL`));
  const used = new Set(taken.map((t) => t.code));
  for (;;) {
    const code = newReplyCode();
    if (!used.has(code)) return code;
  }
}
