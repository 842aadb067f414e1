// Shared by scripts/backup.ts and scripts/restore.ts: which database to reach (DATABASE_URL or the
// embedded server of DATA_DIR, running or not), and which pg_dump / pg_restore to run.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../src/server/config';
import {
  loadBinaries,
  passwordFor,
  processAlive,
  processCommand,
  readPid,
  SOCKET_PORT,
  socketDirFor,
  startEmbeddedPostgres,
  SUPERUSER,
} from '../src/server/db/embedded';

const execFileAsync = promisify(execFile);

/** The embedded server's database (src/server/main.ts creates it under this name). */
export const EMBEDDED_DATABASE = 'blood_donation';

/** Exit codes, the same for both scripts (README "Backups"). */
export const EXIT = {
  ok: 0,
  /** pg_dump / pg_restore failed, or the database could not be reached. */
  failed: 1,
  /** Bad arguments or configuration, or the file is not a custom-format dump. */
  usage: 2,
  /** Refused: the target database is not empty (no --force), or the app is running on it. */
  refused: 3,
  /** No pg_dump / pg_restore that can do the job is installed. */
  noTools: 4,
} as const;

/** A failure with its exit code and a message meant for the operator. */
export class ScriptError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

export const INSTALL_HINT =
  'Install the PostgreSQL client programs of the server\'s major version or newer: on Debian/Ubuntu ' +
  '`apt-get install postgresql-client-18` (from the PostgreSQL apt repository, PGDG, where the distribution ' +
  'has an older one), on macOS `brew install postgresql@18`; or point PG_BIN_DIR at a folder holding pg_dump and pg_restore.';

/** How pg_dump / pg_restore and our own checks reach the database. */
export interface Target {
  /** For messages: never holds the password. */
  describe: string;
  /** The database's name, for backup file names. */
  database: string;
  /** node-pg settings for our own checks. */
  pgConfig: pg.ClientConfig;
  /** Connection arguments for pg_dump / pg_restore (no password: that goes in PGPASSWORD). */
  args: string[];
  env: NodeJS.ProcessEnv;
  /** DATA_DIR, for the embedded server only (its cluster is DATA_DIR/pg). */
  dataDir?: string;
  /** Stops the embedded server if this script started it. */
  release(): Promise<void>;
}

/** DATABASE_URL without its password (libpq then takes PGPASSWORD), and the password. */
export function splitPassword(url: string): { url: string; password: string | undefined } {
  const m = /^(postgres(?:ql)?:\/\/[^:@/?#]*):([^@/?#]*)@/.exec(url);
  if (!m) return { url, password: undefined };
  return { url: `${m[1]}@${url.slice(m[0].length)}`, password: decodeURIComponent(m[2] ?? '') };
}

export function urlTarget(url: string): Target {
  const { url: withoutPassword, password } = splitPassword(url);
  return {
    describe: `DATABASE_URL (${withoutPassword})`,
    database: /^postgres(?:ql)?:\/\/[^/?#]*\/([^/?#]+)/.exec(url)?.[1] ?? 'database',
    pgConfig: { connectionString: url },
    args: [`--dbname=${withoutPassword}`],
    env: password === undefined ? { ...process.env } : { ...process.env, PGPASSWORD: password },
    release: async () => {},
  };
}

function embeddedTarget(dataDir: string, socketDir: string, password: string, release: () => Promise<void>): Target {
  // PG* variables from the caller's environment must not redirect us to another server.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('PG')));
  return {
    describe: `the embedded database "${EMBEDDED_DATABASE}" of ${dataDir}`,
    database: EMBEDDED_DATABASE,
    pgConfig: { host: socketDir, port: SOCKET_PORT, user: SUPERUSER, password, database: EMBEDDED_DATABASE },
    args: [`--host=${socketDir}`, `--port=${SOCKET_PORT}`, `--username=${SUPERUSER}`, `--dbname=${EMBEDDED_DATABASE}`],
    env: { ...env, PGPASSWORD: password },
    dataDir,
    release,
  };
}

export interface EmbeddedState {
  initialised: boolean;
  /** The PostgreSQL server of DATA_DIR is running (started by the app, or left by a killed one). */
  serverRunning: boolean;
  /** The live process that started it (the app), if any. */
  ownerPid: number | undefined;
}

export async function embeddedState(dataDir: string): Promise<EmbeddedState> {
  const pgData = path.join(dataDir, 'pg');
  const initialised = await fs.stat(path.join(pgData, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  const pgPid = await readPid(path.join(pgData, 'postmaster.pid'));
  const serverRunning = pgPid !== undefined && processAlive(pgPid) && (await processCommand(pgPid)).includes('postgres');
  const owner = await readPid(path.join(dataDir, 'app.pid'));
  const ownerPid = owner !== undefined && owner !== process.pid && processAlive(owner) ? owner : undefined;
  return { initialised, serverRunning, ownerPid };
}

/** The app's settings (DATABASE_URL, DATA_DIR), a bad one as a usage error. */
export function scriptConfig() {
  try {
    return loadConfig();
  } catch (err) {
    throw new ScriptError((err as Error).message, EXIT.usage);
  }
}

/** Restore replaces the embedded database under the app's feet: refuse while the app runs on it. */
export async function refuseWhileAppRuns(): Promise<void> {
  const { DATABASE_URL, dataDir } = scriptConfig();
  if (DATABASE_URL) return; // other machines' instances cannot be seen from here: README says to stop them
  const { ownerPid } = await embeddedState(dataDir);
  if (ownerPid !== undefined) {
    throw new ScriptError(
      `The app is running on ${dataDir} (process ${ownerPid}). Stop it first (Ctrl-C or SIGTERM), then restore.`,
      EXIT.refused,
    );
  }
}

/**
 * The database to work on: DATABASE_URL, else the embedded server of DATA_DIR. A running embedded
 * server is reached over its socket with its password; a stopped one is started for the job
 * (`startEmbedded`) and stopped by `release()`, or refused (`requireStopped`, for restore).
 */
export async function resolveTarget(
  log: (m: string) => void,
  mode: { requireStopped: boolean; createDatabase: boolean },
): Promise<Target> {
  const { DATABASE_URL, dataDir } = scriptConfig();
  if (DATABASE_URL) return urlTarget(DATABASE_URL);

  if (mode.requireStopped) await refuseWhileAppRuns();
  const state = await embeddedState(dataDir);
  if (!mode.requireStopped && state.serverRunning) {
    log(`the embedded PostgreSQL of ${dataDir} is running: connecting over its socket`);
    const password = await passwordFor(dataDir);
    return embeddedTarget(dataDir, socketDirFor(dataDir), password, async () => {});
  }
  if (!state.initialised && !mode.createDatabase) {
    throw new ScriptError(`There is no embedded database in ${dataDir} (DATA_DIR): nothing to back up.`, EXIT.usage);
  }
  log(`starting the embedded PostgreSQL of ${dataDir} for this job`);
  let server;
  try {
    server = await startEmbeddedPostgres({
      dataDir,
      log: (m) => log(`  ${m}`),
      ...(mode.createDatabase ? { database: EMBEDDED_DATABASE } : {}),
    });
  } catch (err) {
    throw new ScriptError(`Could not start the embedded PostgreSQL: ${(err as Error).message}`, EXIT.failed);
  }
  const password = await passwordFor(dataDir);
  return embeddedTarget(dataDir, server.socketDir, password, () => server.stop());
}

export interface PgTool {
  path: string;
  major: number;
  version: string;
}

async function toolVersion(file: string): Promise<PgTool | undefined> {
  try {
    const { stdout } = await execFileAsync(file, ['--version'], { timeout: 10_000 });
    const m = /\)\s+(\d+)(?:\.\d+)?/.exec(stdout);
    return m ? { path: file, major: Number(m[1]), version: stdout.trim() } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Every installed copy of a PostgreSQL client program, newest first: PG_BIN_DIR alone when set;
 * else the embedded package's binaries (where it ships them), Debian's /usr/lib/postgresql/N/bin,
 * and PATH.
 */
export async function findPgTools(name: 'pg_dump' | 'pg_restore'): Promise<PgTool[]> {
  const dirs: string[] = [];
  if (process.env.PG_BIN_DIR) {
    dirs.push(process.env.PG_BIN_DIR);
  } else {
    try {
      dirs.push(path.dirname((await loadBinaries()).pg_ctl));
    } catch {
      /* no embedded binaries for this platform */
    }
    const debian = await fs.readdir('/usr/lib/postgresql').catch(() => [] as string[]);
    dirs.push(...debian.map((v) => path.join('/usr/lib/postgresql', v, 'bin')));
    dirs.push(...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean));
  }
  const seen = new Set<string>();
  const found: PgTool[] = [];
  for (const dir of dirs) {
    const file = path.join(dir, name);
    const real = await fs.realpath(file).catch(() => undefined);
    if (real === undefined || seen.has(real)) continue;
    seen.add(real);
    const tool = await toolVersion(file);
    if (tool) found.push(tool);
  }
  // Stable: among equal versions the earlier place wins.
  return found.sort((a, b) => b.major - a.major);
}

/** The newest pg_dump / pg_restore, refusing one older than the server where that matters. */
export async function pickPgTool(name: 'pg_dump' | 'pg_restore', serverMajor?: number): Promise<PgTool> {
  const tools = await findPgTools(name);
  const best = tools[0];
  if (!best) throw new ScriptError(`No ${name} found. ${INSTALL_HINT}`, EXIT.noTools);
  if (serverMajor !== undefined && best.major < serverMajor) {
    throw new ScriptError(
      `The server is PostgreSQL ${serverMajor} but the newest ${name} found is ${best.major} (${best.path}); ` +
        `${name} cannot work with a newer server. ${INSTALL_HINT.replaceAll('18', String(serverMajor))}`,
      EXIT.noTools,
    );
  }
  return best;
}

export async function withClient<T>(target: Target, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(target.pgConfig);
  try {
    await client.connect();
  } catch (err) {
    throw new ScriptError(`Could not connect to ${target.describe}: ${(err as Error).message}`, EXIT.failed);
  }
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

export async function serverMajor(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ server_version_num: string }>('SHOW server_version_num');
  return Math.floor(Number(rows[0]?.server_version_num) / 10000);
}

/** Runs a PostgreSQL program; stderr is passed through and kept for the error message. */
export function runTool(tool: PgTool, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool.path, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString();
      process.stderr.write(c);
    });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward).on('SIGTERM', forward);
    child.on('error', (e) => reject(new ScriptError(`${path.basename(tool.path)} could not run: ${e.message}`, EXIT.failed)));
    child.on('close', (code, signal) => {
      process.off('SIGINT', forward).off('SIGTERM', forward);
      if (code === 0) resolve();
      else
        reject(
          new ScriptError(
            `${path.basename(tool.path)} failed (${signal ?? `exit code ${code}`})${err.trim() ? `: ${err.trim().split('\n').slice(-5).join(' | ')}` : ''}`,
            EXIT.failed,
          ),
        );
    });
  });
}

/** Runs a script's main and exits with its code; a ScriptError prints only its message. */
export function runMain(name: string, main: () => Promise<void>): void {
  main().then(
    () => process.exit(EXIT.ok),
    (err: unknown) => {
      if (err instanceof ScriptError) {
        console.error(`[${name}] ${err.message}`);
        process.exit(err.exitCode);
      }
      console.error(`[${name}] failed:`, err);
      process.exit(EXIT.failed);
    },
  );
}
