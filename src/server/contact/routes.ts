import { createHmac } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTACT_MESSAGES } from '../../shared/contact/texts';
import { CONTACT_PER_ADDRESS_PER_HOUR, CONTACT_PER_EMAIL_PER_HOUR } from '../../shared/contact/model';
import { contactMessageInputSchema, contactMessageSchema, contactMessagesQuerySchema, handleContactMessageSchema, siteInfoSchema, sitePageParamsSchema, sitePageSchema } from '../../shared/contact/schemas';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { insertedIdSchema, modifiedCountSchema, TOTAL_COUNT_HEADER } from '../../shared/api/schemas';
import { currentUser } from '../auth/guard';
import type { AppDeps } from '../deps';
import { HttpError, notFound } from '../errors';
import { listContactMessages, markContactMessageHandled, readSitePages, storeContactMessage } from './service';

const HOUR = 3_600_000;
const idParams = z.object({ id: z.uuid(CONTACT_MESSAGES.notMessageId) });

/**
 * The operator's details and pages (GET /site, GET /site/pages/{page}: public) and the contact
 * form's messages (issue 38): anyone sends one (POST), volunteers and admins read them (GET) and
 * mark them handled (PATCH).
 */
export const contactRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, config, guards } = deps;
  const site = { helpline: config.SITE_HELPLINE ?? null, contactEmail: config.SITE_CONTACT_EMAIL ?? null };
  const pages = readSitePages(config);

  app.get(ENDPOINTS.siteInfo.pattern, { schema: { response: { 200: siteInfoSchema } } }, async (_request, reply) => {
    void reply.header('cache-control', 'public, max-age=300');
    return site;
  });

  app.get(ENDPOINTS.sitePage.pattern, { schema: { params: sitePageParamsSchema, response: { 200: sitePageSchema } } }, async (request, reply) => {
    void reply.header('cache-control', 'public, max-age=300');
    return pages[request.params.page];
  });

  // Per email address, in PostgreSQL beside the route's per-address count: a keyed hash of the
  // address is the key (the rate_limits table never holds the address itself).
  const perEmail = app.createRateLimit({
    max: CONTACT_PER_EMAIL_PER_HOUR,
    timeWindow: HOUR,
    keyGenerator: (request) => {
      const { email } = request.body as { email: string };
      return `contact-email|${createHmac('sha256', deps.secret).update(`contact:${email}`).digest('base64url')}`;
    },
  });

  app.post(
    ENDPOINTS.sendContactMessage.pattern,
    {
      // Per network address: high enough for many people behind one carrier-NAT address.
      config: { rateLimit: { max: CONTACT_PER_ADDRESS_PER_HOUR, timeWindow: HOUR } },
      preHandler: async (request, reply) => {
        const limit = await perEmail(request);
        if (!limit.isAllowed && limit.isExceeded) {
          void reply.header('retry-after', String(limit.ttlInSeconds));
          throw new HttpError(429, CONTACT_MESSAGES.tooManyFromEmail, 'RATE_LIMITED');
        }
      },
      schema: { body: contactMessageInputSchema, response: { 201: insertedIdSchema } },
    },
    async (request, reply) => {
      const id = await storeContactMessage(db, request.body);
      return reply.status(201).send({ insertedId: id });
    },
  );

  app.get(
    ENDPOINTS.contactMessages.pattern,
    { preHandler: guards.requireRole('volunteer', 'admin'), schema: { querystring: contactMessagesQuerySchema, response: { 200: z.array(contactMessageSchema) } } },
    async (request, reply) => {
      const { rows, total } = await listContactMessages(db, request.query);
      void reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows;
    },
  );

  app.patch(
    ENDPOINTS.handleContactMessage.pattern,
    { preHandler: guards.requireRole('volunteer', 'admin'), schema: { params: idParams, body: handleContactMessageSchema, response: { 200: modifiedCountSchema } } },
    async (request) => {
      const modified = await markContactMessageHandled(db, request.params.id, currentUser(request).id);
      if (modified === null) throw notFound(CONTACT_MESSAGES.notFound);
      return { modifiedCount: modified };
    },
  );
};
