import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { type CheckinState, pledgeStatesInto } from '../../shared/donation-requests/model';
import type { Answer } from '../../shared/outreach/model';
import type { Lang } from '../../shared/i18n/model';
import { normalizePhone } from '../../shared/phone/model';
import type { Db } from '../db/client';
import { users } from '../db/schema/accounts';
import { notifications, outreachAnswers } from '../db/schema/outreach';
import { donationPledges, donationRequests } from '../db/schema/requests';
import { smsMessages } from '../db/schema/sms';
import { HttpError } from '../errors';
import { type JobQueue, QUEUES } from '../jobs';
import type { SmsInbound } from './gateway';
import { queueSms } from './outbox';
import { parseReply } from './replies';
import { dhakaDayStart } from './service';
import { SMS_TEXTS } from './sms-texts';

// A donor's SMS reply (issue 32): "1 K7Q2" pledges to the alert with that code, "2 K7Q2" declines
// it, a bare 1 or 2 answers the donor's latest open alert, STOP and START switch SMS alerts; "3"
// and "4" are a pledged donor's check-ins (issue 33: on the way, arrived). Each
// reply the gateway hands over becomes a job (QUEUES.smsInbound) at once, so none is lost with the
// process; the queue runs one job per number at a time (its singleton policy), so a gateway's
// repeat of a reply cannot race the first. The answer is the app's own (outreach/answers.ts, with
// every rule of a pledge), taken as the account whose proven phone sent it. Every reply that
// changes something gets one short SMS back; a repeat (already answered so, already stopped)
// changes nothing and gets none; an unreadable reply or an unknown number gets the help text at
// most once a Dhaka day.

export type InboundJob = PgBoss.Job<SmsInbound>;

export interface InboundDeps {
  db: Db;
  jobs: JobQueue;
  /** The account's answer to a request, as the app takes it (outreach/answers.ts); throws an HttpError when refused. After accept: the family's phone, if it gave one. */
  answer(userId: string, requestId: string, answer: Answer): Promise<string | null>;
  /** A pledged donor's check-in (donation-requests/pledge-states.ts): 1 when it moved, 0 when it was there already; throws an HttpError when refused. */
  checkIn(userId: string, requestId: string, state: CheckinState): Promise<number>;
  /** A pledged donor withdraws (outreach/answers.ts, every rule of a withdrawal): a reminder's "2" (issue 33); throws an HttpError when refused. */
  withdraw(userId: string, requestId: string): Promise<number>;
}

export type InboundOutcome = 'pledged' | 'declined' | 'checked-in' | 'still-coming' | 'withdrawn' | 'stopped' | 'started' | 'not-counted' | 'help' | 'unchanged' | 'ignored';

/** The gateway's listener: the reply becomes a job, one at a time per number. */
export async function receiveInbound(jobs: JobQueue, message: SmsInbound): Promise<void> {
  const from = normalizePhone(message.from);
  // Not a Bangladesh mobile: no account has it, and no SMS goes back to it.
  if (!from) return;
  await jobs.send(QUEUES.smsInbound, { from, text: message.text.slice(0, 1600) }, { singletonKey: from });
}

export async function handleInbound(deps: InboundDeps, message: SmsInbound): Promise<InboundOutcome> {
  const from = normalizePhone(message.from);
  if (!from) return 'ignored';
  const [donor] = await deps.db
    .select({ id: users.id, lang: users.locale, notifySms: users.notifySms, status: users.status })
    .from(users)
    .where(and(eq(users.phoneNumber, from), eq(users.phoneNumberVerified, true), isNull(users.deletedAt)));
  const reply = parseReply(message.text);
  if (!donor) return help(deps, from, null, 'bn');
  const t = SMS_TEXTS[donor.lang];

  if (reply.kind === 'stop' || reply.kind === 'start') {
    const on = reply.kind === 'start';
    if (donor.notifySms === on) return 'unchanged';
    await deps.db.transaction(async (tx) => {
      await tx.update(users).set({ notifySms: on, updatedAt: new Date() }).where(eq(users.id, donor.id));
      await queueSms(tx, deps.jobs, { userId: donor.id, to: from, kind: 'reply', body: on ? t.started() : t.stopped() });
    });
    return on ? 'started' : 'stopped';
  }
  if (reply.kind === 'unknown') return help(deps, from, donor.id, donor.lang);
  if (reply.kind === 'on_the_way' || reply.kind === 'arrived') return checkInBySms(deps, { id: donor.id, lang: donor.lang }, from, reply.kind, reply.code);

  // A reminder's "Still coming?" (issue 33): by its code, or bare when no alert is open to an answer.
  const byCode = reply.code ? await reminderAnswered(deps.db, donor.id, reply.code) : undefined;
  if (byCode) return answerReminder(deps, { id: donor.id, lang: donor.lang }, from, reply.kind, byCode);
  const alert = await alertAnswered(deps.db, donor.id, reply.code);
  if (!alert) {
    const bare = reply.code ? undefined : await reminderAnswered(deps.db, donor.id, null);
    return bare ? answerReminder(deps, { id: donor.id, lang: donor.lang }, from, reply.kind, bare) : help(deps, from, donor.id, donor.lang);
  }
  const [earlier] = await deps.db
    .select({ answer: outreachAnswers.answer, withdrawnAt: outreachAnswers.withdrawnAt })
    .from(outreachAnswers)
    .where(and(eq(outreachAnswers.requestId, alert.requestId), eq(outreachAnswers.userId, donor.id)));
  // The same answer again (a repeat, or a second "1"): it was taken and confirmed once.
  if (earlier && earlier.answer === reply.kind && earlier.withdrawnAt === null) return 'unchanged';

  let body: string;
  let outcome: InboundOutcome;
  try {
    const familyPhone = await deps.answer(donor.id, alert.requestId, reply.kind);
    const where = { hospital: alert.hospital, day: alert.day, time: alert.time };
    body = reply.kind === 'decline' ? t.declineConfirmed() : familyPhone ? t.pledgeConfirmed({ ...where, familyPhone }) : t.pledgeConfirmedNoPhone(where);
    outcome = reply.kind === 'accept' ? 'pledged' : 'declined';
  } catch (err) {
    // Refused by the rules (full, not eligible, blocked, withdrawn before...): said, never a 500.
    if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
    body = t.notCounted();
    outcome = 'not-counted';
  }
  await deps.db.transaction((tx) => queueSms(tx, deps.jobs, { userId: donor.id, to: from, kind: 'reply', body }));
  return outcome;
}

/** The alert a reply answers: the one with its code, or (a bare 1 or 2) the donor's latest alert by SMS still open to an answer. */
async function alertAnswered(db: Db, userId: string, code: string | null) {
  const [row] = await db
    .select({
      requestId: donationRequests.id,
      hospital: donationRequests.hospitalName,
      day: donationRequests.donationDate,
      time: donationRequests.donationTime,
    })
    .from(notifications)
    .innerJoin(donationRequests, eq(donationRequests.id, notifications.requestId))
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.kind, 'alert'),
        code
          ? eq(notifications.replyCode, code)
          : sql`${notifications.replyCode} IS NOT NULL AND ${donationRequests.status} = 'pending' AND NOT EXISTS (SELECT 1 FROM ${outreachAnswers} WHERE outreach_answers.request_id = ${donationRequests.id} AND outreach_answers.user_id = ${userId})`,
      ),
    )
    .orderBy(desc(notifications.createdAt))
    .limit(1);
  return row;
}

/**
 * "3 CODE" or "4 CODE" (issue 33): the pledged donor is on the way, or has arrived; a bare 3 or 4
 * is about the latest alert by SMS whose request they pledged to and whose outcome is not yet
 * recorded. One SMS back when it moved; none when it was there already.
 */
async function checkInBySms(deps: InboundDeps, donor: { id: string; lang: Lang }, from: string, state: CheckinState, code: string | null): Promise<InboundOutcome> {
  const t = SMS_TEXTS[donor.lang];
  const requestId = code ? (await alertAnswered(deps.db, donor.id, code))?.requestId : await latestPledge(deps.db, donor.id);
  if (!requestId) return help(deps, from, donor.id, donor.lang);
  let body: string;
  let outcome: InboundOutcome;
  try {
    if ((await deps.checkIn(donor.id, requestId, state)) === 0) return 'unchanged';
    body = state === 'on_the_way' ? t.onTheWay() : t.arrived();
    outcome = 'checked-in';
  } catch (err) {
    if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
    body = t.checkinNotCounted();
    outcome = 'not-counted';
  }
  await deps.db.transaction((tx) => queueSms(tx, deps.jobs, { userId: donor.id, to: from, kind: 'reply', body }));
  return outcome;
}

/** How long a bare 1 or 2 may answer a reminder: the request is within a few hours of it. */
const REMINDER_REPLY_HOURS = 6;

/** The reminder a reply answers: the one with its code, or (bare) the donor's latest one by SMS of the last hours. */
async function reminderAnswered(db: Db, userId: string, code: string | null) {
  const [row] = await db
    .select({ id: notifications.id, requestId: donationRequests.id, answered: sql<boolean>`${notifications.readAt} IS NOT NULL` })
    .from(notifications)
    .innerJoin(donationRequests, eq(donationRequests.id, notifications.requestId))
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.kind, 'reminder'),
        code
          ? eq(notifications.replyCode, code)
          : sql`${notifications.replyCode} IS NOT NULL AND ${notifications.createdAt} > now() - make_interval(hours => ${REMINDER_REPLY_HOURS})`,
      ),
    )
    .orderBy(desc(notifications.createdAt))
    .limit(1);
  return row;
}

/**
 * A reply to "Still coming?": 1 says yes (the family is expecting them; the reminder is marked
 * read, so a second yes gets no SMS), 2 withdraws the pledge (every rule of a withdrawal), even
 * when the reminder was read in the app; a 2 for a pledge already withdrawn changes nothing and
 * gets no SMS.
 */
async function answerReminder(
  deps: InboundDeps,
  donor: { id: string; lang: Lang },
  from: string,
  kind: Answer,
  reminder: { id: string; requestId: string; answered: boolean },
): Promise<InboundOutcome> {
  if (kind === 'accept' && reminder.answered) return 'unchanged';
  const t = SMS_TEXTS[donor.lang];
  let body = t.stillComing();
  let outcome: InboundOutcome = 'still-coming';
  if (kind === 'decline') {
    try {
      await deps.withdraw(donor.id, reminder.requestId);
      body = t.pledgeWithdrawn();
      outcome = 'withdrawn';
    } catch (err) {
      if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
      if (err.code === 'NOT_PLEDGED') return 'unchanged';
      body = t.checkinNotCounted();
      outcome = 'not-counted';
    }
  }
  await deps.db.transaction(async (tx) => {
    await tx.update(notifications).set({ readAt: sql`COALESCE(${notifications.readAt}, now())` }).where(eq(notifications.id, reminder.id));
    await queueSms(tx, deps.jobs, { userId: donor.id, to: from, kind: 'reply', body });
  });
  return outcome;
}

/** The request of the donor's latest alert by SMS that they pledged to, its outcome not yet recorded. */
async function latestPledge(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ requestId: notifications.requestId })
    .from(notifications)
    .innerJoin(donationPledges, and(eq(donationPledges.requestId, notifications.requestId), eq(donationPledges.donorId, userId)))
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'alert'), isNotNull(notifications.replyCode), inArray(donationPledges.state, pledgeStatesInto('donated'))))
    .orderBy(desc(notifications.createdAt))
    .limit(1);
  return row?.requestId ?? undefined;
}

/** The help text, at most once a Dhaka day to a number. */
async function help(deps: InboundDeps, to: string, userId: string | null, lang: Lang): Promise<InboundOutcome> {
  const bodies = [SMS_TEXTS.en.help(), SMS_TEXTS.bn.help()];
  const [sent] = await deps.db
    .select({ id: smsMessages.id })
    .from(smsMessages)
    .where(and(eq(smsMessages.kind, 'reply'), eq(smsMessages.toNumber, to), sql`${smsMessages.body} = ANY(${sql.param(bodies)}::text[]) AND ${smsMessages.createdAt} >= ${dhakaDayStart}`))
    .limit(1);
  if (sent) return 'unchanged';
  await deps.db.transaction((tx) => queueSms(tx, deps.jobs, { userId, to, kind: 'reply', body: SMS_TEXTS[lang].help() }));
  return 'help';
}
