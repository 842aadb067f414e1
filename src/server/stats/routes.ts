import { count } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminStatsSchema } from '../../shared/stats';
import type { AppDeps } from '../app';
import { donationRequests, users } from '../db/schema';
import { totalRevenue } from './revenue';

export const statsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/admin-stats',
    { preHandler: deps.guards.requireRole('admin', 'volunteer'), schema: { response: { 200: adminStatsSchema } } },
    async () => {
      const [[u], [d], revenue] = await Promise.all([
        deps.db.select({ n: count() }).from(users),
        deps.db.select({ n: count() }).from(donationRequests),
        totalRevenue(deps.db, deps.config.FUNDING_CURRENCY),
      ]);
      return { users: u?.n ?? 0, revenue, donation: d?.n ?? 0 };
    },
  );
};
