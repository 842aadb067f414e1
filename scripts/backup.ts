// `npm run backup [-- --dir DIR]`: a consistent pg_dump (custom format) of the database, DATABASE_URL
// or the embedded one of DATA_DIR (running or not), to ./backups/<database>-<UTC time>.dump.
// The file's path is the one line printed on stdout; progress goes to stderr. Exit codes: scripts/db-tools.ts.
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EXIT, pickPgTool, resolveTarget, runMain, runTool, ScriptError, serverMajor, withClient } from './db-tools';

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
  let partial: string | undefined;
  try {
    const major = await withClient(target, serverMajor);
    const tool = await pickPgTool('pg_dump', major);
    // Dumps hold password hashes, sessions and the generated secrets: readable by the owner only.
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    const base = path.join(dir, `${target.database.replace(/[^\w-]/g, '_')}-${timestamp()}`);
    let file = `${base}.dump`;
    for (let n = 2; await fs.stat(file).then(() => true, () => false); n++) file = `${base}-${n}.dump`;
    partial = `${file}.partial`;
    await (await fs.open(partial, 'w', 0o600)).close();
    log(`dumping ${target.describe} (PostgreSQL ${major}) with ${tool.path} (${tool.major})`);
    // One snapshot for the whole dump: consistent even while the app writes. Waiting at most a
    // minute for a table lock (a migration running) beats hanging.
    await runTool(tool, ['--format=custom', `--file=${partial}`, '--no-password', '--lock-wait-timeout=60000', ...target.args], target.env);
    await fs.rename(partial, file);
    partial = undefined;
    const { size } = await fs.stat(file);
    log(`wrote ${file} (${(size / 1024).toFixed(0)} KiB)`);
    console.log(file);
  } finally {
    if (partial) await fs.rm(partial, { force: true });
    await target.release();
  }
}

runMain('backup', main);
