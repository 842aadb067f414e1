// A physical backup of the embedded cluster, for when no pg_dump of the server's major version is
// installed (decision 063): PostgreSQL's low-level backup API (pg_backup_start / pg_backup_stop)
// around a copy of the data directory, plus the WAL from the backup's start to its end, so the copy
// is consistent even while the app writes. Restored into a DATA_DIR, the server replays that WAL on
// its first start (backup_label) and opens the cluster as it was when the backup ended.
//
// The backup is a folder, <name>.pgdata/, holding:
//   pg/           the cluster, with backup_label and the WAL it needs in pg_wal/
//   pg-password   the superuser password the cluster was made with (DATA_DIR/pg-password)
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { ensureRunAs, startEmbeddedPostgres } from '../src/server/db/embedded';

export const PHYSICAL_SUFFIX = '.pgdata';

/** Folders whose contents a base backup leaves out (PostgreSQL's documentation, "Making a Base Backup Using the Low Level API"). */
const EMPTIED = new Set(['pg_wal', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']);
/** Files of the running server, never copied. */
const SKIPPED = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map', 'backup_label.old', 'tablespace_map.old']);

const isWalSegment = (name: string) => /^[0-9A-F]{24}$/.test(name);

/** Copies a folder, leaving out what a base backup leaves out; a file gone meanwhile (a dropped table) is skipped. */
async function copyCluster(from: string, to: string, top = true): Promise<number> {
  await fs.mkdir(to, { mode: 0o700 });
  let bytes = 0;
  let entries: Dirent[];
  try {
    entries = await fs.readdir(from, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  for (const entry of entries) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.name.startsWith('pgsql_tmp') || entry.name === 'pg_internal.init') continue;
    if (top && SKIPPED.has(entry.name)) continue;
    if (entry.isDirectory()) {
      if (top && EMPTIED.has(entry.name)) {
        await fs.mkdir(target, { mode: 0o700 });
        if (entry.name === 'pg_wal') await fs.mkdir(path.join(target, 'archive_status'), { mode: 0o700 });
        continue;
      }
      bytes += await copyCluster(source, target, false);
    } else if (entry.isFile()) {
      try {
        await fs.copyFile(source, target);
        bytes += (await fs.stat(target)).size;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    } else if (entry.isSymbolicLink()) {
      // pg_tblspc's links: the embedded cluster has no tablespace (pg_backup_stop's map is checked empty).
      throw new Error(`${source} is a symbolic link (a tablespace?): not supported by this backup`);
    }
  }
  return bytes;
}

/**
 * Backs up the cluster of `pgData` through `client` (a superuser session on it) into `dest`, a new
 * folder. The session holds a temporary replication slot for the whole copy, so no WAL the backup
 * needs is recycled before it is copied.
 */
export async function physicalBackup(client: pg.Client, pgData: string, passwordFile: string, dest: string, log: (m: string) => void): Promise<number> {
  const slot = `bd_backup_${process.pid}`;
  await client.query('SELECT pg_create_physical_replication_slot($1, true, true)', [slot]);
  const label = `npm run backup ${new Date().toISOString()}`;
  await client.query('SELECT pg_backup_start($1, true)', [label]);
  let stopped = false;
  try {
    await fs.mkdir(dest, { mode: 0o700 });
    const copy = path.join(dest, 'pg');
    log(`copying the cluster ${pgData} (pg_backup_start: consistent while the server runs)`);
    let bytes = await copyCluster(pgData, copy);
    const { rows } = await client.query<{ labelfile: string; spcmapfile: string | null }>('SELECT labelfile, spcmapfile FROM pg_backup_stop(false)');
    stopped = true;
    const { labelfile, spcmapfile } = rows[0]!;
    if (spcmapfile?.trim()) throw new Error('the cluster has tablespaces: not supported by this backup');
    await fs.writeFile(path.join(copy, 'backup_label'), labelfile, { mode: 0o600 });
    // The WAL from the backup's start to now (past its end): its segments, in order.
    const first = /START WAL LOCATION: .* \(file ([0-9A-F]{24})\)/.exec(labelfile)?.[1];
    if (!first) throw new Error(`pg_backup_stop's label names no start segment:\n${labelfile}`);
    const last = (await client.query<{ f: string }>('SELECT pg_walfile_name(pg_current_wal_flush_lsn()) AS f')).rows[0]!.f;
    const wal = (await fs.readdir(path.join(pgData, 'pg_wal'))).filter((n) => isWalSegment(n) && n.slice(0, 8) === first.slice(0, 8) && n >= first && n <= last).sort();
    if (wal[0] !== first) throw new Error(`the WAL segment ${first} the backup starts in is gone`);
    for (const name of wal) {
      await fs.copyFile(path.join(pgData, 'pg_wal', name), path.join(copy, 'pg_wal', name));
      bytes += (await fs.stat(path.join(copy, 'pg_wal', name))).size;
    }
    log(`copied ${wal.length} WAL segment(s), ${wal[0]} to ${wal.at(-1)}`);
    await fs.copyFile(passwordFile, path.join(dest, 'pg-password'));
    await fs.chmod(path.join(dest, 'pg-password'), 0o600);
    return bytes;
  } finally {
    if (!stopped) await client.query('SELECT pg_backup_stop(false)').catch(() => {});
    await client.query('SELECT pg_drop_replication_slot($1)', [slot]).catch(() => {});
  }
}

/** True for a physical backup folder (from physicalBackup). */
export async function isPhysicalBackup(file: string): Promise<boolean> {
  const label = await fs.stat(path.join(file, 'pg', 'backup_label')).catch(() => undefined);
  const version = await fs.stat(path.join(file, 'pg', 'PG_VERSION')).catch(() => undefined);
  return Boolean(label?.isFile() && version?.isFile());
}

async function chownTree(dir: string, owner: { uid: number; gid: number }): Promise<void> {
  await fs.lchown(dir, owner.uid, owner.gid);
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(p, owner);
    else await fs.lchown(p, owner.uid, owner.gid);
  }
}

/**
 * Lays a physical backup down as DATA_DIR's cluster (`pgData`, which must not exist): copied beside
 * it first, then renamed into place, so a failed copy leaves no half cluster.
 */
export async function layDownPhysical(backup: string, dataDir: string, pgData: string): Promise<void> {
  const staging = `${pgData}.restoring`;
  await fs.rm(staging, { recursive: true, force: true });
  await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
  await fs.cp(path.join(backup, 'pg'), staging, { recursive: true });
  await fs.chmod(staging, 0o700);
  const owner = await ensureRunAs(() => {});
  if (owner) await chownTree(staging, owner);
  await fs.copyFile(path.join(backup, 'pg-password'), path.join(dataDir, 'pg-password'));
  await fs.chmod(path.join(dataDir, 'pg-password'), 0o600);
  await fs.rename(staging, pgData);
}

/**
 * Restores a physical backup into the embedded database of `dataDir` (the app and its PostgreSQL
 * stopped). A cluster already there is refused unless `force`; then it is moved aside, and put
 * back if the restored one does not start. The restored cluster is started once here, so it
 * replays the backup's WAL and is checked to open before anything is thrown away.
 */
export async function restorePhysical(
  backup: string,
  dataDir: string,
  options: { force: boolean; log: (m: string) => void; refused: (m: string) => Error; failed: (m: string) => Error },
): Promise<void> {
  const { force, log } = options;
  const pgData = path.join(dataDir, 'pg');
  const passwordFile = path.join(dataDir, 'pg-password');
  const exists = await fs.stat(path.join(pgData, 'PG_VERSION')).then(() => true, () => false);
  if (exists && !force) {
    throw options.refused(
      `${dataDir} already holds a database. Restore into an empty DATA_DIR, or add --force to replace it ` +
        '(it is kept aside until the restored one has started).',
    );
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const aside = `${pgData}.replaced-${stamp}`;
  const asidePassword = `${passwordFile}.replaced-${stamp}`;
  if (exists) {
    log(`--force: moving the current cluster aside to ${aside}`);
    await fs.rename(pgData, aside);
    await fs.rename(passwordFile, asidePassword).catch(() => {});
  }
  try {
    log(`laying down ${backup} as ${pgData}`);
    await layDownPhysical(backup, dataDir, pgData);
    log('starting it once to replay the backup\'s WAL');
    const server = await startEmbeddedPostgres({ dataDir, log: (m) => log(`  ${m}`) });
    await server.stop();
  } catch (err) {
    await fs.rm(pgData, { recursive: true, force: true });
    await fs.rm(`${pgData}.restoring`, { recursive: true, force: true });
    if (exists) {
      await fs.rename(aside, pgData);
      await fs.rename(asidePassword, passwordFile).catch(() => {});
      log(`the previous cluster is back in ${pgData}`);
    }
    throw options.failed(`The backup could not be restored: ${(err as Error).message}`);
  }
  if (exists) {
    await fs.rm(aside, { recursive: true, force: true });
    await fs.rm(asidePassword, { force: true });
  }
}
