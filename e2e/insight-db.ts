import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { passwordFor, socketDirFor, SUPERUSER } from '../src/server/db/embedded';
import { seedDemo } from '../scripts/seed-demo';

// The insight specs want history (six months of requests) that no API can write, and a few specs a
// row only time makes (a notice due in months): they find the database of the e2e server on this
// port (scripts/e2e-server.mjs: a DATA_DIR under the system's temporary folder, the app's pid in it)
// and add the demo data (scripts/seed-demo.ts) once, or the row.

async function dataDirOfPort(port: string): Promise<string | null> {
  for (const name of await fs.readdir(os.tmpdir())) {
    if (!name.startsWith('bd-e2e-')) continue;
    const dir = path.join(os.tmpdir(), name);
    const pid = (await fs.readFile(path.join(dir, 'app.pid'), 'utf8').catch(() => '')).trim();
    if (!pid) continue;
    const environ = await fs.readFile(`/proc/${pid}/environ`, 'utf8').catch(() => '');
    if (environ.split('\0').includes(`PORT=${port}`)) return dir;
  }
  return null;
}

/** Runs `use` on a pool to the e2e server's database; null when that database cannot be found. */
export async function inE2eDatabase<T>(use: (pool: pg.Pool) => Promise<T>): Promise<T | null> {
  const dir = await dataDirOfPort(process.env.E2E_PORT ?? '4173');
  if (!dir) return null;
  const pool = new pg.Pool({ host: socketDirFor(dir), port: 5432, user: SUPERUSER, password: await passwordFor(dir), database: 'blood_donation', max: 2 });
  try {
    return await use(pool);
  } finally {
    await pool.end();
  }
}

/** Adds the demo data to the e2e server's database (once); false when that database cannot be found. */
export async function withDemoData(): Promise<boolean> {
  const seeded = await inE2eDatabase(async (pool) => {
    // Specs in two workers may ask at once: one seeds, the other waits for it.
    const lock = await pool.connect();
    try {
      await lock.query('SELECT pg_advisory_lock(18018)');
      const { rows } = await pool.query(`SELECT 1 FROM users WHERE id = 'demo-user-1'`);
      if (rows.length === 0) await seedDemo(pool, { evenIfNotEmpty: true });
      await lock.query('SELECT pg_advisory_unlock(18018)');
      return true;
    } finally {
      lock.release();
    }
  });
  return seeded === true;
}
