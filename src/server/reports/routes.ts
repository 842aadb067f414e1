import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesOf } from '../../shared/access/policy';
import { DONATION_REQUEST_RULES } from '../../shared/donation-requests/policy';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { insertedIdSchema, TOTAL_COUNT_HEADER } from '../../shared/api/schemas';
import { reportInputSchema, reportQueueRowSchema, reportsQuerySchema, resolveReportsSchema, resolveResultSchema } from '../../shared/reports/schemas';
import { auditContextOf } from '../audit/service';
import { currentUser } from '../auth/guard';
import type { AppDeps } from '../deps';
import { listReportedRequests, reportRequest, resolveReports } from './service';

const idParams = z.object({ id: z.uuid('Not a request id') });
const STAFF = rolesOf(DONATION_REQUEST_RULES.dismissReports, DONATION_REQUEST_RULES.removeReported);

export const reportRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, guards } = deps;
  const hideAt = deps.config.REPORTS_TO_HIDE;
  // A report or a resolution may hide or show a request: the request lists are cleared (every instance).
  app.addHook('onSend', deps.caches.writes.clearAfterWrites('donation-requests'));

  app.post(
    ENDPOINTS.reportRequest.pattern,
    { preHandler: guards.requireUser, schema: { params: idParams, body: reportInputSchema, response: { 201: insertedIdSchema } } },
    async (request, reply) => {
      const id = await reportRequest(db, deps.reports, currentUser(request), request.params.id, request.body);
      return reply.status(201).send({ insertedId: id });
    },
  );

  app.patch(
    ENDPOINTS.resolveReports.pattern,
    { preHandler: guards.requireRole(...STAFF), schema: { params: idParams, body: resolveReportsSchema, response: { 200: resolveResultSchema } } },
    async (request) => {
      const { resolution } = request.body;
      const resolvedCount = await resolveReports(db, deps.jobs, currentUser(request), auditContextOf(request), request.params.id, resolution, hideAt);
      return { resolution, resolvedCount };
    },
  );

  app.get(
    ENDPOINTS.reports.pattern,
    { preHandler: guards.requireRole(...STAFF), schema: { querystring: reportsQuerySchema, response: { 200: z.array(reportQueueRowSchema) } } },
    async (request, reply) => {
      const { status, page, limit } = request.query;
      const { rows, total } = await listReportedRequests(db, status, hideAt, { page, limit });
      void reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows;
    },
  );
};
