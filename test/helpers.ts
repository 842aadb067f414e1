import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../src/server/app';
import { type Config, loadConfig } from '../src/server/config';
import { createDb, createPool, type Db } from '../src/server/db/client';
import { adminDatabase, dropDatabase, withDatabase } from './db-info';

export interface TestDatabase {
  name: string;
  pool: pg.Pool;
  db: Db;
  drop(): Promise<void>;
}

/** A fresh database for one test file, cloned from the migrated and seeded template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const { admin, template } = inject('testDb');
  const name = `${template}_f${crypto.randomBytes(5).toString('hex')}`;
  const adminClient = new pg.Client(withDatabase(admin, adminDatabase(admin)));
  await adminClient.connect();
  try {
    await adminClient.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await adminClient.end();
  }
  const pool = createPool(withDatabase(admin, name), 5);
  return {
    name,
    pool,
    db: createDb(pool),
    async drop() {
      await pool.end();
      const c = new pg.Client(withDatabase(admin, adminDatabase(admin)));
      await c.connect();
      await dropDatabase(c, name).finally(() => c.end());
    },
  };
}

export function testConfig(env: Record<string, string> = {}): Config {
  // Limits high enough for a test file's own traffic; the rate-limit tests lower them.
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent',
    RATE_LIMIT_AUTH_PER_MINUTE: '10000',
    RATE_LIMIT_TOKEN_PER_MINUTE: '10000',
    RATE_LIMIT_UPLOAD_PER_MINUTE: '10000',
    RATE_LIMIT_SEARCH_PER_MINUTE: '10000',
    // Test files create many requests per user; the daily-limit tests lower it.
    REQUESTS_PER_DAY: '10000',
    // New accounts (issue 30) report, pledge and alert like old ones unless a test asks; the abuse tests set it.
    NEW_ACCOUNT_HOURS: '0',
    REPORTS_PER_DAY: '10000',
    // Tests change rows directly and read at once: no public-list cache unless a test asks.
    LIST_CACHE_TTL_MS: '0',
    ...env,
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

/** The real app on its own database, built the way main.ts builds it. */
export async function createTestApp(options: Partial<BuildOptions> & { env?: Record<string, string> } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp({ config: testConfig(options.env), db: database.db, webDir: null, ...options });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/** Asserts the API's one error shape and returns the parsed body. */
export function errorBody(res: { json(): unknown; headers: Record<string, unknown> }) {
  const body = res.json() as { message?: unknown; code?: unknown; issues?: unknown };
  if (typeof body.message !== 'string' || typeof body.code !== 'string') {
    throw new Error(`not the error shape: ${JSON.stringify(body)}`);
  }
  if (body.issues !== undefined && !Array.isArray(body.issues)) throw new Error('issues must be an array');
  return body as { message: string; code: string; issues?: { path: string; message: string }[] };
}
