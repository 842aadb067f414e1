import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paginationQuerySchema, TOTAL_COUNT_HEADER } from '../../shared/pagination';
import { type Donor, donorSchema, searchQuerySchema } from '../../shared/search';
import type { AppDeps } from '../app';
import { searchDonors } from './service';

export const searchRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // GET /search?bloodGroup=&&district=&&division=&&upazila= (public; any subset of the four)
  app.get(
    '/search',
    { schema: { querystring: searchQuerySchema.extend(paginationQuerySchema.shape), response: { 200: z.array(donorSchema) } } },
    async (request, reply) => {
      const { bloodGroup, division, district, upazila, page, limit } = request.query;
      const key = [bloodGroup, division, district, upazila, page, limit].join(':');
      const { rows, total } = await deps.caches.search.get(key, async () => {
        const result = await searchDonors(deps.db, await deps.locations.get(), { bloodGroup, division, district, upazila }, { page, limit });
        return { rows: result.donors, total: result.total };
      });
      void reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows as Donor[];
    },
  );
};
