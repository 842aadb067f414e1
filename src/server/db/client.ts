import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as accounts from './schema/accounts';
import * as content from './schema/content';
import * as derived from './schema/derived';
import * as funding from './schema/funding';
import * as locations from './schema/locations';
import * as outreach from './schema/outreach';
import * as requests from './schema/requests';
import * as sms from './schema/sms';

/**
 * Every table, for drizzle's typed queries. One file per area under schema/; code imports a table
 * from the file that defines it. Columns are snake_case in PostgreSQL; the API's field names (which
 * follow the spec's contract) are mapped in one function per feature.
 */
const schema = { ...locations, ...accounts, ...requests, ...outreach, ...content, ...funding, ...derived, ...sms };

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A transaction of `Db` (what `db.transaction`'s callback receives). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

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
