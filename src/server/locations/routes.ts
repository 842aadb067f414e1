import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { districtSchema, districtsQuerySchema, divisionSchema, upazilaSchema } from '../../shared/locations/schemas';
import type { AppDeps } from '../deps';
import type { CachedBody } from './service';

// Static data: browsers may reuse it for a day and revalidate with the ETag after that.
const CACHE_CONTROL = 'public, max-age=86400';

function sendCached(request: FastifyRequest, reply: FastifyReply, body: CachedBody) {
  void reply.header('etag', body.etag).header('cache-control', CACHE_CONTROL);
  if (request.headers['if-none-match'] === body.etag) return reply.status(304).send();
  // The body was validated against the response schema when the cache was built.
  return reply.type('application/json; charset=utf-8').send(body.json);
}

export const locationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { locations }) => {
  app.get(
    ENDPOINTS.divisions.pattern,
    { schema: { response: { 200: z.array(divisionSchema) } } },
    async (request, reply) => sendCached(request, reply, (await locations.get()).divisions),
  );

  app.get(
    ENDPOINTS.districts.pattern,
    {
      schema: {
        querystring: districtsQuerySchema,
        response: { 200: z.union([z.array(districtSchema), z.array(upazilaSchema)]) },
      },
    },
    async (request, reply) => {
      const index = await locations.get();
      const { divisionId, districtId } = request.query;
      const body = divisionId !== undefined ? index.districtsOf(divisionId) : index.upazilasOf(districtId ?? 0);
      return sendCached(request, reply, body);
    },
  );
};
