import type { pino as Pino } from 'pino';
import { buildApp } from './app';
import { type AppDeps, createDeps } from './deps';
import { ConfigError, loadConfig } from './config';
import { createDb, createPool } from './db/client';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './db/embedded';
import { migrateAndSeed } from './db/migrate';
import { refreshEligibility } from './matching';
import { startOutreach } from './outreach';
import { deleteOrphanImages } from './images/service';
import { deletePastRequestCounts } from './donation-requests/lists';
import { deleteExpiredRateLimits } from './plugins/rate-limit-store';
import { createLogger } from './lib/log-redaction';
import { webDistDir } from './paths';
import { ensureFirstAdmin } from './users/registration';

const EMBEDDED_DATABASE = 'blood_donation';

/** Printed once, when the first admin account is generated on a new install. */
function announceAdmin(email: string, password: string) {
  const lines = [
    'A first admin account was created for this new installation:',
    `  email:    ${email}`,
    `  password: ${password}`,
    'Keep it now: it is not shown again. (Set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own.)',
  ];
  const width = Math.max(...lines.map((l) => l.length));
  console.log(['', '='.repeat(width), ...lines, '='.repeat(width), ''].join('\n'));
}

/**
 * Hourly housekeeping, now and then every hour: pictures nobody references 24 h after upload,
 * sign-in failure counts nobody added to for a day, and the public list's counters of past days.
 */
function startCleanup(db: ReturnType<typeof createDb>, deps: AppDeps, log: Pino.Logger) {
  const run = () =>
    Promise.all([
      deleteOrphanImages(db)
        .then((n) => n > 0 && log.info({ deleted: n }, 'deleted unreferenced images'))
        .catch((err: unknown) => log.warn({ err }, 'image cleanup failed')),
      deleteExpiredRateLimits(deps.pool)
        .catch((err: unknown) => log.warn({ err }, 'rate limit cleanup failed')),
      deletePastRequestCounts(db)
        .catch((err: unknown) => log.warn({ err }, 'public list counter cleanup failed')),
      deps.signInThrottle
        .deleteStale()
        .then((n) => n > 0 && log.info({ deleted: n }, 'forgot old sign-in failure counts'))
        .catch((err: unknown) => log.warn({ err }, 'sign-in failure cleanup failed')),
    ]);
  void run();
  setInterval(run, 60 * 60 * 1000).unref();
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // JSON lines with emails masked and credentials censored (lib/log-redaction.ts).
  const log = createLogger(config.LOG_LEVEL);

  let embedded: EmbeddedPostgres | undefined;
  if (config.DATABASE_URL) {
    log.info('using the PostgreSQL server of DATABASE_URL');
  } else {
    log.info({ dataDir: config.dataDir }, 'no DATABASE_URL: starting the embedded PostgreSQL');
    embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      database: EMBEDDED_DATABASE,
      log: (msg) => log.info({ component: 'embedded-postgres' }, msg),
    });
  }
  const pool = createPool(config.DATABASE_URL ?? embedded!.connection(EMBEDDED_DATABASE), config.DB_POOL_MAX);

  const stopDatabase = async () => {
    await pool.end().catch(() => {});
    await embedded?.stop().catch((err: unknown) => log.error({ err }, 'could not stop the embedded PostgreSQL'));
  };

  let app;
  try {
    await migrateAndSeed(pool);
    const db = createDb(pool);
    // DONATION_INTERVAL_*_DAYS may have changed since the donors' next eligible dates were stored.
    const refreshed = await refreshEligibility(db, config.donationIntervals);
    if (refreshed > 0) log.info(`donation intervals changed: ${refreshed} donors' next eligible dates recomputed`);
    const deps = await createDeps({ config, db, superviseJobs: true });
    await ensureFirstAdmin(config, db, deps.auth, announceAdmin);
    app = await buildApp({ config, db, loggerInstance: log, webDir: config.WEB_DIST_DIR ?? webDistDir }, deps);
    await app.listen({ port: config.PORT, host: config.HOST });
    // Alert waves and deliveries: this instance takes its share of the jobs (issue 15).
    await startOutreach(deps, app.log);
    if (!config.SMTP_URL) log.info('no SMTP_URL: alerts go in-app and by push only, no email is sent');
    startCleanup(db, deps, log);
  } catch (err) {
    log.fatal({ err }, 'start-up failed');
    await app?.close().catch(() => {});
    await stopDatabase();
    process.exit(1);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      log.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    closing = true;
    log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      log.error('shutdown took too long: exiting');
      process.exit(1);
    }, 30_000);
    force.unref();
    await app.close().catch((err: unknown) => log.error({ err }, 'error while closing the server'));
    await stopDatabase();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

void main();
