import { isPhoneOnlyEmail } from '../../shared/users/model';
import { and, count, desc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { Notification, NotificationSettingsView } from '../../shared/notifications/schemas';
import { MAX_PUSH_SUBSCRIPTIONS, minutesOfDay, type NotificationSettings, pushEndpointProblem } from '../../shared/notifications/model';
import type { Pagination } from '../../shared/api/schemas';
import type { CurrentUser } from '../auth/guard';
import type { Db } from '../db/client';
import { users } from '../db/schema/accounts';
import { notifications, outreachAnswers, pushSubscriptions } from '../db/schema/outreach';
import { donationRequests } from '../db/schema/requests';
import { forbidden, HttpError, notFound } from '../errors';
import type { LocationIndex } from '../locations/service';
import { NOTIFICATION_MESSAGES } from '../../shared/notifications/texts';

// A user's own notifications and alert settings (issue 15). Every query is keyed by the signed-in
// user's id: nobody can read or mark another's.

export async function listNotifications(db: Db, locations: LocationIndex, actor: CurrentUser, p: Pagination): Promise<{ rows: Notification[]; total: number }> {
  const mine = eq(notifications.userId, actor.id);
  const [rows, [total]] = await Promise.all([
    db
      .select({ n: notifications, r: donationRequests, answer: outreachAnswers.answer })
      .from(notifications)
      .leftJoin(donationRequests, eq(donationRequests.id, notifications.requestId))
      .leftJoin(outreachAnswers, and(eq(outreachAnswers.requestId, notifications.requestId), eq(outreachAnswers.userId, actor.id)))
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit),
    db.select({ n: count() }).from(notifications).where(mine),
  ]);
  return {
    total: total?.n ?? 0,
    rows: rows.map(({ n, r, answer }) => ({
      _id: n.id,
      kind: n.kind,
      read: n.readAt !== null,
      createdAt: n.createdAt.toISOString(),
      answer: answer ?? null,
      request: r && {
        _id: r.id,
        bloodGroup: r.bloodGroup,
        component: r.component,
        unitsNeeded: r.unitsNeeded,
        hospitalName: r.hospitalName,
        recipientDistrict: locations.districtName(r.districtId) ?? '',
        donationDate: r.donationDate,
        donationTime: r.donationTime,
        urgency: r.urgency,
        donationStatus: r.status,
      },
    })),
  };
}

export async function unreadCount(db: Db, actor: CurrentUser): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, actor.id), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks one of the user's own notifications read; 404 for anyone else's (it is not theirs to know of). */
export async function markRead(db: Db, actor: CurrentUser, id: string): Promise<number> {
  const [row] = await db.select({ readAt: notifications.readAt }).from(notifications).where(and(eq(notifications.id, id), eq(notifications.userId, actor.id)));
  if (!row) throw notFound(NOTIFICATION_MESSAGES.notFound);
  if (row.readAt) return 0;
  const result = await db.update(notifications).set({ readAt: new Date() }).where(and(eq(notifications.id, id), isNull(notifications.readAt)));
  return result.rowCount ?? 0;
}

export async function markAllRead(db: Db, actor: CurrentUser): Promise<number> {
  const result = await db.update(notifications).set({ readAt: new Date() }).where(and(eq(notifications.userId, actor.id), isNull(notifications.readAt)));
  return result.rowCount ?? 0;
}

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export const settingsOf = (u: Pick<CurrentUser, 'notifyEmail' | 'notifyPush' | 'notifySms' | 'quietHoursStart' | 'quietHoursEnd' | 'maxAlertsPerWeek' | 'locale'>): NotificationSettings => ({
  email: u.notifyEmail,
  push: u.notifyPush,
  sms: u.notifySms,
  quietHoursStart: hhmm(u.quietHoursStart),
  quietHoursEnd: hhmm(u.quietHoursEnd),
  maxPerWeek: u.maxAlertsPerWeek,
  language: u.locale,
});

/** The channels this server can send alerts on (issue 38): email with SMTP_URL; push always (its keys are generated when not set); SMS with SMS_URL (issue 32). */
export type Channels = NotificationSettingsView['available'];

/** The owner only: the settings are theirs (staff included, nobody reads another's). */
export function ownSettings(actor: CurrentUser, email: string, available: Channels): NotificationSettingsView {
  if (actor.email !== email.trim().toLowerCase()) throw forbidden(NOTIFICATION_MESSAGES.ownSettingsView);
  return { ...settingsOf(actor), available: channelsFor(actor, available) };
}

/** A phone-only account (issue 32) has no address to email. */
const channelsFor = (user: CurrentUser, available: Channels): Channels => ({ ...available, email: available.email && !isPhoneOnlyEmail(user.email) });

export async function updateSettings(db: Db, actor: CurrentUser, email: string, patch: Partial<NotificationSettings>, available: Channels): Promise<NotificationSettingsView> {
  if (actor.email !== email.trim().toLowerCase()) throw forbidden(NOTIFICATION_MESSAGES.ownSettingsChange);
  const [row] = await db
    .update(users)
    .set({
      ...(patch.email !== undefined && { notifyEmail: patch.email }),
      ...(patch.push !== undefined && { notifyPush: patch.push }),
      ...(patch.sms !== undefined && { notifySms: patch.sms }),
      ...(patch.quietHoursStart !== undefined && { quietHoursStart: minutesOfDay(patch.quietHoursStart)! }),
      ...(patch.quietHoursEnd !== undefined && { quietHoursEnd: minutesOfDay(patch.quietHoursEnd)! }),
      ...(patch.maxPerWeek !== undefined && { maxAlertsPerWeek: patch.maxPerWeek }),
      ...(patch.language !== undefined && { locale: patch.language }),
      updatedAt: new Date(),
    })
    .where(eq(users.id, actor.id))
    .returning();
  return { ...settingsOf(row!), available: channelsFor(row!, available) };
}

/** The one-click unsubscribe: email alerts off for the user the token names. */
export async function unsubscribeEmail(db: Db, userId: string): Promise<boolean> {
  const result = await db.update(users).set({ notifyEmail: false, updatedAt: new Date() }).where(eq(users.id, userId));
  return (result.rowCount ?? 0) > 0;
}

/**
 * A browser's subscription, now the user's (a browser that changed hands moves to its new user).
 * Only a browser push service's endpoint is accepted (`extraHosts`: PUSH_SERVICE_HOSTS; decision
 * 059), else 400 PUSH_ENDPOINT_REFUSED and nothing is stored. An account keeps its
 * MAX_PUSH_SUBSCRIPTIONS newest browsers: saving one more deletes the oldest, in the same transaction.
 */
export async function saveSubscription(db: Db, actor: CurrentUser, sub: { endpoint: string; keys: { p256dh: string; auth: string } }, extraHosts: readonly string[]) {
  const problem = pushEndpointProblem(sub.endpoint, extraHosts);
  if (problem) throw new HttpError(400, problem, 'PUSH_ENDPOINT_REFUSED');
  await db.transaction(async (tx) => {
    // One subscribe at a time per account (the row lock), so two at once cannot both keep an 11th;
    // NO KEY UPDATE leaves other writes that merely reference the user unblocked.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('no key update');
    // The clock, not the transaction's start: one that waited for the lock is still the newest.
    const now = sql`clock_timestamp()`;
    await tx
      .insert(pushSubscriptions)
      .values({ userId: actor.id, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth, createdAt: now })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId: actor.id, p256dh: sub.keys.p256dh, auth: sub.keys.auth, createdAt: now } });
    const newest = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, actor.id))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(MAX_PUSH_SUBSCRIPTIONS);
    await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, actor.id), notInArray(pushSubscriptions.id, newest)));
  });
}

export async function deleteSubscription(db: Db, actor: CurrentUser, endpoint: string): Promise<number> {
  const result = await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, actor.id)));
  return result.rowCount ?? 0;
}

