import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { errorBodySchema } from '../errors';
import { API_MESSAGES } from '../../shared/api/texts';

export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { pool }) => {
  app.get(
    ENDPOINTS.health.pattern,
    {
      schema: {
        response: {
          200: z.object({ status: z.literal('ok'), db: z.literal('ok') }),
          503: errorBodySchema.extend({ status: z.literal('error'), db: z.literal('unreachable') }),
        },
      },
    },
    async (request, reply) => {
      try {
        await pool.query('SELECT 1');
        return { status: 'ok' as const, db: 'ok' as const };
      } catch (err) {
        request.log.warn({ err }, 'health check: database unreachable');
        return reply
          .status(503)
          .send({ message: API_MESSAGES.databaseUnreachable, code: 'SERVICE_UNAVAILABLE', status: 'error', db: 'unreachable' });
      }
    },
  );
};
