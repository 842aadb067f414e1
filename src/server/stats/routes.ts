import { count, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { adminStatsSchema, smsUsageSchema } from '../../shared/stats/schemas';
import type { AppDeps } from '../deps';
import { users } from '../db/schema/accounts';
import { donationRequests } from '../db/schema/requests';
import { totalFunding } from '../funding/service';
import { smsUsage } from '../sms/service';

export const statsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    ENDPOINTS.adminStats.pattern,
    { preHandler: deps.guards.requireRole('admin', 'volunteer'), schema: { response: { 200: adminStatsSchema } } },
    async () => {
      const [[u], [d], funds] = await Promise.all([
        // Deleted accounts (issue 17) stay as rows for the record, but are no longer users.
        deps.db.select({ n: count() }).from(users).where(isNull(users.deletedAt)),
        deps.db.select({ n: count() }).from(donationRequests),
        // Revenue: the funds received, in the configured currency's major unit.
        totalFunding(deps.db, deps.config.FUNDING_CURRENCY),
      ]);
      return { users: u?.n ?? 0, revenue: funds.total, donation: d?.n ?? 0 };
    },
  );

  app.get(
    ENDPOINTS.smsUsage.pattern,
    { preHandler: deps.guards.requireRole('admin', 'volunteer'), schema: { response: { 200: smsUsageSchema } } },
    async () => smsUsage(deps.db, deps.sms !== null, deps.config.SMS_DAILY_SEGMENTS),
  );
};
