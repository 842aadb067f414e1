import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import type { Config } from './config';
import type { Db } from './db/client';
import { healthRoutes } from './health/routes';
import { locationRoutes } from './locations/routes';
import { createLocationService, type LocationService } from './locations/service';
import { registerErrorHandler } from './plugins/error-handler';
import { registerSecurity } from './plugins/security';
import { registerSpa } from './plugins/spa';

export interface AppDeps {
  config: Config;
  db: Db;
  pool: pg.Pool;
  locations: LocationService;
}

export interface BuildOptions {
  config: Config;
  db: Db;
  /** Fastify logger settings; tests pass `false`. */
  logger?: FastifyServerOptions['logger'];
  loggerInstance?: FastifyServerOptions['loggerInstance'];
  /** Folder of the built SPA; `null` serves the API only. */
  webDir: string | null;
}

/** Builds the whole application. `main.ts` and the tests build it the same way. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: options.logger ?? false }),
    bodyLimit: config.BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Idle keep-alive connections are closed on shutdown; in-flight requests finish.
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await registerSecurity(app, config);

  const deps: AppDeps = { config, db, pool: db.$client, locations: createLocationService(db) };
  await app.register(
    async (api) => {
      await api.register(healthRoutes, deps);
      await api.register(locationRoutes, deps);
    },
    { prefix: '/api' },
  );

  await registerSpa(app, options.webDir);
  return app;
}
