// `npm run restore -- FILE [--force]`: restores a dump made by `npm run backup` (pg_dump custom
// format) into the database, DATABASE_URL or the embedded one of DATA_DIR (the app must be
// stopped). An empty database only, unless --force: then everything in it is dropped first.
// A physical backup folder (FILE.pgdata/, scripts/physical-backup.ts) restores into DATA_DIR.
// Exit codes: scripts/db-tools.ts.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import type pg from 'pg';
import { embeddedState, EXIT, pickPgTool, refuseWhileAppRuns, resolveTarget, runMain, runTool, scriptConfig, ScriptError, withClient } from './db-tools';
import { isPhysicalBackup, restorePhysical } from './physical-backup';

const execFileAsync = promisify(execFile);

const USAGE = `Usage: npm run restore -- FILE [--force]
Restores FILE (from npm run backup) into the database (DATABASE_URL, or the embedded one of DATA_DIR).
The app must be stopped. A database that is not empty is refused unless --force, which drops its content first.
A physical backup (a .pgdata folder) restores into DATA_DIR only.`;

const log = (m: string) => console.error(`[restore] ${m}`);

const USER_SCHEMAS = `n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'`;

/** What the database holds outside the system schemas; empty when a fresh CREATE DATABASE. */
export async function databaseContents(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ what: string }>(`
    SELECT 'schema ' || n.nspname AS what FROM pg_namespace n WHERE ${USER_SCHEMAS} AND n.nspname <> 'public'
    UNION ALL
    SELECT 'extension ' || extname FROM pg_extension WHERE extname <> 'plpgsql'
    UNION ALL
    SELECT count(*) || ' tables, views or sequences in ' || n.nspname
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE ${USER_SCHEMAS} AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f') GROUP BY n.nspname
    UNION ALL
    SELECT count(*) || ' functions in ' || n.nspname
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE ${USER_SCHEMAS} GROUP BY n.nspname
    UNION ALL
    SELECT count(*) || ' types in ' || n.nspname
      FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE ${USER_SCHEMAS} AND (t.typtype IN ('e', 'd', 'r')
        OR (t.typtype = 'c' AND (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c'))
      GROUP BY n.nspname`);
  return rows.map((r) => r.what);
}

/**
 * Drops everything databaseContents() counts, in one transaction: the schemas but public (the
 * database's own, kept with its owner and grants), the extensions, then public's tables, views,
 * sequences, routines and types. Statements are listed before any runs, so none names a dropped object.
 */
const WIPE = `
DO $wipe$
DECLARE stmt text;
BEGIN
  FOR stmt IN SELECT format('DROP SCHEMA IF EXISTS %I CASCADE', n.nspname) FROM pg_namespace n
      WHERE ${USER_SCHEMAS} AND n.nspname <> 'public'
    UNION ALL SELECT format('DROP EXTENSION IF EXISTS %I CASCADE', extname) FROM pg_extension WHERE extname <> 'plpgsql'
  LOOP EXECUTE stmt; END LOOP;
  FOR stmt IN SELECT format('DROP %s IF EXISTS %I.%I CASCADE',
        CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'S' THEN 'SEQUENCE'
          WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END, n.nspname, c.relname)
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
        -- An identity column's sequence goes with its table (it cannot be dropped on its own).
        AND NOT (c.relkind = 'S' AND EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'i'))
  LOOP EXECUTE stmt; END LOOP;
  FOR stmt IN SELECT format('DROP %s IF EXISTS %I.%I(%s) CASCADE',
        CASE p.prokind WHEN 'a' THEN 'AGGREGATE' WHEN 'p' THEN 'PROCEDURE' ELSE 'FUNCTION' END,
        n.nspname, p.proname, pg_get_function_identity_arguments(p.oid))
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'
  LOOP EXECUTE stmt; END LOOP;
  FOR stmt IN SELECT format('DROP %s IF EXISTS %I.%I CASCADE', CASE t.typtype WHEN 'd' THEN 'DOMAIN' ELSE 'TYPE' END, n.nspname, t.typname)
      FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE n.nspname = 'public' AND (t.typtype IN ('e', 'd', 'r')
        OR (t.typtype = 'c' AND (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c'))
  LOOP EXECUTE stmt; END LOOP;
END
$wipe$`;

async function main() {
  let parsed;
  try {
    parsed = parseArgs({
      options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    throw new ScriptError(`${(err as Error).message}\n${USAGE}`, EXIT.usage);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.error(USAGE);
    return;
  }
  if (positionals.length !== 1) throw new ScriptError(`Name one dump file.\n${USAGE}`, EXIT.usage);
  await refuseWhileAppRuns();
  const file = path.resolve(positionals[0]!);
  const stat = await fs.stat(file).catch(() => undefined);
  if (stat?.isDirectory() && (await isPhysicalBackup(file))) return restoreFolder(file, values.force ?? false);
  if (!stat?.isFile()) throw new ScriptError(`${file} is not a file.`, EXIT.usage);

  const tool = await pickPgTool('pg_restore');
  // Read the archive's table of contents before touching any database.
  let toc: string;
  try {
    toc = (await execFileAsync(tool.path, ['--list', file], { maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (err) {
    const detail = ((err as { stderr?: string }).stderr ?? (err as Error).message).trim();
    throw new ScriptError(
      `${file} cannot be read by ${tool.path} (${tool.major}): ${detail}\n` +
        'It must be a custom-format dump from npm run backup; one made by a newer pg_dump needs a pg_restore at least as new.',
      EXIT.usage,
    );
  }
  const dumped = /^;\s+Dumped from database version: (.*)$/m.exec(toc)?.[1];
  const entries = toc.split('\n').filter((l) => l && !l.startsWith(';')).length;
  log(`${file}: ${entries} entries${dumped ? `, dumped from PostgreSQL ${dumped}` : ''}`);

  const target = await resolveTarget(log, { requireStopped: true, createDatabase: true });
  try {
    await withClient(target, async (client) => {
      const contents = await databaseContents(client);
      if (contents.length === 0) return;
      if (!values.force) {
        throw new ScriptError(
          `${target.describe} is not empty (${contents.join(', ')}). Restore into an empty database, ` +
            'or add --force to drop everything in it first (back it up before: npm run backup).',
          EXIT.refused,
        );
      }
      log(`--force: dropping the content of ${target.describe} (${contents.join(', ')})`);
      await client.query('BEGIN');
      try {
        await client.query(WIPE);
        const left = await databaseContents(client);
        if (left.length > 0) throw new Error(`still holds ${left.join(', ')}`);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw new ScriptError(
          `Could not empty ${target.describe}: ${(err as Error).message}. Nothing was changed; drop and recreate the database by hand.`,
          EXIT.failed,
        );
      }
    });
    log(`restoring into ${target.describe} with ${tool.path} (${tool.major})`);
    // One transaction: a failed restore leaves the database as it was (empty). Objects belong to
    // the restoring user and no grants are replayed, so a dump moves between the embedded
    // server (user postgres) and an external one (the app's user).
    await runTool(tool, ['--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', '--no-password', ...target.args, file], target.env);
    // pg_restore leaves the planner's statistics empty until autovacuum gets to it.
    await withClient(target, (client) => client.query('ANALYZE'));
    log(`restored ${file} into ${target.describe}`);
  } finally {
    await target.release();
  }
}

/** A physical backup (a .pgdata folder, decision 063): into the embedded database only, with the app and its PostgreSQL stopped. */
async function restoreFolder(folder: string, force: boolean) {
  const { DATABASE_URL, dataDir } = scriptConfig();
  if (DATABASE_URL) {
    throw new ScriptError(`${folder} is a physical backup of an embedded database: it restores into DATA_DIR only (unset DATABASE_URL).`, EXIT.usage);
  }
  if ((await embeddedState(dataDir)).serverRunning) {
    throw new ScriptError(`The embedded PostgreSQL of ${dataDir} is running. Stop it first (start and stop the app once), then restore.`, EXIT.refused);
  }
  await restorePhysical(folder, dataDir, {
    force,
    log,
    refused: (m) => new ScriptError(m, EXIT.refused),
    failed: (m) => new ScriptError(m, EXIT.failed),
  });
  log(`restored ${folder} into ${dataDir}`);
}

runMain('restore', main);
