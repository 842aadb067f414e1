import path from 'node:path';
import { z } from 'zod';

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
});

export type RawConfig = z.infer<typeof configSchema>;
export type Config = RawConfig & { dataDir: string; publicUrl: string };

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
  return {
    ...cfg,
    dataDir: path.resolve(cfg.DATA_DIR),
    publicUrl: cfg.PUBLIC_URL ?? `http://localhost:${cfg.PORT}`,
  };
}
