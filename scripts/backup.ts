// `npm run backup [-- --dir DIR]`: a consistent pg_dump (custom format) of the database, DATABASE_URL
// or the embedded one of DATA_DIR (running or not), to ./backups/<database>-<UTC time>.dump.
// The embedded server with no pg_dump of its major version installed (the default install: npm
// ships the server, not its client programs) gets a physical backup of its cluster instead,
// ./backups/<database>-<UTC time>.pgdata/ (scripts/physical-backup.ts, decision 063).
// The file's path is the one line printed on stdout; progress goes to stderr. Exit codes: scripts/db-tools.ts.
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EXIT, findPgTools, type PgTool, pickPgTool, resolveTarget, runMain, runTool, ScriptError, serverMajor, type Target, withClient } from './db-tools';
import { PHYSICAL_SUFFIX, physicalBackup } from './physical-backup';

const USAGE = `Usage: npm run backup [-- --dir DIR]
Dumps the database (DATABASE_URL, or the embedded one of DATA_DIR) to DIR (default ./backups).`;

const log = (m: string) => console.error(`[backup] ${m}`);

/** 2025-06-01T12-30-05Z: sorts by time, and is a valid file name everywhere. */
export function timestamp(date = new Date()): string {
  return date.toISOString().replace(/\.\d+Z$/, 'Z').replaceAll(':', '-');
}

async function main() {
  let values;
  try {
    ({ values } = parseArgs({ options: { dir: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, strict: true }));
  } catch (err) {
    throw new ScriptError(`${(err as Error).message}\n${USAGE}`, EXIT.usage);
  }
  if (values.help) {
    console.error(USAGE);
    return;
  }
  const dir = path.resolve(values.dir ?? 'backups');

  const target = await resolveTarget(log, { requireStopped: false, createDatabase: false });
  const partial: { path?: string } = {};
  try {
    const major = await withClient(target, serverMajor);
    const base = path.join(dir, `${target.database.replace(/[^\w-]/g, '_')}-${timestamp()}`);
    // Backups hold password hashes, sessions and the generated secrets: readable by the owner only.
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    const newest = (await findPgTools('pg_dump'))[0];
    const written =
      target.dataDir !== undefined && (newest?.major ?? 0) < major
        ? await physicalFolder(target, target.dataDir, base, major, newest, partial)
        : await dumpFile(target, base, major, partial);
    console.log(written);
  } finally {
    if (partial.path) await fs.rm(partial.path, { recursive: true, force: true });
    await target.release();
  }
}

/** A free name: `base` + suffix, or `base-2` + suffix, ... */
async function freeName(base: string, suffix: string): Promise<string> {
  let name = `${base}${suffix}`;
  for (let n = 2; await fs.stat(name).then(() => true, () => false); n++) name = `${base}-${n}${suffix}`;
  return name;
}

/** pg_dump's custom format, written under a .partial name and renamed when complete. */
async function dumpFile(target: Target, base: string, major: number, partial: { path?: string }): Promise<string> {
  const tool = await pickPgTool('pg_dump', major);
  const file = await freeName(base, '.dump');
  partial.path = `${file}.partial`;
  await (await fs.open(partial.path, 'w', 0o600)).close();
  log(`dumping ${target.describe} (PostgreSQL ${major}) with ${tool.path} (${tool.major})`);
  // One snapshot for the whole dump: consistent even while the app writes. Waiting at most a
  // minute for a table lock (a migration running) beats hanging.
  await runTool(tool, ['--format=custom', `--file=${partial.path}`, '--no-password', '--lock-wait-timeout=60000', ...target.args], target.env);
  await fs.rename(partial.path, file);
  partial.path = undefined;
  const { size } = await fs.stat(file);
  log(`wrote ${file} (${(size / 1024).toFixed(0)} KiB)`);
  return file;
}

/**
 * The embedded server with no pg_dump of its major version installed (a default install: npm ships
 * the server, not its client programs): a physical backup of its cluster (decision 063).
 */
async function physicalFolder(target: Target, dataDir: string, base: string, major: number, newest: PgTool | undefined, partial: { path?: string }): Promise<string> {
  log(
    `no pg_dump for PostgreSQL ${major} (${newest ? `newest found: ${newest.major}, ${newest.path}` : 'none found'}): ` +
      'a physical backup of the embedded cluster instead (npm run restore puts it back into a DATA_DIR)',
  );
  const folder = await freeName(base, PHYSICAL_SUFFIX);
  partial.path = `${folder}.partial`;
  const into = partial.path;
  const bytes = await withClient(target, (client) => physicalBackup(client, path.join(dataDir, 'pg'), path.join(dataDir, 'pg-password'), into, log));
  await fs.rename(into, folder);
  partial.path = undefined;
  log(`wrote ${folder} (${(bytes / 1024 / 1024).toFixed(0)} MiB)`);
  return folder;
}

runMain('backup', main);
