import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers';
import { sharedBuffersMb } from './embedded';

const MB = 1024 * 1024;

describe("the embedded PostgreSQL's cache (shared_buffers)", () => {
  it('is a quarter of the memory, between 128 MB and 1 GB, unless PG_SHARED_BUFFERS_MB says otherwise', () => {
    expect(sharedBuffersMb(256 * MB, undefined)).toBe(128);
    expect(sharedBuffersMb(2048 * MB, undefined)).toBe(512);
    expect(sharedBuffersMb(24 * 1024 * MB, undefined)).toBe(1024);
    expect(sharedBuffersMb(24 * 1024 * MB, '256')).toBe(256);
    for (const ignored of ['', 'lots', '8', '12.5', '-1']) expect(sharedBuffersMb(2048 * MB, ignored)).toBe(512);
  });

  describe('the running server', () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(() => database?.drop());

    // The embedded server of this run (TEST_DATABASE_URL points at a server configured elsewhere).
    it.skipIf(Boolean(process.env.TEST_DATABASE_URL))('was started with it', async () => {
      const { rows } = await database.pool.query<{ mb: number }>(`SELECT setting::int * 8 / 1024 AS mb FROM pg_settings WHERE name = 'shared_buffers'`);
      expect(rows[0]!.mb).toBe(sharedBuffersMb());
    });
  });
});
