import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can } from '../../shared/donation-requests/policy';
import { matchSchema } from '../../shared/donation-requests/schemas';
import { todayInDhaka } from '../../shared/dates/model';
import { DONATION_MESSAGES } from '../../shared/donation-requests/texts';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { paginationQuerySchema, TOTAL_COUNT_HEADER } from '../../shared/api/schemas';
import { currentUser } from '../auth/guard';
import type { AppDeps } from '../deps';
import { requestResource } from '../donation-requests/service';
import { forbidden, notFound } from '../errors';
import { findMatches } from './service';

export const matchingRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    ENDPOINTS.matches.pattern,
    {
      preHandler: deps.guards.requireUser,
      schema: { params: z.object({ id: z.uuid('Not a request id') }), querystring: paginationQuerySchema, response: { 200: z.array(matchSchema) } },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      // The request, its ranking and the page: one statement (decision 064).
      const found = await findMatches(deps.db, await deps.locations.get(), request.params.id, todayInDhaka(), request.query);
      if (!found) throw notFound(DONATION_MESSAGES.notFound);
      if (!can(actor, 'viewMatches', requestResource(found.request))) throw forbidden(DONATION_MESSAGES.matchesForbidden);
      void reply.header(TOTAL_COUNT_HEADER, String(found.total));
      return found.rows;
    },
  );
};
