import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { isStaff } from '../../shared/access/policy';
import { refusal } from '../../shared/donation-requests/policy';
import { DONATION_MESSAGES } from '../../shared/donation-requests/texts';
import type { Pagination } from '../../shared/api/schemas';
import { isFlaggedByReports, isHiddenByReports, RESOLVED_STATUS, type ReportReason, type ReportResolution, type ReportStatus } from '../../shared/reports/model';
import { REPORT_MESSAGES, REPORT_TEXTS } from '../../shared/reports/texts';
import type { ReportQueueRow } from '../../shared/reports/schemas';
import { inGoodStanding, type StandingSettings } from '../../shared/users/policy';
import { type AuditContext, recordAudit } from '../audit/service';
import type { CurrentUser } from '../auth/guard';
import type { Db, Tx } from '../db/client';
import { users } from '../db/schema/accounts';
import { notifications } from '../db/schema/outreach';
import { donationRequests, requestReports } from '../db/schema/requests';
import { requestResource } from '../donation-requests/service';
import { conflict, forbidden, HttpError, notFound } from '../errors';
import type { JobQueue } from '../jobs';
import { scheduleNextWave } from '../outreach';

// Reports of fake, paid or duplicate requests (issue 17, decision 041). A request's open reports
// are counted on its row (open_reports) in the same transaction as the report rows, under the
// request's row lock: at REPORTS_TO_HIDE it leaves the public list and its alerts (the list and
// the waves read the counter) until staff resolve every open report at once.
//
// Issue 30 (decision 058): only reports from accounts in good standing count (request_reports.counts;
// a reporter later blocked or deleted stops counting: releaseReportsOf), an account files at most
// REPORTS_PER_DAY reports, and an urgent or critical request is never hidden: at the threshold
// it is flagged for staff instead (shared/reports/model.ts).


export interface ReportSettings extends StandingSettings {
  /** REPORTS_TO_HIDE */
  reportsToHide: number;
  /** REPORTS_PER_DAY */
  perDay: number;
}

/**
 * A signed-in user reports a request once (409 again; 403 for its own requester; 409 once it is
 * closed; 429 past the daily limit). Counted under a lock on the reporter, so reports sent at once
 * cannot slip past the limit.
 */
export async function reportRequest(
  db: Db,
  settings: ReportSettings,
  actor: CurrentUser,
  requestId: string,
  input: { reason: ReportReason; note?: string | undefined },
  now = Date.now(),
): Promise<string> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(donationRequests).where(eq(donationRequests.id, requestId)).for('update');
    if (!current) throw notFound(DONATION_MESSAGES.notFound);
    const why = refusal(actor, 'report', requestResource(current));
    if (why === 'blocked') throw forbidden(DONATION_MESSAGES.blockedText);
    if (why === 'role') throw forbidden(REPORT_TEXTS.ownRequest);
    if (why === 'status') throw conflict(REPORT_TEXTS.closed, 'INVALID_TRANSITION');
    if (!isStaff(actor)) {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('no key update');
      const [recent] = await tx
        .select({ n: count() })
        .from(requestReports)
        .where(and(eq(requestReports.reporterId, actor.id), gt(requestReports.createdAt, new Date(now - 24 * 3_600_000))));
      if ((recent?.n ?? 0) >= settings.perDay) throw new HttpError(429, REPORT_TEXTS.tooManyReports(settings.perDay), 'DAILY_REPORT_LIMIT');
    }
    const counts = inGoodStanding(actor, settings, now);
    const [row] = await tx
      .insert(requestReports)
      .values({ requestId, reporterId: actor.id, reason: input.reason, note: input.note ? input.note : null, counts })
      .onConflictDoNothing()
      .returning({ id: requestReports.id });
    if (!row) throw conflict(REPORT_TEXTS.duplicateReport, 'ALREADY_REPORTED');
    if (counts) {
      const openReports = current.openReports + 1;
      await tx.update(donationRequests).set({ openReports }).where(eq(donationRequests.id, requestId));
      // An urgent or critical request reaching the threshold stays public: staff are told at once.
      if (openReports === settings.reportsToHide && isFlaggedByReports({ openReports, urgency: current.urgency }, settings.reportsToHide)) {
        await tx.execute(sql`
          INSERT INTO ${notifications} (user_id, request_id, kind)
          SELECT id, ${requestId}::uuid, 'flagged' FROM ${users}
          WHERE role IN ('admin', 'volunteer') AND status = 'active' AND deleted_at IS NULL`);
      }
    }
    return row.id;
  });
}

/**
 * A reporter was blocked or deleted their account (issue 30): their open reports stop counting.
 * Each request they counted toward loses one; one that leaves its hidden state is public again
 * and, still short of pledges, gets its next wave. Runs in the blocking transaction.
 */
export async function releaseReportsOf(tx: Tx, jobs: JobQueue, reporterId: string, reportsToHide: number, now = Date.now()): Promise<void> {
  const released = await tx
    .update(requestReports)
    .set({ counts: false })
    .where(and(eq(requestReports.reporterId, reporterId), eq(requestReports.status, 'open'), eq(requestReports.counts, true)))
    .returning({ requestId: requestReports.requestId });
  if (released.length === 0) return;
  const ids = released.map((r) => r.requestId).sort();
  const before = await tx.select().from(donationRequests).where(inArray(donationRequests.id, ids)).orderBy(donationRequests.id).for('update');
  for (const request of before) {
    const openReports = Math.max(0, request.openReports - 1);
    await tx.update(donationRequests).set({ openReports }).where(eq(donationRequests.id, request.id));
    const wasHidden = isHiddenByReports(request, reportsToHide);
    const hidden = isHiddenByReports({ openReports, urgency: request.urgency }, reportsToHide);
    if (wasHidden && !hidden && request.status === 'pending' && request.pledgeCount < request.unitsNeeded && request.neededBy.getTime() > now) {
      await scheduleNextWave(tx, jobs, request.id);
    }
  }
}

/**
 * Staff resolve every open report of a request at once. Dismiss: the counter is back to 0, the
 * request public again, and its alerts resume where they stopped. Remove: the request is canceled
 * (MODERATION_TRANSITIONS) and its requester told why in-app. Recorded in the audit trail.
 */
export async function resolveReports(
  db: Db,
  jobs: JobQueue,
  actor: CurrentUser,
  audit: AuditContext,
  requestId: string,
  resolution: ReportResolution,
  reportsToHide: number,
  now = Date.now(),
): Promise<number> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(donationRequests).where(eq(donationRequests.id, requestId)).for('update');
    if (!current) throw notFound(DONATION_MESSAGES.notFound);
    const action = resolution === 'remove' ? 'removeReported' : 'dismissReports';
    const why = refusal(actor, action, requestResource(current));
    if (why === 'blocked') throw forbidden(DONATION_MESSAGES.blockedText);
    if (why === 'role') throw forbidden(REPORT_MESSAGES.staffOnly);
    if (why === 'status') throw conflict(REPORT_TEXTS.removeClosed, 'INVALID_TRANSITION');
    const resolved = await tx
      .update(requestReports)
      .set({ status: RESOLVED_STATUS[resolution], resolvedAt: new Date(now), resolvedBy: actor.id })
      .where(and(eq(requestReports.requestId, requestId), eq(requestReports.status, 'open')))
      .returning({ reason: requestReports.reason });
    if (resolved.length === 0) throw conflict(REPORT_TEXTS.noOpenReports, 'NO_OPEN_REPORTS');
    const wasHidden = isHiddenByReports(current, reportsToHide);
    const status = resolution === 'remove' ? 'canceled' : current.status;
    await tx
      .update(donationRequests)
      .set({ openReports: 0, status, updatedAt: new Date(now) })
      .where(eq(donationRequests.id, requestId));
    if (resolution === 'remove') {
      await tx.insert(notifications).values({ userId: current.requesterId, requestId, kind: 'moderation' });
    } else if (wasHidden && current.status === 'pending' && current.pledgeCount < current.unitsNeeded && current.neededBy.getTime() > now) {
      // Its waves stopped while it was hidden: they resume now.
      await scheduleNextWave(tx, jobs, requestId);
    }
    await recordAudit(tx, audit, {
      action: resolution === 'remove' ? 'reports.remove' : 'reports.dismiss',
      targetType: 'request',
      targetId: requestId,
      before: { status: current.status, openReports: current.openReports },
      after: { status, openReports: 0, resolved: resolved.length, reasons: [...new Set(resolved.map((r) => r.reason))].sort() },
    });
    return resolved.length;
  });
}

/** GET /reports?status= (staff): one row per request with reports of that status, most reported first. */
export async function listReportedRequests(db: Db, status: ReportStatus, reportsToHide: number, p: Pagination): Promise<{ rows: ReportQueueRow[]; total: number }> {
  const reports = sql<number>`count(${requestReports.id})::int`;
  const last = sql<Date>`max(${requestReports.createdAt})`;
  const where = eq(requestReports.status, status);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        requestId: donationRequests.id,
        recipientName: donationRequests.recipientName,
        hospitalName: donationRequests.hospitalName,
        donationStatus: donationRequests.status,
        openReports: donationRequests.openReports,
        urgency: donationRequests.urgency,
        reports,
        reasons: sql<ReportReason[]>`array_agg(DISTINCT ${requestReports.reason} ORDER BY ${requestReports.reason})`,
        notes: sql<(string | null)[]>`array_agg(${requestReports.note} ORDER BY ${requestReports.createdAt} DESC) FILTER (WHERE ${requestReports.note} IS NOT NULL)`,
        last,
      })
      .from(requestReports)
      .innerJoin(donationRequests, eq(donationRequests.id, requestReports.requestId))
      .where(where)
      .groupBy(donationRequests.id)
      // Urgent and critical requests at the threshold first (issue 30): they stay public until staff look.
      .orderBy(desc(sql`${donationRequests.urgency} <> 'normal' AND ${donationRequests.openReports} >= ${reportsToHide}`), desc(reports), desc(last), desc(donationRequests.id))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit),
    db.select({ n: sql<number>`count(DISTINCT ${requestReports.requestId})::int` }).from(requestReports).where(where),
  ]);
  return {
    total: total?.n ?? 0,
    rows: rows.map((r) => ({
      requestId: r.requestId,
      recipientName: r.recipientName,
      hospitalName: r.hospitalName,
      donationStatus: r.donationStatus,
      openReports: r.reports,
      reasons: r.reasons,
      notes: (r.notes ?? []).filter((n): n is string => typeof n === 'string'),
      hidden: isHiddenByReports(r, reportsToHide),
      flagged: isFlaggedByReports(r, reportsToHide),
      lastReportedAt: new Date(r.last).toISOString(),
    })),
  };
}
