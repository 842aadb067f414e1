import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import fs from 'node:fs/promises';
import path from 'node:path';
import { functionsDir, migrationsDir } from '../paths';
import { seedLocations } from './seed';

// Any constant works; it only has to be the same for every instance of this app.
const MIGRATION_LOCK = 7_420_815_001;

/**
 * Applies pending migrations and the idempotent seed while holding a PostgreSQL advisory lock,
 * so several app instances starting at once take turns instead of racing.
 */
export async function migrateAndSeed(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      const db = drizzle(client, { casing: 'snake_case' });
      await migrate(db, { migrationsFolder: migrationsDir });
      await applyFunctions(client);
      await seedLocations(db);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

/** Every file of db/functions/, in name order, each in a transaction of its own (CREATE OR REPLACE: idempotent). */
async function applyFunctions(client: pg.PoolClient): Promise<void> {
  const files = (await fs.readdir(functionsDir)).filter((f) => f.endsWith('.sql')).sort();
  for (const file of files) {
    const text = await fs.readFile(path.join(functionsDir, file), 'utf8');
    await client.query('BEGIN');
    try {
      await client.query(text);
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK');
      throw new Error(`db/functions/${file}: ${(err as Error).message}`, { cause: err });
    }
  }
}
