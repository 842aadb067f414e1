import { and, eq, gt, max, sql } from 'drizzle-orm';
import { todayInDhaka } from '../../shared/dates/model';
import type { DonationIntervals } from '../../shared/matching/model';
import { alertUrgency, dhakaMinuteOfDay, needsDonors, type OutreachArea, urgencyIgnoresQuietHours, waveSize } from '../../shared/outreach/model';
import { isConfirmed, isNewAccount } from '../../shared/users/policy';
import { isStaff } from '../../shared/access/policy';
import type { Db, Tx } from '../db/client';
import { users } from '../db/schema/accounts';
import { notifications, outreachWaves } from '../db/schema/outreach';
import { donationRequests } from '../db/schema/requests';
import { inTransaction, type JobQueue, QUEUES } from '../jobs';
import type { LocationIndex } from '../locations/service';
import { type MatchRow, rankForOutreach } from '../matching/service';
import { alertSmsJobs } from '../sms/service';

// Waves of alerts (issue 15, decision 034). A request that needs donors gets a wave job; each
// wave alerts the next best donors of the matching ranking that may be alerted now, then schedules
// the next wave while pledges are short. A wave is one transaction: its notifications, their
// delivery jobs, its outreach_waves row and the next wave's job commit together or not at all,
// and a wave whose row exists is never run again (a job retried after a crash finds it done).


export interface WaveJob {
  requestId: string;
  wave: number;
}

export interface OutreachSettings {
  waveSize: number;
  waveMinutes: number;
  /** REPORTS_TO_HIDE (issue 17): a request with this many open reports gets no alerts until staff dismiss them. */
  reportsToHide: number;
  /** Email is configured (SMTP_URL): alerts are mailed, and only verified addresses are alerted. */
  mail: boolean;
  /** NEW_ACCOUNT_HOURS (issue 30): a new requester's request alerts as urgent at most. */
  newAccountHours: number;
  /** DONATION_INTERVAL_*_DAYS: a pledge within one of another open pledge's day is refused (issue 30). */
  intervals: DonationIntervals;
  /** SMS is configured (SMS_URL): alerts also go by SMS to proven phones (issue 32, sms/alerts.ts). */
  sms: boolean;
  /** SMS_FALLBACK_MINUTES: a donor whom push reaches gets the SMS this long after an alert still unanswered. */
  smsFallbackMinutes: number;
}

export interface WaveDeps {
  db: Db;
  jobs: JobQueue;
  locations: () => Promise<LocationIndex>;
  outreach: OutreachSettings;
  now?: () => Date;
}

/**
 * Called in the transaction that made a request need donors (created, its expiry edited away, a
 * pledge withdrawn): its next wave, now. With a wave already waiting, nothing more is scheduled.
 */
export async function scheduleNextWave(tx: Tx, jobs: JobQueue, requestId: string): Promise<void> {
  const [last] = await tx.select({ wave: max(outreachWaves.wave) }).from(outreachWaves).where(eq(outreachWaves.requestId, requestId));
  await sendWave(tx, jobs, { requestId, wave: (last?.wave ?? 0) + 1 });
}

function sendWave(tx: Tx, jobs: JobQueue, job: WaveJob, startAfter?: Date) {
  return jobs.send(QUEUES.wave, job, { db: inTransaction(tx), singletonKey: job.requestId, ...(startAfter ? { startAfter } : {}) });
}

/**
 * The requester confirmed their address (issue 30): their pending requests, held until now, get
 * their first wave (a request with a wave already waiting gets no second one).
 */
export async function releaseHeldRequests(db: Db, jobs: JobQueue, requesterId: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const held = await tx
      .select({ id: donationRequests.id })
      .from(donationRequests)
      .where(and(eq(donationRequests.requesterId, requesterId), eq(donationRequests.status, 'pending'), gt(donationRequests.neededBy, now)));
    for (const r of held) await scheduleNextWave(tx, jobs, r.id);
  });
}

const AREA_OF_SEGMENT = (seg: number): OutreachArea => (seg === 0 ? 'upazila' : seg === 1 ? 'district' : seg < 10 ? 'nearby' : 'far');
const AREA_RANK: Record<OutreachArea, number> = { none: 0, upazila: 1, district: 2, nearby: 3, far: 4 };

/** The widest area a set of ranked donors reaches, and its farthest district. */
function reach(rows: MatchRow[], requestDistrict: number, locations: LocationIndex): { area: OutreachArea; farthest: number | null } {
  let area: OutreachArea = 'none';
  for (const row of rows) if (AREA_RANK[AREA_OF_SEGMENT(row.seg)] > AREA_RANK[area]) area = AREA_OF_SEGMENT(row.seg);
  const km = new Map(locations.districtsByDistance(requestDistrict).map((d) => [d.districtId, d.km]));
  let farthest: number | null = null;
  for (const row of rows) if (row.district_id !== requestDistrict && (farthest === null || (km.get(row.district_id) ?? 0) > (km.get(farthest) ?? 0))) farthest = row.district_id;
  return { area, farthest };
}

/** Runs one wave job. Returns how many donors it alerted (0: done before, stopped, or nobody to alert now). */
export async function runWave(deps: WaveDeps, job: WaveJob): Promise<number> {
  const now = deps.now?.() ?? new Date();
  const locations = await deps.locations();
  const [found] = await deps.db
    .select({ request: donationRequests, requester: users })
    .from(donationRequests)
    .innerJoin(users, eq(users.id, donationRequests.requesterId))
    .where(eq(donationRequests.id, job.requestId));
  if (!found || !needsDonors(found.request, now, deps.outreach.reportsToHide)) return 0;
  const { request, requester } = found;
  // An unconfirmed requester's request waits (issue 30): confirming the address sends its first wave.
  if (!isStaff(requester) && !isConfirmed(requester, deps.outreach)) return 0;
  const urgency = alertUrgency(request.urgency, isNewAccount(requester, deps.outreach, now.getTime()));
  const today = todayInDhaka(now.getTime());
  // Ranked outside the transaction (the ranking reads much, locks nothing); re-checked inside.
  const candidates = await rankForOutreach(
    deps.db,
    {
      id: request.id,
      requesterId: request.requesterId,
      bloodGroup: request.bloodGroup,
      component: request.component,
      districtId: request.districtId,
      upazilaId: request.upazilaId,
      eligibleOn: request.donationDate > today ? request.donationDate : today,
    },
    waveSize(deps.outreach.waveSize, urgency),
    {
      now,
      ignoreQuietHours: urgencyIgnoresQuietHours(urgency),
      minuteOfDay: dhakaMinuteOfDay(now),
      requireVerifiedEmail: deps.outreach.mail,
      reportsToHide: deps.outreach.reportsToHide,
    },
  );

  return deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(donationRequests).where(eq(donationRequests.id, job.requestId)).for('update');
    // Hidden by reports, the chain of waves stops here; dismissing the reports schedules the next one.
    if (!locked || !needsDonors(locked, now, deps.outreach.reportsToHide)) return 0;
    // A blocked requester's requests are frozen (issue 12): no alerts for them.
    const [requester] = await tx.select({ status: users.status }).from(users).where(eq(users.id, locked.requesterId));
    if (requester?.status !== 'active') return 0;
    const [done] = await tx
      .select({ wave: outreachWaves.wave })
      .from(outreachWaves)
      .where(and(eq(outreachWaves.requestId, job.requestId), eq(outreachWaves.wave, job.wave)));
    if (done) return 0;
    const next = new Date(now.getTime() + deps.outreach.waveMinutes * 60_000);
    const critical = urgency === 'critical';
    const alerted = candidates.length === 0 ? [] : await alert(tx, deps.outreach, job, candidates, critical);
    if (alerted.length === 0) {
      // Nobody to alert now (all alerted, capped or asleep): look again at the next wave's time.
      await sendWave(tx, deps.jobs, job, next);
      return 0;
    }
    const reached = reach(candidates.filter((c) => alerted.some((a) => a.userId === c.id)), locked.districtId, locations);
    await tx.insert(outreachWaves).values({ requestId: job.requestId, wave: job.wave, notified: alerted.length, area: reached.area, farthestDistrictId: reached.farthest });
    const deliveries = [
      ...alerted.filter((a) => a.emailState === 'pending').map((a) => ({ name: QUEUES.email, data: { notificationId: a.id, channel: 'email' } })),
      ...alerted.filter((a) => a.pushState === 'pending').map((a) => ({ name: QUEUES.push, data: { notificationId: a.id, channel: 'push' } })),
      ...alertSmsJobs(alerted, { critical, fallbackAt: new Date(now.getTime() + deps.outreach.smsFallbackMinutes * 60_000) }),
    ];
    if (deliveries.length > 0) await deps.jobs.insert(deliveries, { db: inTransaction(tx) });
    await sendWave(tx, deps.jobs, { requestId: job.requestId, wave: job.wave + 1 }, next);
    return alerted.length;
  });
}

/**
 * Inserts the wave's alerts. The candidates' rows are locked first (in id order: no deadlock), so
 * waves of different requests reaching the same donor take turns, and the weekly cap is counted
 * on what the other wave committed. A donor alerted meanwhile is skipped (the unique index).
 */
async function alert(tx: Tx, outreach: OutreachSettings, job: WaveJob, candidates: MatchRow[], critical: boolean) {
  const ids = candidates.map((c) => c.id);
  await tx.execute(sql`SELECT id FROM ${users} WHERE id = ANY(${sql.param(ids)}::text[]) ORDER BY id FOR NO KEY UPDATE`);
  // Email only to a confirmed address: a donor confirmed by a proven phone may have typed any
  // address, and a phone-only account's is no one's (issue 32).
  // The SMS (issue 32): to a proven phone with SMS on; at once for a critical request or a donor
  // no push reaches, else as the fallback of an alert left unanswered (sms/alerts.ts).
  const { rows } = await tx.execute<{ id: string; user_id: string; email_state: string; push_state: string; sms_state: string }>(sql`
    INSERT INTO ${notifications} (user_id, request_id, kind, wave, email_state, push_state, sms_state)
    SELECT u.id, ${job.requestId}::uuid, 'alert', ${job.wave}::smallint,
      CASE WHEN ${outreach.mail}::boolean AND u.notify_email AND u.email_verified THEN 'pending' ELSE 'none' END,
      CASE WHEN p.reaches THEN 'pending' ELSE 'none' END,
      CASE WHEN NOT (${outreach.sms}::boolean AND u.notify_sms AND u.phone_number_verified) THEN 'none'
        WHEN ${critical}::boolean OR NOT p.reaches THEN 'due' ELSE 'fallback' END
    FROM users u
    CROSS JOIN LATERAL (SELECT u.notify_push AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = u.id) AS reaches) p
    WHERE u.id = ANY(${sql.param(ids)}::text[]) AND u.status = 'active'
      AND u.max_alerts_per_week > alerts_toward_weekly_cap(u.id, now(), ${outreach.reportsToHide}::int)
    ON CONFLICT DO NOTHING
    RETURNING id, user_id, email_state, push_state, sms_state`);
  return rows.map((r) => ({ id: r.id, userId: r.user_id, emailState: r.email_state, pushState: r.push_state, smsState: r.sms_state }));
}
