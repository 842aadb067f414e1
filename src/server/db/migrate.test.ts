import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { adminDatabase, dropDatabase, withDatabase } from '../../../test/db-info';
import { createPool } from './client';
import { applyFunctions, functionFiles, migrateAndSeed } from './migrate';

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

/** What a file of db/functions/ defines, read from its text. */
interface FunctionFile {
  file: string;
  functions: { name: string; body: string }[];
  triggers: { name: string; table: string; fn: string }[];
}

async function readFunctionsFolder(): Promise<FunctionFile[]> {
  const out: FunctionFile[] = [];
  for (const file of await functionFiles()) {
    const text = await fs.readFile(file, 'utf8');
    const functions = [...text.matchAll(/CREATE OR REPLACE FUNCTION\s+"?(\w+)"?\s*\([\s\S]*?\bAS \$\$([\s\S]*?)\$\$/g)].map((m) => ({ name: m[1]!, body: m[2]! }));
    const triggers = [...text.matchAll(/CREATE OR REPLACE TRIGGER\s+"?(\w+)"?\s[\s\S]*?\bON\s+"?(\w+)"?[\s\S]*?EXECUTE FUNCTION\s+"?(\w+)"?/g)].map((m) => ({
      name: m[1]!,
      table: m[2]!,
      fn: m[3]!,
    }));
    out.push({ file: path.basename(file), functions, triggers });
  }
  return out;
}

/** Functions and triggers the database may hold that no file of db/functions/ does (none today). */
const NOT_IN_FOLDER: { functions: string[]; triggers: string[] } = { functions: [], triggers: [] };

/** Every function and trigger of the public schema as PostgreSQL holds it. */
async function catalog(client: pg.Pool) {
  const functions = await client.query<{ oid: number; name: string; src: string; def: string }>(
    `SELECT p.oid::int AS oid, p.proname AS name, p.prosrc AS src, pg_get_functiondef(p.oid) AS def
     FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = 'public' ORDER BY p.proname, p.oid`,
  );
  const triggers = await client.query<{ oid: number; name: string; table: string; fn: string; def: string }>(
    `SELECT t.oid::int AS oid, t.tgname AS name, c.relname AS table, p.proname AS fn, pg_get_triggerdef(t.oid) AS def
     FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_proc p ON p.oid = t.tgfoid
     WHERE n.nspname = 'public' AND NOT t.tgisinternal ORDER BY t.tgname`,
  );
  return { functions: functions.rows, triggers: triggers.rows };
}

/** The definitions without object ids (a dropped and re-created trigger gets a new one). */
const definitions = (c: Awaited<ReturnType<typeof catalog>>) => ({
  functions: c.functions.map(({ name, src, def }) => ({ name, src, def })),
  triggers: c.triggers.map(({ name, table, fn, def }) => ({ name, table, fn, def })),
});

describe('db/functions/', () => {
  let pool: pg.Pool;
  let folder: FunctionFile[];
  beforeAll(async () => {
    pool = createPool(withDatabase(admin, name), 2);
    await migrateAndSeed(pool);
    folder = await readFunctionsFolder();
  });
  afterAll(() => pool?.end());

  it('holds one file per function, named after it, each trigger beside the function it calls', () => {
    expect(folder.length).toBeGreaterThanOrEqual(8);
    for (const f of folder) {
      // An order prefix (10_name.sql) is allowed: README.md.
      expect(f.functions.map((fn) => `${fn.name}.sql`), f.file).toEqual([f.file.replace(/^\d+_/, '')]);
      for (const t of f.triggers) expect(t.fn, `${f.file}: ${t.name}`).toBe(f.functions[0]!.name);
    }
  });

  it('is applied: every function has exactly the text of its file, every trigger of the folder exists', async () => {
    const { functions, triggers } = await catalog(pool);
    for (const f of folder) {
      for (const fn of f.functions) {
        const found = functions.filter((p) => p.name === fn.name);
        expect(found, `${f.file}: ${fn.name}`).toHaveLength(1);
        expect(found[0]!.src, `${f.file}: ${fn.name}`).toBe(fn.body);
      }
      for (const t of f.triggers) {
        expect(
          triggers.find((tr) => tr.name === t.name && tr.table === t.table),
          `${f.file}: trigger ${t.name} on ${t.table}`,
        ).toMatchObject({ fn: t.fn });
      }
    }
  });

  it('holds every function and trigger of the database (but the donor change log, issue 31 part 1)', async () => {
    const { functions, triggers } = await catalog(pool);
    const inFolder = {
      functions: folder.flatMap((f) => f.functions.map((fn) => fn.name)),
      triggers: folder.flatMap((f) => f.triggers.map((t) => t.name)),
    };
    expect(functions.map((p) => p.name).filter((n) => !NOT_IN_FOLDER.functions.includes(n))).toEqual([...inFolder.functions].sort());
    expect(triggers.map((t) => t.name).filter((n) => !NOT_IN_FOLDER.triggers.includes(n))).toEqual([...inFolder.triggers].sort());
  });

  it('leaves everything as it was on the next start (same objects, same text)', async () => {
    const before = await catalog(pool);
    await migrateAndSeed(pool);
    expect(await catalog(pool)).toEqual(before);
  });

  it('puts back at the next start a function or trigger changed or dropped by hand', async () => {
    const before = definitions(await catalog(pool));
    await pool.query(`CREATE OR REPLACE FUNCTION insight_pledges_sync() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$`);
    await pool.query(`CREATE OR REPLACE FUNCTION alerts_toward_weekly_cap(donor text, at timestamptz, reports_to_hide int) RETURNS bigint LANGUAGE sql STABLE AS $$ SELECT 0::bigint $$`);
    await pool.query(`CREATE OR REPLACE TRIGGER users_status_to_requests AFTER UPDATE ON users FOR EACH ROW EXECUTE FUNCTION users_status_to_requests()`);
    await pool.query(`DROP TRIGGER audit_log_no_truncate ON audit_log`);
    expect(definitions(await catalog(pool))).not.toEqual(before);

    await migrateAndSeed(pool);
    expect(definitions(await catalog(pool))).toEqual(before);
  });

  it('applies each file in one transaction: a failing file is rolled back and named, the files after it do not run', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bd-functions-'));
    const client = await pool.connect();
    try {
      const fn = (n: string) => `CREATE OR REPLACE FUNCTION ${n}() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;\n`;
      await fs.writeFile(path.join(dir, '1_first.sql'), fn('bd_probe_first'));
      await fs.writeFile(path.join(dir, '2_broken.sql'), `${fn('bd_probe_broken')}SELECT 1 / 0;\n`);
      await fs.writeFile(path.join(dir, '3_last.sql'), fn('bd_probe_last'));
      await fs.writeFile(path.join(dir, 'README.md'), 'not SQL');
      await expect(applyFunctions(client, dir)).rejects.toThrow(/2_broken\.sql: division by zero/);
      const { rows } = await client.query<{ proname: string }>(`SELECT proname FROM pg_proc WHERE proname LIKE 'bd_probe_%' ORDER BY 1`);
      expect(rows.map((r) => r.proname)).toEqual(['bd_probe_first']);
      // The connection is usable again (no transaction left open).
      expect((await client.query<{ tx: string }>('SELECT pg_current_xact_id_if_assigned() AS tx')).rows[0]!.tx).toBeNull();
    } finally {
      await client.query('DROP FUNCTION IF EXISTS bd_probe_first, bd_probe_broken, bd_probe_last').catch(() => {});
      client.release();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
