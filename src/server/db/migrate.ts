import fs from 'node:fs/promises';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { functionsDir, migrationsDir } from '../paths';
import { seedLocations } from './seed';

// Any constant works; it only has to be the same for every instance of this app.
const MIGRATION_LOCK = 7_420_815_001;

/**
 * Applies pending migrations, then the functions and triggers of db/functions/, then the idempotent
 * seed, while holding a PostgreSQL advisory lock, so several app instances starting at once take
 * turns instead of racing.
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

/** The .sql files of a functions folder, in the order they are applied: by file name. */
export async function functionFiles(dir = functionsDir): Promise<string[]> {
  const names = (await fs.readdir(dir)).filter((n) => n.endsWith('.sql'));
  return names.sort().map((n) => path.join(dir, n));
}

/**
 * Runs every file of db/functions/ (CREATE OR REPLACE FUNCTION / TRIGGER), each in one transaction:
 * the current text of every function and trigger, whatever the database held (an older version, or
 * one edited by hand). A file that fails is rolled back and stops the start, naming the file.
 */
export async function applyFunctions(client: pg.PoolClient | pg.Client, dir = functionsDir): Promise<void> {
  for (const file of await functionFiles(dir)) {
    const text = await fs.readFile(file, 'utf8');
    await client.query('BEGIN');
    try {
      // No parameters: the simple query protocol, which runs every statement of the file.
      await client.query(text);
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      const e = err as Error;
      e.message = `${path.relative(path.dirname(dir), file)}: ${e.message}`;
      throw e;
    }
  }
}
