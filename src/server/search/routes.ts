import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { paginationQuerySchema, TOTAL_COUNT_HEADER } from '../../shared/api/schemas';
import { donorSchema, searchQuerySchema } from '../../shared/search/schemas';
import { SEARCH_MESSAGES } from '../../shared/search/texts';
import type { AppDeps } from '../deps';
import { badRequest } from '../errors';
import { searchDonors } from './service';

export const searchRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // GET /search?bloodGroup=&&district=&&division=&&upazila= (public; any non-empty subset of the
  // four). Rate-limited per address, and never a search with no filter: it lists donors' contacts.
  app.get(
    ENDPOINTS.searchDonors.pattern,
    {
      config: { rateLimit: deps.limits.search },
      // A token, when sent, must be valid: signed-in users see donors' emails in full, others masked (issue 17).
      preHandler: deps.guards.optionalUser,
      schema: { querystring: searchQuerySchema.extend(paginationQuerySchema.shape), response: { 200: z.array(donorSchema) } },
    },
    async (request, reply) => {
      const { bloodGroup, division, district, upazila, compatible, eligibleOnly, page, limit } = request.query;
      // The form's rule (spec section 5), with its words: all four still empty is no search.
      if (bloodGroup === undefined && division === undefined && district === undefined && upazila === undefined) {
        throw badRequest(SEARCH_MESSAGES.fillAny);
      }
      // With email verification on, an unconfirmed address is never found (someone may have registered another's email).
      const filter = { bloodGroup, division, district, upazila, compatible, eligibleOnly, verifiedOnly: deps.outreach.mail, maskEmails: !request.currentUser };
      const { rows, total } = await searchDonors(deps.db, deps.caches.search, await deps.locations.get(), filter, { page, limit });
      void reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows;
    },
  );
};
