import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can } from '../../shared/donation-requests/policy';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { outreachProgressSchema, respondResultSchema, respondSchema } from '../../shared/outreach/schemas';
import { modifiedCountSchema } from '../../shared/api/schemas';
import { auditContextOf } from '../audit/service';
import { currentUser } from '../auth/guard';
import type { AppDeps } from '../deps';
import { findRequest, requestResource } from '../donation-requests/service';
import { forbidden } from '../errors';
import { respond, withdrawPledge } from './answers';
import { outreachProgress } from './progress';
import { OUTREACH_MESSAGES } from '../../shared/outreach/texts';

const idParams = z.object({ id: z.uuid('Not a request id') });

export const outreachRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, guards } = deps;

  // A pledge or a withdrawal changes the request lists (pledge counts, pending again).
  app.addHook('onSend', deps.caches.writes.clearAfterWrites('donation-requests'));
  app.post(
      ENDPOINTS.respond.pattern,
      { preHandler: guards.requireUser, schema: { params: idParams, body: respondSchema, response: { 200: respondResultSchema } } },
      async (request) => {
        const requesterPhone = await respond(deps.requests, currentUser(request), request.params.id, request.body.answer, auditContextOf(request));
        return { answer: request.body.answer, requesterPhone };
      },
    );
  app.delete(
      ENDPOINTS.withdrawPledge.pattern,
      { preHandler: guards.requireUser, schema: { params: idParams, response: { 200: modifiedCountSchema } } },
      async (request) => ({ modifiedCount: await withdrawPledge(db, deps.jobs, currentUser(request), request.params.id) }),
    );

  app.get(
    ENDPOINTS.outreach.pattern,
    { preHandler: guards.requireUser, schema: { params: idParams, response: { 200: outreachProgressSchema } } },
    async (request) => {
      const row = await findRequest(db, request.params.id); // 404 when missing
      if (!can(currentUser(request), 'viewOutreach', requestResource(row))) throw forbidden(OUTREACH_MESSAGES.progressForbidden);
      return outreachProgress(db, await deps.locations.get(), row);
    },
  );
};
