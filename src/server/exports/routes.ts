import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { requestsCsvQuerySchema, usersCsvQuerySchema } from '../../shared/insight/schemas';
import type { AppDeps } from '../deps';
import { csvFileName, sendCsv } from './csv';
import { type CsvQuery, donationRequestsCsv, fundingLedgerCsv, usersCsv } from './service';

/** CSV downloads for admins (issue 18), streamed from the database. */
export const exportRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const admin = deps.guards.requireRole('admin');
  const send = (reply: Parameters<typeof sendCsv>[1], q: CsvQuery) => sendCsv(deps.pool, reply, csvFileName(q.name), q.columns, q.text, q.values);

  app.get(ENDPOINTS.usersCsv.pattern, { preHandler: admin, schema: { querystring: usersCsvQuerySchema } }, (request, reply) => send(reply, usersCsv(request.query)));
  app.get(ENDPOINTS.donationRequestsCsv.pattern, { preHandler: admin, schema: { querystring: requestsCsvQuerySchema } }, (request, reply) =>
    send(reply, donationRequestsCsv(request.query)),
  );
  app.get(ENDPOINTS.fundingLedgerCsv.pattern, { preHandler: admin }, (_request, reply) => send(reply, fundingLedgerCsv()));
};
