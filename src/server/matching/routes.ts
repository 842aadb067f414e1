import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can } from '../../shared/donation-request-policy';
import { matchSchema, todayInDhaka } from '../../shared/donation-requests';
import { DONATION_MESSAGES } from '../../shared/donation-request-rules';
import { ENDPOINTS } from '../../shared/endpoints';
import { paginationQuerySchema, TOTAL_COUNT_HEADER } from '../../shared/pagination';
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
      // The donor index's look for changes reads the request too: one round trip, shared with the calls that arrive together.
      const { table, request: found } = await deps.donors.withRequest(request.params.id);
      if (!found) throw notFound(DONATION_MESSAGES.notFound);
      if (!can(actor, 'viewMatches', requestResource(found))) throw forbidden('Only the requester, a volunteer or an admin can see the matching donors');
      const today = todayInDhaka();
      const { rows, total } = findMatches(
        table,
        await deps.locations.get(),
        {
          id: found.id,
          requesterId: found.requesterId,
          bloodGroup: found.bloodGroup,
          component: found.component,
          districtId: found.districtId,
          upazilaId: found.upazilaId,
          // Eligible on the day of the donation (today, if that day has passed).
          eligibleOn: found.donationDate > today ? found.donationDate : today,
        },
        found.pledged,
        request.query,
      );
      void reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows;
    },
  );
};
