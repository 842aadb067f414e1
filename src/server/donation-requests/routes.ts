import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deletedCountSchema, insertedIdSchema, matchedCountSchema, modifiedCountSchema, paginationQuerySchema, TOTAL_COUNT_HEADER } from '../../shared/api/schemas';
import { ENDPOINTS } from '../../shared/api/endpoints';
import {
  type DonationRequest,
  donationRequestInputSchema,
  donationRequestQuerySchema,
  donationRequestSchema,
  pledgeCheckinSchema,
  pledgeOutcomeSchema,
  publicDonationRequestSchema,
  setDonationStatusSchema,
  statusFilterSchema,
  urgencyFilterSchema,
} from '../../shared/donation-requests/schemas';
import type { AppDeps } from '../deps';
import { auditContextOf } from '../audit/service';
import { currentUser } from '../auth/guard';
import { compileSerializer, rememberingWriter } from '../plugins/serializer';
import { listAll, listByRequester, listPending } from './lists';
import { checkInPledge, recordPledgeOutcome } from './pledge-states';
import { confirmDonation, createRequest, deleteRequest, getRequest, setDonationStatus, updateRequest } from './service';

const idParams = z.object({ id: z.uuid('Not a request id') });
const pledgeParams = idParams.extend({ pledgeId: z.uuid('Not a pledge id') });
const listQuery = paginationQuerySchema.extend(statusFilterSchema.shape).extend(urgencyFilterSchema.shape);
/**
 * GET /donationRequest answers one request or a list (a union schema). A list is written by its
 * own branch of that schema, compiled once: the union's writer would first test every row
 * against the branches to choose one. A cached page is written once, not on every request.
 */
const writeRequestList = rememberingWriter<DonationRequest[]>(compileSerializer(z.array(donationRequestSchema)));

export const donationRequestRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { guards, requests } = deps;
  // Every successful write here is a donation-request write (the caches it changes: ./cache.ts).
  app.addHook('onSend', deps.caches.writes.clearAfterWrites('donation-requests'));

  app.post(
    ENDPOINTS.createRequest.pattern,
    { preHandler: guards.requireUser, schema: { body: donationRequestInputSchema, response: { 201: insertedIdSchema } } },
    async (request, reply) => {
      const id = await createRequest(requests, currentUser(request), request.body);
      return reply.status(201).send({ insertedId: id });
    },
  );

  // ?email=... -> that requester's requests (a page, newest first); ?id=... -> one request.
  app.get(
    ENDPOINTS.myRequests.pattern,
    {
      preHandler: guards.requireUser,
      schema: {
        querystring: donationRequestQuerySchema.and(listQuery),
        response: { 200: z.union([z.array(donationRequestSchema), donationRequestSchema]) },
      },
    },
    async (request, reply) => {
      const { email, id, status, urgency, page, limit } = request.query;
      if (id !== undefined) return getRequest(requests, currentUser(request), id, auditContextOf(request));
      const { rows, total } = await listByRequester(requests, currentUser(request), email!, { status, urgency }, { page, limit });
      return reply.header(TOTAL_COUNT_HEADER, String(total)).type('application/json; charset=utf-8').serializer(writeRequestList).send(rows);
    },
  );

  app.get(
    ENDPOINTS.pendingRequests.pattern,
    { schema: { querystring: paginationQuerySchema.extend(urgencyFilterSchema.shape), response: { 200: z.array(publicDonationRequestSchema) } } },
    async (request, reply) => {
      const { urgency, page, limit } = request.query;
      const { rows, total } = await listPending(requests, urgency, { page, limit });
      void reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows;
    },
  );

  app.patch(
    ENDPOINTS.updateRequest.pattern,
    {
      preHandler: guards.requireUser,
      schema: { params: idParams, body: donationRequestInputSchema, response: { 200: modifiedCountSchema } },
    },
    async (request) => ({
      modifiedCount: await updateRequest(requests, currentUser(request), request.params.id, request.body, auditContextOf(request)),
    }),
  );

  app.patch(
    ENDPOINTS.setDonationStatus.pattern,
    { preHandler: guards.requireUser, schema: { params: idParams, body: setDonationStatusSchema, response: { 200: modifiedCountSchema } } },
    async (request) => ({
      modifiedCount: await setDonationStatus(requests, currentUser(request), request.params.id, request.body.donationStatus, auditContextOf(request)),
    }),
  );

  app.delete(
    ENDPOINTS.deleteRequest.pattern,
    {
      preHandler: guards.requireUser,
      schema: { querystring: z.object({ id: z.uuid('Not a request id') }), response: { 200: deletedCountSchema } },
    },
    async (request) => ({ deletedCount: await deleteRequest(requests, currentUser(request), request.query.id, auditContextOf(request)) }),
  );

  // The donor's name and email come from the signed-in account, never from the body.
  app.patch(
    ENDPOINTS.confirmDonation.pattern,
    { preHandler: guards.requireUser, schema: { params: idParams, response: { 200: matchedCountSchema } } },
    async (request) => ({ matchedCount: await confirmDonation(requests, currentUser(request), request.params.id) }),
  );

  app.post(
    ENDPOINTS.checkInPledge.pattern,
    { preHandler: guards.requireUser, schema: { params: idParams, body: pledgeCheckinSchema, response: { 200: modifiedCountSchema } } },
    async (request) => ({ modifiedCount: await checkInPledge(requests, currentUser(request), request.params.id, request.body.state) }),
  );

  app.patch(
    ENDPOINTS.recordPledgeOutcome.pattern,
    { preHandler: guards.requireUser, schema: { params: pledgeParams, body: pledgeOutcomeSchema, response: { 200: modifiedCountSchema } } },
    async (request) => ({
      modifiedCount: await recordPledgeOutcome(requests, currentUser(request), request.params.id, request.params.pledgeId, request.body, auditContextOf(request)),
    }),
  );

  app.get(
    ENDPOINTS.allRequests.pattern,
    {
      preHandler: guards.requireRole('admin', 'volunteer'),
      schema: { querystring: listQuery, response: { 200: z.array(donationRequestSchema) } },
    },
    async (request, reply) => {
      const { status, urgency, page, limit } = request.query;
      const { rows, total } = await listAll(requests, { status, urgency }, { page, limit });
      void reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows;
    },
  );
};
