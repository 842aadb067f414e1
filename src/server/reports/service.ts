import { and, desc, eq, sql } from 'drizzle-orm';
import { refusal } from '../../shared/donation-request-policy';
import { DONATION_MESSAGES } from '../../shared/donation-request-rules';
import type { Pagination } from '../../shared/pagination';
import { REPORT_TEXTS, RESOLVED_STATUS, type ReportQueueRow, type ReportReason, type ReportResolution, type ReportStatus } from '../../shared/reports';
import { type AuditContext, recordAudit } from '../audit/service';
import type { CurrentUser } from '../auth/guard';
import type { Db } from '../db/client';
import { donationRequests, notifications, requestReports } from '../db/schema';
import { requestResource } from '../donation-requests/service';
import { conflict, forbidden, notFound } from '../errors';
import type { JobQueue } from '../jobs';
import { scheduleNextWave } from '../outreach';

// Reports of fake, paid or duplicate requests (issue 17, decision 041). A request's open reports
// are counted on its row (open_reports) in the same transaction as the report rows, under the
// request's row lock: at REPORTS_TO_HIDE it leaves the public list and its alerts (the list and
// the waves read the counter) until staff resolve every open report at once.

/** A signed-in user reports a request once (409 again; 403 for its own requester; 409 once it is closed). */
export async function reportRequest(db: Db, actor: CurrentUser, requestId: string, input: { reason: ReportReason; note?: string | undefined }): Promise<string> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(donationRequests).where(eq(donationRequests.id, requestId)).for('update');
    if (!current) throw notFound(DONATION_MESSAGES.notFound);
    const why = refusal(actor, 'report', requestResource(current));
    if (why === 'blocked') throw forbidden(DONATION_MESSAGES.blockedText);
    if (why === 'role') throw forbidden(REPORT_TEXTS.ownRequest);
    if (why === 'status') throw conflict(REPORT_TEXTS.closed, 'INVALID_TRANSITION');
    const [row] = await tx
      .insert(requestReports)
      .values({ requestId, reporterId: actor.id, reason: input.reason, note: input.note ? input.note : null })
      .onConflictDoNothing()
      .returning({ id: requestReports.id });
    if (!row) throw conflict(REPORT_TEXTS.duplicateReport, 'ALREADY_REPORTED');
    await tx
      .update(donationRequests)
      .set({ openReports: sql`${donationRequests.openReports} + 1` })
      .where(eq(donationRequests.id, requestId));
    return row.id;
  });
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
    if (why === 'role') throw forbidden('Only a volunteer or an admin can resolve reports');
    if (why === 'status') throw conflict(REPORT_TEXTS.removeClosed, 'INVALID_TRANSITION');
    const resolved = await tx
      .update(requestReports)
      .set({ status: RESOLVED_STATUS[resolution], resolvedAt: new Date(now), resolvedBy: actor.id })
      .where(and(eq(requestReports.requestId, requestId), eq(requestReports.status, 'open')))
      .returning({ reason: requestReports.reason });
    if (resolved.length === 0) throw conflict(REPORT_TEXTS.noOpenReports, 'NO_OPEN_REPORTS');
    const wasHidden = current.openReports >= reportsToHide;
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
        reports,
        reasons: sql<ReportReason[]>`array_agg(DISTINCT ${requestReports.reason} ORDER BY ${requestReports.reason})`,
        notes: sql<(string | null)[]>`array_agg(${requestReports.note} ORDER BY ${requestReports.createdAt} DESC) FILTER (WHERE ${requestReports.note} IS NOT NULL)`,
        last,
      })
      .from(requestReports)
      .innerJoin(donationRequests, eq(donationRequests.id, requestReports.requestId))
      .where(where)
      .groupBy(donationRequests.id)
      .orderBy(desc(reports), desc(last), desc(donationRequests.id))
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
      hidden: r.openReports >= reportsToHide,
      lastReportedAt: new Date(r.last).toISOString(),
    })),
  };
}
