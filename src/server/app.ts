import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { type Auth, createAuth } from './auth/auth';
import { createGuards, type Guards } from './auth/guard';
import { authRoutes } from './auth/routes';
import { getOrCreateSecret } from './auth/secret';
import { createSignInThrottle, type SignInThrottle } from './auth/sign-in-throttle';
import { createTokenService, type TokenService } from './auth/tokens';
import { type Config, fastifyTrustProxy } from './config';
import type { Db } from './db/client';
import { blogPageHints } from './blogs/page-hints';
import { blogRoutes } from './blogs/routes';
import { donationRequestRoutes } from './donation-requests/routes';
import { fundingRoutes } from './funding/routes';
import { healthRoutes } from './health/routes';
import { clientErrorHandler } from './lib/client-errors';
import { httpTimeouts } from './lib/http-timeouts';
import { withLogRedaction } from './lib/log-redaction';
import { TtlCache } from './lib/ttl-cache';
import { imageRoutes } from './images/routes';
import { locationRoutes } from './locations/routes';
import { createLocationService, type LocationService } from './locations/service';
import { registerErrorHandler } from './plugins/error-handler';
import { registerInputGuard } from './plugins/input-guard';
import { rateLimits, registerRateLimit } from './plugins/rate-limit';
import { registerSecurity } from './plugins/security';
import { zodJsonSerializerCompiler } from './plugins/serializer';
import { registerSpa } from './plugins/spa';
import { searchRoutes } from './search/routes';
import { statsRoutes } from './stats/routes';
import { userRoutes } from './users/routes';

export interface AppDeps {
  config: Config;
  db: Db;
  pool: pg.Pool;
  locations: LocationService;
  auth: Auth;
  tokens: TokenService;
  guards: Guards;
  signInThrottle: SignInThrottle;
  limits: ReturnType<typeof rateLimits>;
  /** Public list answers kept briefly in memory; a write in this process clears its cache. */
  caches: {
    pending: TtlCache<{ rows: unknown[]; total: number }>;
    blogs: TtlCache<{ rows: unknown[]; total: number }>;
    search: TtlCache<{ rows: unknown[]; total: number }>;
    /** A requester's own list as sent (JSON), keyed by the owner (read after the authorization check). */
    requesterLists: TtlCache<{ json: string; total: number }>;
  };
}

export interface BuildOptions {
  config: Config;
  db: Db;
  /** Fastify logger settings (emails and credentials are redacted: lib/log-redaction.ts); tests pass `false`. */
  logger?: FastifyServerOptions['logger'];
  loggerInstance?: FastifyServerOptions['loggerInstance'];
  /** Folder of the built SPA; `null` serves the API only. */
  webDir: string | null;
  /** Test hook: the clock of the access tokens. */
  now?: () => number;
}

/** Everything the routes need, built from the configuration and the database. */
export async function createDeps(options: Pick<BuildOptions, 'config' | 'db' | 'now'>): Promise<AppDeps> {
  const { config, db } = options;
  const secret = config.AUTH_SECRET ?? (await getOrCreateSecret(db, 'auth'));
  const tokens = createTokenService(secret, options.now);
  return {
    config,
    db,
    pool: db.$client,
    locations: createLocationService(db),
    auth: createAuth(config, db, secret),
    tokens,
    guards: createGuards(db, tokens),
    signInThrottle: createSignInThrottle(db, secret, {
      maxFailures: config.SIGN_IN_MAX_FAILURES,
      maxLockMinutes: config.SIGN_IN_MAX_LOCK_MINUTES,
      secureCookie: config.publicUrl.startsWith('https:'),
    }),
    limits: rateLimits(config.RATE_LIMIT_AUTH_PER_MINUTE, config.RATE_LIMIT_UPLOAD_PER_MINUTE, config.RATE_LIMIT_SEARCH_PER_MINUTE),
    caches: {
      pending: new TtlCache(config.LIST_CACHE_TTL_MS),
      // Blogs change rarely and every change here clears it: keep them longer.
      blogs: new TtlCache(config.LIST_CACHE_TTL_MS * 5),
      search: new TtlCache(config.LIST_CACHE_TTL_MS),
      requesterLists: new TtlCache(config.LIST_CACHE_TTL_MS, 10_000),
    },
  };
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
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(zodJsonSerializerCompiler);
  registerErrorHandler(app);
  registerInputGuard(app);
  await registerSecurity(app, config);
  await registerRateLimit(app);

  const deps = prebuilt ?? (await createDeps(options));
  await app.register(
    async (api) => {
      await api.register(healthRoutes, deps);
      await api.register(locationRoutes, deps);
      await api.register(authRoutes, deps);
      await api.register(userRoutes, deps);
      await api.register(imageRoutes, deps);
      await api.register(donationRequestRoutes, deps);
      await api.register(blogRoutes, deps);
      await api.register(searchRoutes, deps);
      await api.register(statsRoutes, deps);
      await api.register(fundingRoutes, deps);
    },
    { prefix: '/api' },
  );

  await registerSpa(app, options.webDir, blogPageHints(deps));
  return app;
}
