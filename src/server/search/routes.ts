import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ENDPOINTS } from '../../shared/endpoints';
import { paginationQuerySchema, TOTAL_COUNT_HEADER } from '../../shared/pagination';
import { donorSchema, SEARCH_MESSAGES, searchQuerySchema } from '../../shared/search';
import type { AppDeps } from '../deps';
import type { DonorTable } from '../matching';
import { badRequest } from '../errors';
import { searchDonors } from './service';

export const searchRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const looks = new WeakMap<FastifyRequest, Promise<DonorTable>>();
  // GET /search?bloodGroup=&&district=&&division=&&upazila= (public; any non-empty subset of the
  // four). Rate-limited per address, and never a search with no filter: it lists donors' contacts.
  app.get(
    ENDPOINTS.searchDonors.pattern,
    {
      // The donor index's look for changes starts beside the rate limit's count (the hook the
      // rate-limit plugin adds comes after this one): two round trips at once instead of in turn.
      onRequest: async (request) => {
        const look = deps.donors.current();
        look.catch(() => {}); // unused when the call is refused; a failure is the handler's
        looks.set(request, look);
      },
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
      const look = looks.get(request);
      const donors = look ? { ...deps.donors, current: () => look } : deps.donors;
      const { rows, total } = await searchDonors(donors, deps.caches.search, await deps.locations.get(), filter, { page, limit });
      void reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows;
    },
  );
};
