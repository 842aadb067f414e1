import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export function createPool(config: pg.PoolConfig | string, max = 10): pg.Pool {
  const base = typeof config === 'string' ? { connectionString: config } : config;
  const pool = new pg.Pool({
    ...base,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    // A runaway query must not hold a connection for ever.
    statement_timeout: 15_000,
    application_name: 'blood-donation',
  });
  // An idle client losing its server (restart, network) must not crash the process.
  pool.on('error', () => {});
  return pool;
}

export function createDb(pool: pg.Pool): Db {
  return drizzle(pool, { schema, casing: 'snake_case' }) as Db;
}
