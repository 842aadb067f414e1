import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountParamsSchema } from '../../shared/users/schemas';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { notificationSchema, notificationSettingsPatchSchema, notificationSettingsViewSchema, pushSubscriptionSchema, pushUnsubscribeSchema, unreadCountSchema } from '../../shared/notifications/schemas';
import { deletedCountSchema, modifiedCountSchema, paginationQuerySchema, TOTAL_COUNT_HEADER } from '../../shared/api/schemas';
import { parsePushServiceHosts } from '../../shared/notifications/model';
import { currentUser } from '../auth/guard';
import type { AppDeps } from '../deps';
import { badRequest } from '../errors';
import { userOfUnsubscribeToken } from '../outreach';
import {
  deleteSubscription,
  listNotifications,
  markAllRead,
  markRead,
  ownSettings,
  saveSubscription,
  unreadCount,
  unsubscribeEmail,
  updateSettings,
} from './service';
import { NOTIFICATION_MESSAGES } from '../../shared/notifications/texts';
import { OUTREACH_MESSAGES } from '../../shared/outreach/texts';


/** RFC 8058's one-click body, as a form (`List-Unsubscribe=One-Click`) or as JSON; none at all is fine too. */
const ONE_CLICK_FIELD = 'List-Unsubscribe';
const ONE_CLICK_VALUE = 'One-Click';
const oneClickBodySchema = z.strictObject({ [ONE_CLICK_FIELD]: z.literal(ONE_CLICK_VALUE).optional() });

export const notificationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, guards } = deps;
  /** Push services accepted beside the browsers' own (decision 059). */
  const extraPushHosts = parsePushServiceHosts(deps.config.PUSH_SERVICE_HOSTS);
  /** The channels alerts can go out on (issue 38): no "Email alerts: on" without SMTP_URL. */
  const channels = { email: deps.outreach.mail, push: true, sms: deps.outreach.sms };

  app.get(
    ENDPOINTS.notifications.pattern,
    { preHandler: guards.requireUser, schema: { querystring: paginationQuerySchema, response: { 200: z.array(notificationSchema) } } },
    async (request, reply) => {
      const { rows, total } = await listNotifications(db, await deps.locations.get(), currentUser(request), request.query);
      void reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows;
    },
  );
  app.get(ENDPOINTS.unreadCount.pattern, { preHandler: guards.requireUser, schema: { response: { 200: unreadCountSchema } } }, async (request) => ({
    count: await unreadCount(db, currentUser(request)),
  }));
  app.patch(
    ENDPOINTS.markRead.pattern,
    { preHandler: guards.requireUser, schema: { params: z.object({ id: z.uuid('Not a notification id') }), response: { 200: modifiedCountSchema } } },
    async (request) => ({ modifiedCount: await markRead(db, currentUser(request), request.params.id) }),
  );
  app.post(ENDPOINTS.markAllRead.pattern, { preHandler: guards.requireUser, schema: { response: { 200: modifiedCountSchema } } }, async (request) => ({
    modifiedCount: await markAllRead(db, currentUser(request)),
  }));

  app.get(
    ENDPOINTS.notificationSettings.pattern,
    { preHandler: guards.requireUserForAccount, schema: { params: accountParamsSchema, response: { 200: notificationSettingsViewSchema } } },
    async (request) => ownSettings(currentUser(request), request.params.email, channels),
  );
  app.patch(
    ENDPOINTS.updateNotificationSettings.pattern,
    { preHandler: guards.requireUserForAccount, schema: { params: accountParamsSchema, body: notificationSettingsPatchSchema, response: { 200: notificationSettingsViewSchema } } },
    async (request) => updateSettings(db, currentUser(request), request.params.email, request.body, channels),
  );

  // RFC 8058 one-click unsubscribe: mail clients POST here without any sign-in; the token names
  // the user. Gmail, Yahoo and others send the body `List-Unsubscribe=One-Click` as
  // application/x-www-form-urlencoded, which this route alone accepts (its own scope); the web's
  // unsubscribe page posts without a body, and a JSON body is read as before.
  await app.register(async (scoped) => {
    scoped.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
      const fields = [...new URLSearchParams(body as string)];
      if (fields.length !== 1 || fields[0]![0] !== ONE_CLICK_FIELD || fields[0]![1] !== ONE_CLICK_VALUE) {
        done(badRequest(NOTIFICATION_MESSAGES.oneClick), undefined);
        return;
      }
      done(null, { [ONE_CLICK_FIELD]: ONE_CLICK_VALUE });
    });
    scoped.withTypeProvider<ZodTypeProvider>().post(
      ENDPOINTS.unsubscribe.pattern,
      {
        schema: {
          querystring: z.object({ token: z.string().min(1).max(500) }),
          body: oneClickBodySchema.nullish(),
          response: { 200: z.object({ email: z.literal(false) }) },
        },
      },
      async (request) => {
        const userId = userOfUnsubscribeToken(deps.secret, request.query.token);
        if (!userId || !(await unsubscribeEmail(db, userId))) throw badRequest(OUTREACH_MESSAGES.unsubscribeInvalid);
        return { email: false as const };
      },
    );
  });

  app.get(ENDPOINTS.pushPublicKey.pattern, { schema: { response: { 200: z.object({ publicKey: z.string() }) } } }, async () => ({ publicKey: deps.push.publicKey }));
  app.post(
    ENDPOINTS.pushSubscribe.pattern,
    { preHandler: guards.requireUser, schema: { body: pushSubscriptionSchema, response: { 201: z.object({ subscribed: z.literal(true) }) } } },
    async (request, reply) => {
      await saveSubscription(db, currentUser(request), request.body, extraPushHosts);
      return reply.status(201).send({ subscribed: true });
    },
  );
  app.delete(
    ENDPOINTS.pushUnsubscribe.pattern,
    { preHandler: guards.requireUser, schema: { body: pushUnsubscribeSchema, response: { 200: deletedCountSchema } } },
    async (request) => ({ deletedCount: await deleteSubscription(db, currentUser(request), request.body.endpoint) }),
  );
};
