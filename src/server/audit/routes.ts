import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditEntrySchema, auditQuerySchema } from '../../shared/audit/schemas';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { TOTAL_COUNT_HEADER } from '../../shared/api/schemas';
import type { AppDeps } from '../deps';
import { listAudit } from './service';

export const auditRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, guards } = deps;

  // Admins only (a blocked admin has no staff power; volunteers see the moderation queue, not this).
  app.get(
    ENDPOINTS.audit.pattern,
    { preHandler: guards.requireRole('admin'), schema: { querystring: auditQuerySchema, response: { 200: z.array(auditEntrySchema) } } },
    async (request, reply) => {
      const { actor, action, from, to, page, limit } = request.query;
      const { rows, total } = await listAudit(db, { actor, action, from, to }, { page, limit });
      void reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows;
    },
  );
};
