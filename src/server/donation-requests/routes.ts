import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type PublicDonationRequest,
  donationRequestInputSchema,
  donationRequestQuerySchema,
  donationRequestSchema,
  publicDonationRequestSchema,
  setDonationStatusSchema,
  statusFilterSchema,
} from '../../shared/donation-requests';
import { paginationQuerySchema, TOTAL_COUNT_HEADER } from '../../shared/pagination';
import { insertedIdSchema, modifiedCountSchema } from '../../shared/users';
import type { AppDeps } from '../app';
import { currentUser } from '../auth/guard';
import {
  confirmDonation,
  createRequest,
  deleteRequest,
  getRequest,
  listAll,
  listByRequester,
  listPending,
  setDonationStatus,
  toDonationRequest,
  toPublicDonationRequest,
  updateRequest,
} from './service';

const idParams = z.object({ id: z.uuid('Not a request id') });
const listQuery = paginationQuerySchema.extend(statusFilterSchema.shape);

export const donationRequestRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, guards } = deps;
  // Any successful write changes what the public pending list shows.
  // Cleared before the answer leaves, so the writer's next read sees the change.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && reply.statusCode < 300) {
      deps.caches.pending.clear();
      deps.caches.requesterLists.clear();
    }
    return payload;
  });

  app.post(
    '/donationRequest',
    { preHandler: guards.requireUser, schema: { body: donationRequestInputSchema, response: { 201: insertedIdSchema } } },
    async (request, reply) => {
      const id = await createRequest(db, await deps.locations.get(), currentUser(request), request.body);
      return reply.status(201).send({ insertedId: id });
    },
  );

  // ?email=... -> that requester's requests (a page, newest first); ?id=... -> one request.
  app.get(
    '/donationRequest',
    {
      preHandler: guards.requireUser,
      schema: {
        querystring: donationRequestQuerySchema.and(listQuery),
        response: { 200: z.union([z.array(donationRequestSchema), donationRequestSchema]) },
      },
    },
    async (request, reply) => {
      const locations = await deps.locations.get();
      const { email, id, status, page, limit } = request.query;
      if (id !== undefined) return getRequest(db, locations, currentUser(request), id);
      const { json, total } = await listByRequester(db, deps.caches.requesterLists, locations, currentUser(request), email!, status, { page, limit });
      // Already written by the list's schema-compiled serializer (service.ts).
      return reply.header(TOTAL_COUNT_HEADER, String(total)).type('application/json; charset=utf-8').send(json as never);
    },
  );

  app.get(
    '/donationRequest/pending',
    { schema: { querystring: paginationQuerySchema, response: { 200: z.array(publicDonationRequestSchema) } } },
    async (request, reply) => {
      const { page, limit } = request.query;
      const { rows, total } = await deps.caches.pending.get(`${page}:${limit}`, async () => {
        const [locations, result] = await Promise.all([deps.locations.get(), listPending(db, { page, limit })]);
        return { rows: result.rows.map((r) => toPublicDonationRequest(r, locations)), total: result.total };
      });
      void reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows as PublicDonationRequest[];
    },
  );

  app.patch(
    '/donationRequest/:id',
    {
      preHandler: guards.requireUser,
      schema: { params: idParams, body: donationRequestInputSchema, response: { 200: modifiedCountSchema } },
    },
    async (request) => ({
      modifiedCount: await updateRequest(db, await deps.locations.get(), currentUser(request), request.params.id, request.body),
    }),
  );

  app.patch(
    '/donationRequest/:id/status',
    { preHandler: guards.requireUser, schema: { params: idParams, body: setDonationStatusSchema, response: { 200: modifiedCountSchema } } },
    async (request) => ({
      modifiedCount: await setDonationStatus(db, currentUser(request), request.params.id, request.body.donationStatus),
    }),
  );

  app.delete(
    '/donationRequest',
    {
      preHandler: guards.requireUser,
      schema: { querystring: z.object({ id: z.uuid('Not a request id') }), response: { 200: z.object({ deletedCount: z.number().int() }) } },
    },
    async (request) => ({ deletedCount: await deleteRequest(db, currentUser(request), request.query.id) }),
  );

  // The donor's name and email come from the signed-in account, never from the body.
  app.patch(
    '/confirmDonation/:id',
    { preHandler: guards.requireUser, schema: { params: idParams, response: { 200: z.object({ matchedCount: z.number().int() }) } } },
    async (request) => ({ matchedCount: await confirmDonation(db, currentUser(request), request.params.id) }),
  );

  app.get(
    '/donationRequestAdmin/admin',
    {
      preHandler: guards.requireRole('admin', 'volunteer'),
      schema: { querystring: listQuery, response: { 200: z.array(donationRequestSchema) } },
    },
    async (request, reply) => {
      const { status, page, limit } = request.query;
      const [locations, { rows, total }] = await Promise.all([deps.locations.get(), listAll(db, status, { page, limit })]);
      void reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows.map((r) => toDonationRequest(r, locations));
    },
  );
};
