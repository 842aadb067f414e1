import path from 'node:path';
import { z } from 'zod';
import { passwordSchema } from '../shared/users';

/** Accepts "true"/"false"/"1"/"0" from the environment. */
const envBoolean = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1');

const csv = z
  .string()
  .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean));

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: csv.default([]),
  BODY_LIMIT: z.coerce.number().int().min(1024).max(50 * 1024 * 1024).default(1024 * 1024),
  TRUST_PROXY: envBoolean.default(false),
  PUBLIC_URL: z.url().optional(),
  WEB_DIST_DIR: z.string().optional(),
  /** Signs sessions and access tokens; generated and kept in the database when not set. */
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_AUTHORIZATION_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  GITHUB_AUTHORIZATION_URL: z.url().default('https://github.com/login/oauth/authorize'),
  GITHUB_TOKEN_URL: z.url().default('https://github.com/login/oauth/access_token'),
  GITHUB_API_URL: z.url().default('https://api.github.com'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Where the Stripe library sends its calls (tests point it at a local stand-in). */
  STRIPE_API_URL: z.url().default('https://api.stripe.com'),
  FUNDING_CURRENCY: z.string().regex(/^[a-z]{3}$/, 'must be a three-letter ISO currency code in lower case').default('bdt'),
  FUNDING_MIN_AMOUNT: z.coerce.number().positive().default(100),
  FUNDING_MAX_AMOUNT: z.coerce.number().positive().max(999_999).default(100_000),
  /**
   * How long list answers are kept in memory (pending requests, published blogs, donor search,
   * a requester's own list). A write through this process clears them at once; 0 turns it off.
   */
  LIST_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** Per-IP requests a minute on sign-in, registration, /jwt and image upload. */
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  RATE_LIMIT_UPLOAD_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Password attempts on one account (from devices it never signed in on) before it is locked. */
  SIGN_IN_MAX_FAILURES: z.coerce.number().int().min(2).max(100).default(5),
  /** The longest such lock: 1 minute at first, doubling with each further attempt, up to this. */
  SIGN_IN_MAX_LOCK_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
});

export type RawConfig = z.infer<typeof configSchema>;
export type Config = RawConfig & {
  dataDir: string;
  publicUrl: string;
  /** Origins a browser may sign in from: PUBLIC_URL's, or both local names when it is not set. */
  trustedOrigins: string[];
};

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a ConfigError that names the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", so `DATABASE_URL= npm start` uses the embedded database.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const cfg = parsed.data;
  if ((cfg.ADMIN_EMAIL === undefined) !== (cfg.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL: set ADMIN_EMAIL and ADMIN_PASSWORD together');
  }
  if (cfg.ADMIN_PASSWORD !== undefined) {
    const check = passwordSchema.safeParse(cfg.ADMIN_PASSWORD);
    if (!check.success) throw new ConfigError(`Invalid configuration:\n  ADMIN_PASSWORD: ${check.error.issues[0]?.message}`);
  }
  return {
    ...cfg,
    dataDir: path.resolve(cfg.DATA_DIR),
    publicUrl: cfg.PUBLIC_URL ?? `http://localhost:${cfg.PORT}`,
    trustedOrigins: cfg.PUBLIC_URL
      ? [new URL(cfg.PUBLIC_URL).origin]
      : [`http://localhost:${cfg.PORT}`, `http://127.0.0.1:${cfg.PORT}`],
  };
}
