import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { z } from 'zod';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { isAdmin } from '../../shared/access/policy';
import { checkoutBodySchema, checkoutResponseSchema, fundingSummarySchema, fundSchema } from '../../shared/funding/schemas';
import { paginationQuerySchema, TOTAL_COUNT_HEADER } from '../../shared/api/schemas';
import type { AppDeps } from '../deps';
import { currentUser } from '../auth/guard';
import { badRequest, HttpError } from '../errors';
import { createCheckout, createStripe, listFunds, recordEvent, totalFunding } from './service';
import { FUNDING_MESSAGES } from '../../shared/funding/texts';

export const fundingRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, config, guards } = deps;
  const stripe = createStripe(config);

  app.post(
    ENDPOINTS.checkout.pattern,
    {
      preHandler: guards.requireUser,
      config: { rateLimit: deps.limits.account },
      schema: { body: checkoutBodySchema, response: { 200: checkoutResponseSchema } },
    },
    async (request) => {
      try {
        return { url: await createCheckout(stripe, config, currentUser(request), request.body) };
      } catch (err) {
        if (!(err instanceof Stripe.errors.StripeError)) throw err;
        // Stripe's status (a 401 for a bad key) must not reach the browser, which would sign out.
        request.log.error(
          { stripe: { type: err.type, statusCode: err.statusCode, code: err.code, requestId: err.requestId, message: err.message } },
          'stripe checkout failed',
        );
        throw new HttpError(502, FUNDING_MESSAGES.checkoutFailed, 'PAYMENT_SERVICE_ERROR');
      }
    },
  );

  app.get(
    ENDPOINTS.funds.pattern,
    { preHandler: guards.requireUser, schema: { querystring: paginationQuerySchema, response: { 200: z.array(fundSchema) } } },
    async (request, reply) => {
      // Givers' names are for admins; others see a name only where its giver chose to be named.
      const { rows, total } = await listFunds(db, request.query, { allNames: isAdmin(currentUser(request)) });
      void reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows;
    },
  );

  app.get(
    ENDPOINTS.fundingSummary.pattern,
    { preHandler: guards.requireUser, schema: { response: { 200: fundingSummarySchema } } },
    async () => ({
      ...(await totalFunding(db, config.FUNDING_CURRENCY)),
      currency: config.FUNDING_CURRENCY,
      online: Boolean(stripe && config.STRIPE_WEBHOOK_SECRET),
      minAmount: config.FUNDING_MIN_AMOUNT,
      maxAmount: config.FUNDING_MAX_AMOUNT,
    }),
  );

  // Stripe's webhook: the signature covers the exact bytes, so this route reads the raw body.
  await app.register(async (hook) => {
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) => done(null, body));
    hook.post(ENDPOINTS.fundingWebhook.pattern, { schema: { response: { 200: z.object({ received: z.literal(true) }) } } }, async (request) => {
      if (!stripe || !config.STRIPE_WEBHOOK_SECRET) throw new HttpError(503, FUNDING_MESSAGES.onlineNotSetUp, 'FUNDING_DISABLED');
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw badRequest(FUNDING_MESSAGES.missingSignature);
      let event;
      try {
        event = stripe.webhooks.constructEvent(request.body, signature, config.STRIPE_WEBHOOK_SECRET);
      } catch {
        throw badRequest(FUNDING_MESSAGES.invalidSignature, undefined);
      }
      const recorded = await recordEvent(db, event);
      request.log.info({ eventId: event.id, type: event.type, recorded }, 'stripe webhook');
      return { received: true as const };
    });
  });
};
