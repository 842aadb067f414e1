import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  output(): string;
  exited: Promise<number | null>;
}

/** Starts `src/server/main.ts` as a real process (through tsx) and waits until it listens. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // LOG_LEVEL info always: the "Server listening" line below is how we learn the port.
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'production', ...env, LOG_LEVEL: 'info' },
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) {
        clearInterval(timer);
        resolve(Number(m[1]));
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code} before listening:\n${out}`));
    });
  });
  return { child, port, baseUrl: `http://127.0.0.1:${port}`, output: () => out, exited };
}

/** A direct connection to the embedded PostgreSQL of a DATA_DIR (Unix socket, generated password). */
export async function embeddedClient(dataDir: string, database = 'blood_donation'): Promise<pg.Client> {
  const password = (await fs.readFile(path.join(dataDir, 'pg-password'), 'utf8')).trim();
  const client = new pg.Client({ host: path.join(dataDir, 'pg-run'), port: 5432, user: 'postgres', password, database });
  await client.connect();
  return client;
}

export function postmasterPid(dataDir: string): Promise<number | null> {
  return fs
    .readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')
    .then((s) => Number.parseInt(s.split('\n')[0] ?? '', 10) || null)
    .catch(() => null);
}

/** Alive and not a zombie (an exited process its new parent has not reaped yet). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** A port free on 127.0.0.1 now, for a server whose address must be known before it starts (its PUBLIC_URL). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}
