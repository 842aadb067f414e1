import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPool } from '../src/server/db/client';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../src/server/db/embedded';
import { migrateAndSeed } from '../src/server/db/migrate';
import { adminDatabase, dropDatabase, type TestDbInfo, withDatabase } from './db-info';

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: TestDbInfo;
  }
}

/**
 * One PostgreSQL for the whole run: the machine's (TEST_DATABASE_URL) or an embedded one in a
 * temporary folder. A template database gets the migrations and the seed once; every test file
 * then clones it (CREATE DATABASE ... TEMPLATE), which takes a few milliseconds.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgres | undefined;
  let tmpDir: string | undefined;
  let admin: TestDbInfo['admin'];
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    admin = { url };
  } else {
    tmpDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bd-test-'));
    embedded = await startEmbeddedPostgres({ dataDir: tmpDir });
    admin = { config: embedded.connection('postgres') as TestDbInfo['admin']['config'] };
  }
  const template = `bd_tmpl_${crypto.randomBytes(4).toString('hex')}`;
  const client = new pg.Client(withDatabase(admin, adminDatabase(admin)));
  await client.connect();
  await client.query(`CREATE DATABASE ${template}`);
  const pool = createPool(withDatabase(admin, template), 2);
  await migrateAndSeed(pool);
  await pool.end();

  project.provide('testDb', { admin, template });

  return async () => {
    try {
      // Drop the per-file databases a crashed worker may have left behind, then the template.
      const { rows } = await client.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`,
        [`${template}_f%`, template],
      );
      for (const { datname } of rows) await dropDatabase(client, datname);
    } finally {
      await client.end();
      await embedded?.stop();
      if (tmpDir) await fs.rm(tmpDir, { recursive: true, force: true });
    }
  };
}
