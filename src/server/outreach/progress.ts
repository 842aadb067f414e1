import { and, count, eq, sql } from 'drizzle-orm';
import { OUTREACH_AREAS, type OutreachArea } from '../../shared/outreach/model';
import type { OutreachProgress } from '../../shared/outreach/schemas';
import type { Db } from '../db/client';
import { notifications, outreachAnswers, outreachWaves } from '../db/schema/outreach';
import { smsMessages } from '../db/schema/sms';
import { smsTaken } from '../sms/service';
import type { donationRequests } from '../db/schema/requests';
import type { LocationIndex } from '../locations/service';
import { QUEUES } from '../jobs';

/** How the search for donors is going (GET /donationRequest/{id}/outreach): counts, waves, and how far it reached. */
export async function outreachProgress(db: Db, locations: LocationIndex, request: typeof donationRequests.$inferSelect): Promise<OutreachProgress> {
  const [[notified], answers, waves] = await Promise.all([
    db
      .select({
        n: count(),
        // Named in full: in a one-table select Drizzle leaves its columns unqualified.
        bySms: sql<number>`(count(*) FILTER (WHERE EXISTS (SELECT 1 FROM ${smsMessages} WHERE sms_messages.notification_id = notifications.id AND ${smsTaken})))::int`,
      })
      .from(notifications)
      .where(and(eq(notifications.requestId, request.id), eq(notifications.kind, 'alert'))),
    db.select({ answer: outreachAnswers.answer, n: count() }).from(outreachAnswers).where(eq(outreachAnswers.requestId, request.id)).groupBy(outreachAnswers.answer),
    db.select({ area: outreachWaves.area, farthest: outreachWaves.farthestDistrictId }).from(outreachWaves).where(eq(outreachWaves.requestId, request.id)),
  ]);
  let area: OutreachArea = 'none';
  for (const w of waves) if (OUTREACH_AREAS.indexOf(w.area as OutreachArea) > OUTREACH_AREAS.indexOf(area)) area = w.area as OutreachArea;
  const km = new Map(locations.districtsByDistance(request.districtId).map((d) => [d.districtId, d.km]));
  const farthest = waves
    .map((w) => w.farthest)
    .filter((d): d is number => d !== null)
    .sort((a, b) => (km.get(b) ?? 0) - (km.get(a) ?? 0))[0];
  return {
    notified: notified?.n ?? 0,
    bySms: notified?.bySms ?? 0,
    accepted: answers.find((a) => a.answer === 'accept')?.n ?? 0,
    declined: answers.find((a) => a.answer === 'decline')?.n ?? 0,
    pledged: request.pledgeCount,
    unitsNeeded: request.unitsNeeded,
    waves: waves.length,
    area,
    farthestDistrict: farthest === undefined ? null : locations.districtName(farthest),
    nextWaveAt: await nextWaveAt(db, request.id),
  };
}

/** The waiting wave job's start, if there is one (pg-boss's own table, read-only). */
async function nextWaveAt(db: Db, requestId: string): Promise<string | null> {
  const { rows } = await db.execute<{ start_after: Date }>(
    sql`SELECT start_after FROM pgboss.job WHERE name = ${QUEUES.wave} AND singleton_key = ${requestId} AND state IN ('created', 'retry') ORDER BY start_after LIMIT 1`,
  );
  const at = rows[0]?.start_after;
  return at ? new Date(at).toISOString() : null;
}
