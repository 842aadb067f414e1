import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { adminDatabase, dropDatabase, withDatabase } from '../../../test/db-info';
import { createPool } from './client';
import { migrateAndSeed } from './migrate';

// An empty database (not the template) to check migrations and seed from scratch.
const { admin } = inject('testDb');
const name = `bd_empty_${process.pid}_${Date.now()}`;
let adminClient: pg.Client;

beforeAll(async () => {
  adminClient = new pg.Client(withDatabase(admin, adminDatabase(admin)));
  await adminClient.connect();
  await adminClient.query(`CREATE DATABASE ${name}`);
});
afterAll(async () => {
  await dropDatabase(adminClient, name);
  await adminClient.end();
});

describe('migrateAndSeed', () => {
  it('lets several instances start at once (advisory lock) and seeds idempotently', async () => {
    const pools = [0, 1, 2].map(() => createPool(withDatabase(admin, name), 2));
    try {
      await Promise.all(pools.map((p) => migrateAndSeed(p)));
      await migrateAndSeed(pools[0]!);
      const { rows } = await pools[0]!.query(
        'SELECT (SELECT count(*) FROM divisions)::int AS d, (SELECT count(*) FROM districts)::int AS di, (SELECT count(*) FROM upazilas)::int AS u',
      );
      // 494 upazilas and 65 metropolitan thanas (issue 38).
      expect(rows[0]).toEqual({ d: 8, di: 64, u: 494 + 65 });
      const applied = await pools[0]!.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
      expect(applied.rows[0].n).toBeGreaterThan(0);
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
  });
});
