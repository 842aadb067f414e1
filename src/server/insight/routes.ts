import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { funnelQuerySchema, funnelSchema, type InsightBreakdown, insightBreakdownQuerySchema, insightBreakdownSchema, type InsightSeries, insightSeriesQuerySchema, insightSeriesSchema } from '../../shared/insight/schemas';
import type { AppDeps } from '../deps';
import { TtlCache } from '../lib/ttl-cache';
import { funnel } from './funnel';
import { breakdown, checkDivision, series } from './service';

/**
 * How long an answer is kept (per app, per query): every figure scans the range's requests, and a
 * dashboard may be 15 s behind. Off when the list caches are off (LIST_CACHE_TTL_MS=0, the tests).
 */
const ANSWER_TTL_MS = 15_000;

/** The admin home's charts (issue 18): staff only, like the three statistics above them. */
export const insightRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const staff = deps.guards.requireRole('admin', 'volunteer');
  const cachesOn = deps.config.LIST_CACHE_TTL_MS > 0;
  const seriesAnswers = new TtlCache<InsightSeries>(cachesOn ? ANSWER_TTL_MS : 0, 200);
  const breakdownAnswers = new TtlCache<InsightBreakdown>(cachesOn ? ANSWER_TTL_MS : 0, 200);

  app.get(
    ENDPOINTS.insightSeries.pattern,
    { preHandler: staff, schema: { querystring: insightSeriesQuerySchema, response: { 200: insightSeriesSchema } } },
    async (request) => {
      checkDivision(await deps.locations.get(), request.query.division);
      return seriesAnswers.get(JSON.stringify(request.query), () => series(deps.db, request.query));
    },
  );

  app.get(
    ENDPOINTS.insightBreakdown.pattern,
    { preHandler: staff, schema: { querystring: insightBreakdownQuerySchema, response: { 200: insightBreakdownSchema } } },
    async (request) => {
      checkDivision(await deps.locations.get(), request.query.division);
      const q = request.query;
      return breakdownAnswers.get(JSON.stringify(q), () => breakdown(deps.db, q));
    },
  );

  app.get(
    ENDPOINTS.funnel.pattern,
    { preHandler: staff, schema: { querystring: funnelQuerySchema, response: { 200: funnelSchema } } },
    async (request) => {
      checkDivision(await deps.locations.get(), request.query.division);
      return funnel(deps.db, request.query);
    },
  );
};
