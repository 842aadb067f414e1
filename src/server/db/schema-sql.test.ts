import fs from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { describeDifference, migratedSchemaSql, pgDumpOfMajor, REGENERATE, SCHEMA_PG_MAJOR, SCHEMA_SQL, serverMajorOf } from '../../../scripts/db-schema';
import { adminDatabase, withDatabase } from '../../../test/db-info';

// schema.sql (npm run db:schema) is what a freshly migrated database holds. It is compared on the
// PostgreSQL it is generated with (CI's PostgreSQL 15 leg): pg_dump prints a schema differently from
// one major version to the next, so on another server (the embedded PostgreSQL 18) or without a
// pg_dump of the server's version (pg_dump refuses a newer server) the test is skipped, saying why.
const { admin } = inject('testDb');
const connectTo = (database: string) => withDatabase(admin, database);
const major = await serverMajorOf(connectTo(adminDatabase(admin)));
const pgDump = major === SCHEMA_PG_MAJOR ? await pgDumpOfMajor(major) : undefined;
const skipped =
  major !== SCHEMA_PG_MAJOR
    ? `this run's server is PostgreSQL ${major}, schema.sql is PostgreSQL ${SCHEMA_PG_MAJOR}'s (CI's PostgreSQL ${SCHEMA_PG_MAJOR} run compares it)`
    : pgDump === undefined
      ? `no pg_dump ${major} is installed (PG_BIN_DIR, /usr/lib/postgresql/${major}/bin, PATH)`
      : undefined;

// The default reporter shows a skipped file without its tests' names: say why once.
if (skipped !== undefined) console.warn(`schema-sql.test.ts skipped: ${skipped}`);

describe('src/server/db/schema.sql', () => {
  if (skipped !== undefined) {
    it.skip(`is compared with a migrated database only where it was generated: skipped, ${skipped}`, () => {});
    return;
  }
  it('is what a freshly migrated database holds (pg_dump --schema-only)', async () => {
    const actual = await migratedSchemaSql(connectTo, adminDatabase(admin), pgDump!);
    const committed = await fs.readFile(SCHEMA_SQL, 'utf8').catch(() => '');
    if (actual !== committed) {
      expect.fail(`src/server/db/schema.sql is out of date. Regenerate it and commit it:\n  ${REGENERATE}\n\n${describeDifference(committed, actual)}`);
    }
  });
});
