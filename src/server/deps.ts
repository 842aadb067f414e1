import type pg from 'pg';
import { type Auth, createAuth } from './auth/auth';
import { createGuards, type Guards } from './auth/guard';
import { getOrCreateSecret } from './auth/secret';
import { createSignInThrottle, type SignInThrottle } from './auth/sign-in-throttle';
import { createTokenService, type TokenService } from './auth/tokens';
import { type BlogCache, createBlogCache } from './blogs/cache';
import type { Config } from './config';
import type { Db } from './db/client';
import { createDonationRequestCache, type DonationRequestCache } from './donation-requests/cache';
import { WriteEvents } from './lib/list-caches';
import { createLocationService, type LocationService } from './locations/service';
import { rateLimits } from './plugins/rate-limit';
import { createSearchCache, type SearchCache } from './search/cache';

/**
 * What every feature's routes receive. Feature modules import this type from here, never app.ts
 * (docs/decisions/028-feature-boundaries.md): app.ts imports the features' routes.
 */
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
  /**
   * List answers kept briefly in memory, one cache per feature (decision 027), created once per
   * app. A successful write reported to `writes` clears, before its answer leaves, the caches
   * whose feature said that write changes them.
   */
  caches: {
    writes: WriteEvents;
    donationRequests: DonationRequestCache;
    blogs: BlogCache;
    search: SearchCache;
  };
}

export interface DepsOptions {
  config: Config;
  db: Db;
  /** Test hook: the clock of the access tokens. */
  now?: () => number;
}

/** Everything the routes need, built from the configuration and the database. */
export async function createDeps(options: DepsOptions): Promise<AppDeps> {
  const { config, db } = options;
  const secret = config.AUTH_SECRET ?? (await getOrCreateSecret(db, 'auth'));
  const tokens = createTokenService(secret, options.now);
  const writes = new WriteEvents();
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
      writes,
      donationRequests: createDonationRequestCache(config.LIST_CACHE_TTL_MS, writes),
      blogs: createBlogCache(config.LIST_CACHE_TTL_MS, writes),
      search: createSearchCache(config.LIST_CACHE_TTL_MS, writes),
    },
  };
}
