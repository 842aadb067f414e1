import { eq, inArray, sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import type PgBoss from 'pg-boss';
import { ALERT_TEXTS } from './alert-texts';
import { respondPath } from '../../shared/outreach/model';
import type { Db } from '../db/client';
import { users } from '../db/schema/accounts';
import { notifications, pushSubscriptions } from '../db/schema/outreach';
import { donationRequests } from '../db/schema/requests';
import type { JobQueue } from '../jobs';
import type { LocationIndex } from '../locations/service';
import { alertSmsJobs } from '../sms/service';
import { alertMail } from './mail-templates';
import { MAIL_CONNECTIONS, type Mailer } from './mailer';
import type { PushSender } from './push-sender';
import { unsubscribeToken } from './unsubscribe-token';

// Delivering alerts by email and push (decision 034). Each notification's channel goes
// pending -> sending -> sent, and the 'sending' mark is committed just before the message leaves
// (one message at a time, issue 32): a job that finds it 'sending' again ran in an instance that
// died mid-send, and cannot know whether the message left; it records 'unknown' rather than risk
// sending it twice. A send that failed for
// sure goes back to 'pending' and its job is retried with backoff; after the last retry the
// dead-letter job records 'failed'. A push whose endpoint the sender refuses to connect to (it
// resolves to a non-public address: decision 059) is recorded 'failed' at once, without retries.

export interface DeliveryDeps {
  db: Db;
  jobs: JobQueue;
  locations: () => Promise<LocationIndex>;
  publicUrl: string;
  secret: string;
  siteName: string;
  mailer: Mailer | null;
  push: PushSender | null;
}

type Channel = 'email' | 'push';
/** Alerts pushed at once: each is one request per browser of the donor to their push service. */
const PUSHES_AT_ONCE = 10;
export type NotificationJob = PgBoss.Job<{ notificationId: string; channel: Channel }>;
const stateColumn = { email: notifications.emailState, push: notifications.pushState } as const;

/**
 * Takes one notification's channel from pending to sending (committed on its own, just before the
 * message leaves) and answers whether this run may send it. One found already 'sending' was on the
 * wire when its instance died: it becomes 'unknown' and is not sent again.
 */
async function claim(db: Db, channel: Channel, id: string): Promise<boolean> {
  const column = stateColumn[channel];
  const claimed = await db
    .update(notifications)
    .set(channel === 'email' ? { emailState: 'sending' } : { pushState: 'sending' })
    .where(sql`${notifications.id} = ${id} AND ${column} = 'pending'`)
    .returning({ id: notifications.id });
  if (claimed.length > 0) return true;
  await db
    .update(notifications)
    .set(channel === 'email' ? { emailState: 'unknown' } : { pushState: 'unknown' })
    .where(sql`${notifications.id} = ${id} AND ${column} = 'sending'`);
  return false;
}

async function settle(db: Db, channel: Channel, ids: string[], state: 'sent' | 'pending' | 'failed' | 'none') {
  if (ids.length === 0) return;
  await db
    .update(notifications)
    .set(channel === 'email' ? { emailState: state } : { pushState: state })
    .where(inArray(notifications.id, ids));
}

/** What an alert says: the donor, and the request's essentials. */
async function alertsOf(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: notifications.id,
      userId: users.id,
      name: users.name,
      email: users.email,
      lang: users.locale,
      request: {
        id: donationRequests.id,
        bloodGroup: donationRequests.bloodGroup,
        component: donationRequests.component,
        unitsNeeded: donationRequests.unitsNeeded,
        hospitalName: donationRequests.hospitalName,
        districtId: donationRequests.districtId,
        donationDate: donationRequests.donationDate,
        donationTime: donationRequests.donationTime,
        urgency: donationRequests.urgency,
      },
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .innerJoin(donationRequests, eq(donationRequests.id, notifications.requestId))
    .where(inArray(notifications.id, ids));
}

type Alert = Awaited<ReturnType<typeof alertsOf>>[number];
/** `failed`: jobs to retry; `refused`: alerts this channel cannot reach for good. */
type Outcome = { failed: NotificationJob[]; refused: string[]; error?: unknown };

/**
 * One channel's batch: each alert is claimed just before it is sent, at most `parallel` at a time
 * (the mailer's connections), so a crash leaves 'sending' only on the messages that were on the
 * wire (issue 32: a batch claimed at once left a whole killed wave 'unknown'). `sendOne` throws
 * when the send failed for sure and answers 'failed' when retrying cannot help; each alert is
 * settled at once: sent, failed, or back to pending for a retry.
 * Returns the jobs whose send failed (the caller fails them); the others are complete. Without the
 * channel (`sender` null: it was turned off since the alert was made), nothing is sent.
 */
async function deliver<S>(
  deps: DeliveryDeps,
  channel: Channel,
  jobs: NotificationJob[],
  sender: S | null,
  parallel: number,
  sendOne: (sender: S, alert: Alert, locations: LocationIndex) => Promise<void | 'failed'>,
): Promise<Outcome> {
  const ids = jobs.map((j) => j.data.notificationId);
  if (!sender) {
    const waiting = [];
    for (const id of ids) if (await claim(deps.db, channel, id)) waiting.push(id);
    await settle(deps.db, channel, waiting, 'none');
    return { failed: [], refused: [] };
  }
  const locations = await deps.locations();
  const alerts = await alertsOf(deps.db, ids);
  const unsent = new Set<string>();
  const refused: string[] = [];
  let error: unknown;
  const limit = pLimit(parallel);
  // A slot is held from the claim until the outcome is recorded: at most `parallel` messages are
  // 'sending' at any moment, so a crash leaves at most that many 'unknown'. (Recording outside the
  // slot sent the last email of a 1,000-donor wave about 0.8 s sooner, but a crash then left up to
  // twice as many: bench note 067, test/outreach-crash.test.ts.)
  await Promise.all(
    alerts.map((a) =>
      limit(async () => {
        if (!(await claim(deps.db, channel, a.id))) return;
        let outcome: 'sent' | 'failed' | 'pending';
        try {
          outcome = (await sendOne(sender, a, locations)) === 'failed' ? 'failed' : 'sent';
        } catch (err) {
          error = err;
          unsent.add(a.id);
          outcome = 'pending';
        }
        await settle(deps.db, channel, [a.id], outcome);
        if (outcome === 'failed') refused.push(a.id);
      }),
    ),
  );
  return { failed: jobs.filter((j) => unsent.has(j.data.notificationId)), refused, error };
}

/** A batch of alert emails, in parallel through the mailer's pooled connections. */
export function deliverEmails(deps: DeliveryDeps, jobs: NotificationJob[]): Promise<Outcome> {
  const base = deps.publicUrl.replace(/\/$/, '');
  return deliver(deps, 'email', jobs, deps.mailer, MAIL_CONNECTIONS, async (mailer, a, locations) => {
    const token = encodeURIComponent(unsubscribeToken(deps.secret, a.userId));
    const mail = alertMail({
      donorName: a.name,
      siteName: deps.siteName,
      lang: a.lang,
      request: { ...a.request, district: locations.districtName(a.request.districtId, a.lang) ?? '' },
      acceptUrl: base + respondPath(a.request.id, 'accept'),
      declineUrl: base + respondPath(a.request.id, 'decline'),
      unsubscribePageUrl: `${base}/unsubscribe?token=${token}`,
      oneClickUnsubscribeUrl: `${base}/api/unsubscribe?token=${token}`,
    });
    await mailer.send({ to: a.email, ...mail, messageId: `<alert-${a.id}@blood-donation>` });
  });
}

/**
 * A batch of alerts to every browser of each donor; subscriptions the push service calls gone are
 * removed. When none of the donor's browsers took it (the sender refused it, or the service said
 * gone: issue 32, a budget Android's dropped subscription), the alert's push is 'failed' for good,
 * and its SMS fallback goes at once.
 */
export async function deliverPushes(deps: DeliveryDeps, jobs: NotificationJob[]): Promise<Outcome> {
  const outcome = await deliver(deps, 'push', jobs, deps.push, PUSHES_AT_ONCE, async (push, a, locations) => {
    const targets = await deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, a.userId));
    const r = a.request;
    const t = ALERT_TEXTS[a.lang];
    const payload = {
      title: `${r.urgency === 'normal' ? '' : `${t.urgency[r.urgency]}: `}${t.needed(t.need(r.bloodGroup, r.component))}`,
      body: `${r.hospitalName}, ${locations.districtName(r.districtId, a.lang) ?? ''} · ${r.donationDate} ${r.donationTime}`,
      requestId: r.id,
      url: respondPath(r.id),
      tag: `request-${r.id}`,
    };
    let unreached = 0;
    for (const target of targets) {
      // A repeat after a retry replaces the first on the device (same tag): never shown twice.
      const result = await push.send(target, payload, 12 * 60 * 60);
      if (result === 'gone') await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, target.id));
      if (result === 'refused' || result === 'gone') unreached++;
    }
    // No browser of the donor's took it (each refused or gone): failed for good.
    return unreached === targets.length ? 'failed' : undefined;
  });
  await smsNow(deps, outcome.refused);
  return outcome;
}

/**
 * Push cannot reach these alerts' donors: an SMS waiting as their fallback goes now instead
 * (issue 32). The fallback's own job then finds it made (sms/alerts.ts).
 */
async function smsNow(deps: DeliveryDeps, ids: string[]) {
  if (ids.length === 0) return;
  const due = await deps.db
    .update(notifications)
    .set({ smsState: 'due' })
    .where(sql`${notifications.id} = ANY(${sql.param(ids)}::uuid[]) AND ${notifications.smsState} = 'fallback'`)
    .returning({ id: notifications.id });
  // A crash between the two leaves the fallback's job, which still makes the SMS, later.
  if (due.length > 0) await deps.jobs.insert(alertSmsJobs(due.map((d) => ({ id: d.id, smsState: 'due' })), { critical: false, fallbackAt: new Date() }));
}

/** Deliveries that failed every retry (the dead-letter queue): recorded as failed. */
export async function recordFailedDeliveries(db: Db, jobs: NotificationJob[]) {
  for (const channel of ['email', 'push'] as const) {
    const ids = jobs.filter((j) => j.data.channel === channel).map((j) => j.data.notificationId);
    if (ids.length > 0) {
      await db
        .update(notifications)
        .set(channel === 'email' ? { emailState: 'failed' } : { pushState: 'failed' })
        .where(sql`${notifications.id} = ANY(${sql.param(ids)}::uuid[]) AND ${stateColumn[channel]} = 'pending'`);
    }
  }
}
