import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can } from '../../shared/donation-request-policy';
import { matchSchema, todayInDhaka } from '../../shared/donation-requests';
import { ENDPOINTS } from '../../shared/endpoints';
import { paginationQuerySchema, TOTAL_COUNT_HEADER } from '../../shared/pagination';
import { currentUser } from '../auth/guard';
import type { AppDeps } from '../deps';
import { requestResource } from '../donation-requests/service';
import { forbidden } from '../errors';
import { createMatchRequests, findMatches } from './service';

export const matchingRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const matchRequests = createMatchRequests(deps.db);
  app.get(
    ENDPOINTS.matches.pattern,
    {
      preHandler: deps.guards.requireUser,
      schema: { params: z.object({ id: z.uuid('Not a request id') }), querystring: paginationQuerySchema, response: { 200: z.array(matchSchema) } },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      // The donor index's look for changes and the request's row in one round trip's time: the
      // look needs nothing from the row. Unused when the answer is 404 or 403.
      const current = deps.donors.current();
      void current.catch(() => {});
      const { row, pledged } = await matchRequests(request.params.id); // 404 when missing
      if (!can(actor, 'viewMatches', requestResource(row))) throw forbidden('Only the requester, a volunteer or an admin can see the matching donors');
      const today = todayInDhaka();
      const { rows, total } = await findMatches(
        deps.donors,
        current,
        await deps.locations.get(),
        {
          id: row.id,
          requesterId: row.requesterId,
          bloodGroup: row.bloodGroup,
          component: row.component,
          districtId: row.districtId,
          upazilaId: row.upazilaId,
          // Eligible on the day of the donation (today, if that day has passed).
          eligibleOn: row.donationDate > today ? row.donationDate : today,
        },
        pledged,
        request.query,
      );
      void reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows;
    },
  );
};
