import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { migrationsDir } from '../paths';
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
      await seedLocations(db);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
