import { and, asc, desc, eq, gt, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DeferralReason, PledgeState } from '../../shared/donation-requests/model';
import type { Db } from '../db/client';
import { users } from '../db/schema/accounts';
import { publicRequestCounts } from '../db/schema/derived';
import { donationPledges, donationRequests, requestReports } from '../db/schema/requests';
import { BatchLoader } from '../lib/batch-loader';

// The prepared statements of the donation-request pages, built once per app (deps.ts): a request
// page, a requester's list and the public list are read on every visit.

export interface PledgeOfView {
  /** The pledge's own id (PATCH .../pledges/{id}). */
  id: string;
  donorId: string;
  name: string;
  email: string;
  pledgedAt: string;
  phone: string | null;
  state: PledgeState;
  deferralReason: DeferralReason | null;
}

/**
 * A request page: the request, its pledges (first first, with the donors' phones, shown to the
 * requester only: getRequest) and who reported it (for "reported by me"), in one prepared
 * statement; the visits that arrive together share it (lib/batch-loader.ts). Table references are
 * written out: drizzle leaves the select's own columns unqualified, and the subqueries' tables have
 * an id too.
 */
function requestViews(db: Db) {
  const pledges = sql<PledgeOfView[]>`COALESCE((
    SELECT json_agg(json_build_object('id', p.id, 'donorId', p.donor_id, 'name', p.donor_name, 'email', p.donor_email, 'pledgedAt', p.pledged_at, 'phone', u.phone,
      'state', p.state, 'deferralReason', p.deferral_reason) ORDER BY p.pledged_at, p.donor_id)
    FROM ${donationPledges} p JOIN ${users} u ON u.id = p.donor_id
    WHERE p.request_id = ${donationRequests}.id), '[]'::json)`;
  const reporters = sql<string[]>`ARRAY(SELECT r.reporter_id FROM ${requestReports} r WHERE r.request_id = ${donationRequests}.id)`;
  const byIds = db
    .select({ id: donationRequests.id, row: donationRequests, pledges, reporters })
    .from(donationRequests)
    .where(sql`${donationRequests.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('request_views_by_ids');
  return new BatchLoader((ids) => byIds.execute({ ids }));
}

/**
 * A person's list: one prepared statement per filter, the page and its total in one round trip
 * (the total from an index-only count).
 */
function requesterPages(db: Db) {
  const pageOf = (withStatus: boolean, name: string) => {
    // The urgency filter (NULL: any) only thins one person's rows, which the index has already found.
    const urgency = sql`(${sql.placeholder('urgency')}::text IS NULL OR ${donationRequests.urgency} = ${sql.placeholder('urgency')})`;
    const where = withStatus
      ? and(eq(donationRequests.requesterId, sql.placeholder('requester')), eq(donationRequests.status, sql.placeholder('status')), urgency)
      : and(eq(donationRequests.requesterId, sql.placeholder('requester')), urgency);
    const urgencyCount = sql`(${sql.placeholder('urgency')}::text IS NULL OR urgency = ${sql.placeholder('urgency')})`;
    const total = withStatus
      ? sql<number>`(SELECT count(*) FROM donation_requests WHERE requester_id = ${sql.placeholder('requester')} AND status = ${sql.placeholder('status')} AND ${urgencyCount})`
      : sql<number>`(SELECT count(*) FROM donation_requests WHERE requester_id = ${sql.placeholder('requester')} AND ${urgencyCount})`;
    return db
      .select({ row: donationRequests, total: total.mapWith(Number) })
      .from(donationRequests)
      .where(where)
      .orderBy(desc(donationRequests.createdAt), desc(donationRequests.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);
  };
  return { page: pageOf(false, 'requests_of_requester'), pageByStatus: pageOf(true, 'requests_of_requester_by_status') };
}

/**
 * The public list's page (from its first day on), and its counts by day and urgency. The literal
 * conditions are those of the partial index donation_requests_public_idx (a parameter there would
 * keep PostgreSQL's generic plan from using it); its INCLUDE columns keep today's count, and the
 * skipping of a page's offset, index-only.
 */
function pendingLists(db: Db) {
  const listed = (day: SQL) =>
    and(
      sql`${donationRequests.status} = 'pending' AND NOT ${donationRequests.requesterBlocked}`,
      day,
      gt(donationRequests.neededBy, sql.placeholder('now')),
      sql`(${sql.placeholder('urgency')}::text IS NULL OR ${donationRequests.urgency} = ${sql.placeholder('urgency')})`,
      // Reported by REPORTS_TO_HIDE users or more: off the list until staff review it (issue 17),
      // unless urgent or critical (issue 30: flagged instead; shared/reports/model.ts isHiddenByReports).
      or(lt(donationRequests.openReports, sql.placeholder('reportsToHide')), sql`${donationRequests.urgency} <> 'normal'`),
    );
  const where = listed(gte(donationRequests.donationDate, sql.placeholder('from'))!);
  const order = [asc(donationRequests.donationDate), asc(donationRequests.donationTime), asc(donationRequests.id)];
  // A deep page skips its offset in the index alone (index-only), then reads just its own rows.
  const pageIds = db
    .select({ id: donationRequests.id })
    .from(donationRequests)
    .where(where)
    .orderBy(...order)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
  return {
    page: db
      .select()
      .from(donationRequests)
      .where(inArray(donationRequests.id, pageIds))
      .orderBy(...order)
      .prepare('pending_requests_page'),
    // The counts by day and urgency (decision 054): the later days from the counters the triggers
    // keep (a request of a later day has not reached its time: its instant is on that day), today's
    // counted in the index, in one statement (one snapshot).
    counts: db
      .select({ day: publicRequestCounts.day, urgency: publicRequestCounts.urgency, n: sql<string>`sum(${publicRequestCounts.n})` })
      .from(publicRequestCounts)
      .where(
        and(
          gt(publicRequestCounts.day, sql.placeholder('today')),
          or(lt(publicRequestCounts.reports, sql.placeholder('reportsToHide')), sql`${publicRequestCounts.urgency} <> 'normal'`),
        ),
      )
      .groupBy(publicRequestCounts.day, publicRequestCounts.urgency)
      .unionAll(
        db
          .select({ day: donationRequests.donationDate, urgency: donationRequests.urgency, n: sql<string>`count(*)` })
          .from(donationRequests)
          .where(listed(eq(donationRequests.donationDate, sql.placeholder('today')))!)
          .groupBy(donationRequests.donationDate, donationRequests.urgency),
      )
      .prepare('pending_requests_counts'),
  };
}

/** Every prepared statement of the feature, built once (deps.ts). */
export function createRequestQueries(db: Db) {
  return { views: requestViews(db), requester: requesterPages(db), pending: pendingLists(db) };
}
export type RequestQueries = ReturnType<typeof createRequestQueries>;
