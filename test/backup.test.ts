import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { EXIT, findPgTools } from '../scripts/db-tools';
import { QUEUES, startJobQueue } from '../src/server/jobs';
import { adminDatabase, dropDatabase, withDatabase } from './db-info';
import { createTestDatabase } from './helpers';
import { embeddedClient, isAlive, postmasterPid, startServerProcess } from './server-process';

/**
 * `npm run backup` / `npm run restore` (scripts/backup.ts, scripts/restore.ts) as an operator runs
 * them: a dump of a database, wiped and restored, must give back every table of every schema
 * (public, drizzle, pgboss) row for row. pg_dump cannot dump a server newer than itself, so the
 * round trips of a DATABASE_URL run only where a new enough pg_dump is installed (CI's PostgreSQL
 * 15 leg has one); the embedded server (PostgreSQL 18, whose client Debian 12 lacks) is backed up
 * physically then (decision 063), and that round trip always runs.
 */
const root = path.resolve(import.meta.dirname, '..');
const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'bd-backup-'));
afterAll(() => fs.rm(tmp, { recursive: true, force: true }));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runScript(script: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', `${script}.ts`), ...args], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const newestPgDump = (await findPgTools('pg_dump'))[0]?.major ?? 0;

/** Every table's row count and content checksum, and every sequence's position, by name. */
async function snapshot(config: pg.ClientConfig): Promise<{ schemas: string[]; tables: Record<string, string> }> {
  const client = new pg.Client(config);
  await client.connect();
  try {
    const userSchemas = `n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'`;
    const schemas = await client.query<{ nspname: string }>(`SELECT nspname FROM pg_namespace n WHERE ${userSchemas} ORDER BY 1`);
    const relations = await client.query<{ name: string; relkind: string }>(
      `SELECT format('%I.%I', n.nspname, c.relname) AS name, c.relkind FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE ${userSchemas} AND c.relkind IN ('r', 'p', 'S') ORDER BY 1`,
    );
    const tables: Record<string, string> = {};
    for (const { name, relkind } of relations.rows) {
      const { rows } = await client.query<{ v: string }>(
        relkind === 'S'
          ? `SELECT last_value || ' ' || is_called AS v FROM ${name}`
          : `SELECT count(*) || ' ' || md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) AS v FROM ${name} t`,
      );
      tables[name] = rows[0]!.v;
    }
    return { schemas: schemas.rows.map((r) => r.nspname), tables };
  } finally {
    await client.end();
  }
}

describe('backup and restore of a database (DATABASE_URL)', { timeout: 120_000 }, () => {
  const { admin } = inject('testDb');

  /** The test database as DATABASE_URL; the embedded test server's socket goes in `host=`. */
  function databaseUrl(name: string): string {
    if (admin.url) {
      const url = new URL(admin.url);
      url.pathname = `/${name}`;
      return url.toString();
    }
    const c = admin.config!;
    const auth = `${encodeURIComponent(c.user ?? 'postgres')}:${encodeURIComponent(c.password ?? '')}`;
    return `postgresql://${auth}@/${name}?host=${encodeURIComponent(c.host ?? '')}&port=${c.port ?? 5432}`;
  }

  async function serverMajor(): Promise<number> {
    const client = new pg.Client(withDatabase(admin, adminDatabase(admin)));
    await client.connect();
    const { rows } = await client.query<{ v: string }>("SELECT current_setting('server_version_num') AS v");
    await client.end();
    return Math.floor(Number(rows[0]!.v) / 10000);
  }
  const canDump = async () => newestPgDump >= (await serverMajor());

  it('restores every table of every schema as it was, and refuses a non-empty database without --force', async (ctx) => {
    if (!(await canDump())) ctx.skip(`no pg_dump for PostgreSQL ${await serverMajor()} (newest found: ${newestPgDump})`);
    const database = await createTestDatabase();
    const name = database.name;
    const env = { DATABASE_URL: databaseUrl(name) };
    const adminClient = new pg.Client(withDatabase(admin, adminDatabase(admin)));
    await adminClient.connect();
    try {
      // The job queue's schema too, with a job whose payload is not plain ASCII.
      const boss = await startJobQueue(database.pool, { timeoutSeconds: 60, supervise: false });
      await boss.send(QUEUES.email, { notificationId: 'রক্ত 🩸 "quoted",\n\\ done' });
      await boss.stop({ graceful: false, close: false });
      await database.pool.end();

      const before = await snapshot(withDatabase(admin, name));
      expect(before.schemas).toEqual(expect.arrayContaining(['drizzle', 'pgboss', 'public']));
      expect(before.tables['pgboss.job']).toMatch(/^1 /);
      expect(Object.values(before.tables).filter((v) => !v.startsWith('0 ')).length).toBeGreaterThan(3);

      const dir = path.join(tmp, 'url');
      const backup = await runScript('backup', ['--dir', dir], env);
      expect(backup.code, backup.stderr).toBe(EXIT.ok);
      const file = backup.stdout.trim();
      expect(path.dirname(file)).toBe(dir);
      expect(path.basename(file)).toMatch(new RegExp(`^${name}-\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\dZ\\.dump$`));
      expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
      expect(await fs.readdir(dir)).toEqual([path.basename(file)]); // no .partial left behind

      // Wipe: drop the database and create it again, empty.
      await dropDatabase(adminClient, name);
      await adminClient.query(`CREATE DATABASE ${name}`);
      expect((await snapshot(withDatabase(admin, name))).tables).toEqual({});

      const restore = await runScript('restore', [file], env);
      expect(restore.code, restore.stderr).toBe(EXIT.ok);
      expect(await snapshot(withDatabase(admin, name))).toEqual(before);

      // Now not empty: refused, and nothing changed.
      const refused = await runScript('restore', [file], env);
      expect(refused.code, refused.stderr).toBe(EXIT.refused);
      expect(refused.stderr).toContain('is not empty');
      expect(refused.stderr).toContain('--force');
      expect(await snapshot(withDatabase(admin, name))).toEqual(before);

      // --force replaces the content, even after it changed.
      const client = new pg.Client(withDatabase(admin, name));
      await client.connect();
      await client.query('CREATE TABLE public.extra (id int); DELETE FROM pgboss.job');
      await client.end();
      const forced = await runScript('restore', [file, '--force'], env);
      expect(forced.code, forced.stderr).toBe(EXIT.ok);
      expect(await snapshot(withDatabase(admin, name))).toEqual(before);
    } finally {
      await dropDatabase(adminClient, name).finally(() => adminClient.end());
    }
  });

  it('refuses a file that is not a dump, and a missing one, with the usage exit code', async () => {
    const env = { DATABASE_URL: databaseUrl('bd_backup_never_used') };
    const notDump = path.join(tmp, 'not-a-dump');
    await fs.writeFile(notDump, 'hello');
    const bad = await runScript('restore', [notDump], env);
    // Without any pg_restore installed the tool check comes first.
    if (bad.code !== EXIT.noTools) {
      expect(bad.code, bad.stderr).toBe(EXIT.usage);
      expect(bad.stderr).toContain('custom-format dump');
    }
    const missing = await runScript('restore', [path.join(tmp, 'missing.dump')], env);
    expect(missing.code).toBe(EXIT.usage);
    const none = await runScript('restore', [], env);
    expect(none.code).toBe(EXIT.usage);
  });
});

describe('backup and restore of the embedded database (DATA_DIR)', { timeout: 240_000 }, () => {
  const dataDir = path.join(tmp, 'data');
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  const fresh = path.join(tmp, 'fresh');
  afterAll(async () => {
    for (const dir of [dataDir, fresh]) {
      const pid = await postmasterPid(dir);
      if (pid && isAlive(pid)) process.kill(pid, 'SIGKILL');
    }
  });

  /** The marker rows of a DATA_DIR's database, read through the app's own start (the server process). */
  async function markers(dir: string): Promise<string[]> {
    const server = await startServerProcess({ DATA_DIR: dir, DATABASE_URL: '' });
    try {
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
      const client = await embeddedClient(dir);
      try {
        return (await client.query<{ note: string }>('SELECT note FROM backup_marker ORDER BY note')).rows.map((r) => r.note);
      } finally {
        await client.end();
      }
    } finally {
      process.kill(-server.child.pid!, 'SIGTERM');
      await server.exited;
    }
  }

  it('backs up while the app runs and while it is stopped (a physical backup when no pg_dump is new enough), and restores only when stopped', async () => {
    const server = await startServerProcess(env);
    let running: Run;
    try {
      const major = Number((await fs.readFile(path.join(dataDir, 'pg', 'PG_VERSION'), 'utf8')).trim());
      const client = await embeddedClient(dataDir);
      await client.query("CREATE TABLE backup_marker (note text); INSERT INTO backup_marker VALUES ('before the backup, রক্ত')");
      // Running: reached over its socket with its password. A default install has no pg_dump of
      // the embedded server's version (issue 38): then a physical backup of the running cluster.
      running = await runScript('backup', ['--dir', path.join(tmp, 'embedded')], env);
      expect(running.code, running.stderr).toBe(EXIT.ok);
      expect(running.stderr).toContain('is running: connecting over its socket');
      const physical = newestPgDump < major;
      expect(running.stdout.trim()).toMatch(physical ? /\.pgdata$/ : /\.dump$/);
      if (physical) expect(running.stderr).toContain(`no pg_dump for PostgreSQL ${major}`);
      // Written after the backup: not in what it restores.
      await client.query("INSERT INTO backup_marker VALUES ('after the backup')");
      await client.end();

      // Restore replaces the database under a running app: refused before anything is read.
      const refused = await runScript('restore', [running.stdout.trim()], env);
      expect(refused.code, refused.stderr).toBe(EXIT.refused);
      expect(refused.stderr).toContain(`The app is running on ${dataDir} (process ${server.child.pid})`);
    } finally {
      process.kill(-server.child.pid!, 'SIGTERM');
      await server.exited;
    }
    expect(await postmasterPid(dataDir)).toBeNull();
    const file = running.stdout.trim();
    expect((await fs.stat(path.dirname(file))).mode & 0o777).toBe(0o700);
    expect((await fs.readdir(path.dirname(file))).filter((n) => n.endsWith('.partial'))).toEqual([]);

    // Stopped: started for the backup and stopped after.
    const stopped = await runScript('backup', ['--dir', path.join(tmp, 'embedded')], env);
    expect(stopped.code, stopped.stderr).toBe(EXIT.ok);
    expect(stopped.stderr).toContain(`starting the embedded PostgreSQL of ${dataDir} for this job`);
    expect(stopped.stderr).toContain('PostgreSQL stopped');
    expect(stopped.stdout.trim()).not.toBe(file);
    expect(await postmasterPid(dataDir)).toBeNull();
    await expect(fs.stat(path.join(dataDir, 'app.pid'))).rejects.toThrow();

    // Into the same DATA_DIR: refused while it holds a database, replaced with --force.
    const notForced = await runScript('restore', [file], env);
    expect(notForced.code, notForced.stderr).toBe(EXIT.refused);
    expect(await markers(dataDir)).toEqual(['after the backup', 'before the backup, রক্ত']);
    const forced = await runScript('restore', [file, '--force'], env);
    expect(forced.code, forced.stderr).toBe(EXIT.ok);
    expect(await postmasterPid(dataDir)).toBeNull();
    expect(await markers(dataDir)).toEqual(['before the backup, রক্ত']);

    // Into a new machine's empty DATA_DIR (a physical backup; a dump needs the database made first).
    if (file.endsWith('.pgdata')) {
      const into = await runScript('restore', [file], { DATA_DIR: fresh, DATABASE_URL: '' });
      expect(into.code, into.stderr).toBe(EXIT.ok);
      expect(await markers(fresh)).toEqual(['before the backup, রক্ত']);
      // A physical backup is for DATA_DIR only.
      const elsewhere = await runScript('restore', [file], { DATABASE_URL: 'postgres://nobody:x@127.0.0.1:1/none' });
      expect(elsewhere.code, elsewhere.stderr).toBe(EXIT.usage);
      expect(elsewhere.stderr).toContain('restores into DATA_DIR only');
    }
  });
});
