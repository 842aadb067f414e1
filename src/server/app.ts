import Fastify, { type FastifyInstance, type FastifyServerOptions, type onRouteHookHandler } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditRoutes } from './audit/routes';
import { authRoutes } from './auth/routes';
import { fastifyTrustProxy } from './config';
import { blogPageHints } from './blogs/page-hints';
import { blogRoutes } from './blogs/routes';
import { type AppDeps, createDeps, type DepsOptions } from './deps';
import { donationRequestRoutes } from './donation-requests/routes';
import { fundingRoutes } from './funding/routes';
import { healthRoutes } from './health/routes';
import { clientErrorHandler } from './lib/client-errors';
import { httpTimeouts } from './lib/http-timeouts';
import { withLogRedaction } from './lib/log-redaction';
import { imageRoutes } from './images/routes';
import { locationRoutes } from './locations/routes';
import { matchingRoutes } from './matching/routes';
import { notificationRoutes } from './notifications/routes';
import { registerOpenApi, withDocumentedGuards } from './openapi';
import { outreachRoutes } from './outreach/routes';
import { registerErrorLanguage } from './plugins/error-language';
import { registerErrorHandler } from './plugins/error-handler';
import { registerInputGuard } from './plugins/input-guard';
import { registerRateLimit } from './plugins/rate-limit';
import { registerSecurity } from './plugins/security';
import { zodJsonSerializerCompiler } from './plugins/serializer';
import { registerSpa } from './plugins/spa';
import { metricsSources, registerMetrics, requestIdFrom } from './plugins/observability';
import { reportRoutes } from './reports/routes';
import { searchRoutes } from './search/routes';
import { statsRoutes } from './stats/routes';
import { insightRoutes } from './insight/routes';
import { exportRoutes } from './exports/routes';
import { userRoutes } from './users/routes';
import { privacyRoutes } from './privacy/routes';
import { donationRoutes } from './donations/routes';
import { contactRoutes } from './contact/routes';
import { alertLinkRoutes } from './sms/alert-link-routes';
import { twilioRoutes } from './sms/twilio-routes';

export interface BuildOptions extends DepsOptions {
  /** Fastify logger settings (emails and credentials are redacted: lib/log-redaction.ts); tests pass `false`. */
  logger?: FastifyServerOptions['logger'];
  loggerInstance?: FastifyServerOptions['loggerInstance'];
  /** Folder of the built SPA; `null` serves the API only. */
  webDir: string | null;
  /** Sees every route as it is registered (the API contract test lists them with it). */
  onRoute?: onRouteHookHandler;
}

/** Builds the whole application. `main.ts` and the tests build it the same way. */
export async function buildApp(options: BuildOptions, prebuilt?: AppDeps): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: options.logger ? withLogRedaction(options.logger) : false }),
    bodyLimit: config.BODY_LIMIT,
    // A number of proxy hops or the proxies' addresses; never `true` (config.ts).
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    // REQUEST_TIMEOUT_MS and KEEP_ALIVE_TIMEOUT_MS; a slow request gets 408 in the error shape.
    ...httpTimeouts(config),
    clientErrorHandler,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
    // Idle keep-alive connections are closed on shutdown; in-flight requests finish.
    forceCloseConnections: 'idle',
    // X-Request-Id: a trusted proxy's is kept, otherwise a new one; every log line of the request carries it.
    requestIdHeader: false,
    genReqId: requestIdFrom(config.TRUST_PROXY !== false),
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(zodJsonSerializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  registerErrorHandler(app);
  registerErrorLanguage(app);
  registerInputGuard(app);
  await registerSecurity(app, config);
  // The guards remember which routes they protect, for the OpenAPI document (openapi/guards.ts).
  const deps = withDocumentedGuards(prebuilt ?? (await createDeps(options)));
  await registerRateLimit(app, deps.pool);
  registerMetrics(app, config.METRICS_TOKEN, metricsSources(deps.pool));
  app.addHook('onClose', () => deps.close());
  // Before the routes: the OpenAPI document is built from the routes registered after it.
  await registerOpenApi(app);
  await app.register(
    async (api) => {
      await api.register(healthRoutes, deps);
      await api.register(locationRoutes, deps);
      await api.register(authRoutes, deps);
      await api.register(userRoutes, deps);
      await api.register(privacyRoutes, deps);
      await api.register(donationRoutes, deps);
      await api.register(imageRoutes, deps);
      await api.register(donationRequestRoutes, deps);
      await api.register(matchingRoutes, deps);
      await api.register(outreachRoutes, deps);
      await api.register(notificationRoutes, deps);
      await api.register(reportRoutes, deps);
      await api.register(auditRoutes, deps);
      await api.register(blogRoutes, deps);
      await api.register(searchRoutes, deps);
      await api.register(statsRoutes, deps);
      await api.register(insightRoutes, deps);
      await api.register(exportRoutes, deps);
      await api.register(fundingRoutes, deps);
      await api.register(contactRoutes, deps);
      await api.register(twilioRoutes, deps);
    },
    { prefix: '/api' },
  );

  // The alert SMS's short link: a page of its own, outside the SPA and the API (issue 32).
  await app.register(alertLinkRoutes, deps);
  await registerSpa(app, options.webDir, blogPageHints(deps));
  return app;
}
