import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedClient, isAlive, postmasterPid, startServerProcess } from './server-process';

/**
 * The embedded database must survive the app being killed: SIGKILL leaves PostgreSQL running
 * (or, when it is killed too, a stale postmaster.pid); the next start must recover and every
 * acknowledged row must still be there.
 */
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bd-crash-'));
afterAll(async () => {
  const pid = await postmasterPid(dataDir);
  if (pid && isAlive(pid)) process.kill(pid, 'SIGKILL');
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function health(baseUrl: string) {
  const res = await fetch(`${baseUrl}/api/health`);
  return { status: res.status, body: await res.json() };
}

describe('embedded PostgreSQL across crashes', { timeout: 180_000 }, () => {
  it('keeps every acknowledged row through SIGKILL of the app, and of the app and the database', async () => {
    const acknowledged: number[] = [];
    for (const round of [1, 2, 3]) {
      const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '' });
      expect(await health(server.baseUrl)).toEqual({ status: 200, body: { status: 'ok', db: 'ok' } });
      // After a killed app, the orphaned PostgreSQL was found and stopped before a clean start.
      if (round > 1) expect(server.output()).toContain('left running by a previous run');
      const client = await embeddedClient(dataDir);
      client.on('error', () => {});
      await client.query('CREATE TABLE IF NOT EXISTS crash_probe (id int PRIMARY KEY, payload text NOT NULL)');
      // Every present row must be one we were told was committed, and every acknowledged row present.
      const { rows } = await client.query<{ id: number }>('SELECT id FROM crash_probe ORDER BY id');
      expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining(acknowledged));

      // A stream of writes; the app dies in the middle of it (round 3: PostgreSQL dies too).
      const killAt = 20 + Math.floor(Math.random() * 60);
      for (let i = 0; i < 120; i++) {
        const id = round * 1000 + i;
        if (i === killAt) {
          process.kill(-server.child.pid!, 'SIGKILL');
          await server.exited;
          if (round === 3) {
            const pid = await postmasterPid(dataDir);
            if (pid) process.kill(pid, 'SIGKILL');
          }
        }
        try {
          await client.query('INSERT INTO crash_probe VALUES ($1, $2)', [id, `row ${id}`]);
          acknowledged.push(id);
        } catch {
          break; // the database is gone: nothing after this was acknowledged
        }
      }
      await client.end().catch(() => {});
    }

    // The final start recovers from the last crash and finds every acknowledged row.
    const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '' });
    try {
      expect((await health(server.baseUrl)).status).toBe(200);
      expect(server.output()).toContain('stale postmaster.pid');
      const client = await embeddedClient(dataDir);
      const { rows } = await client.query<{ id: number; payload: string }>('SELECT id, payload FROM crash_probe');
      await client.end();
      const present = new Set(rows.map((r) => r.id));
      for (const id of acknowledged) expect(present.has(id)).toBe(true);
      for (const r of rows) expect(r.payload).toBe(`row ${r.id}`);
      expect(acknowledged.length).toBeGreaterThan(100);
    } finally {
      // A clean stop (SIGTERM) stops the embedded database too.
      const pid = await postmasterPid(dataDir);
      process.kill(-server.child.pid!, 'SIGTERM');
      expect(await server.exited).toBe(0);
      expect(pid !== null && isAlive(pid)).toBe(false);
      expect(await postmasterPid(dataDir)).toBeNull();
    }
  });

  it('refuses a second instance on the same DATA_DIR with a clear message', async () => {
    const first = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '' });
    try {
      await expect(startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '' })).rejects.toThrow(/in use by another running instance/);
      expect((await health(first.baseUrl)).status).toBe(200);
    } finally {
      process.kill(-first.child.pid!, 'SIGTERM');
      await first.exited;
    }
  });

  it('stops with a message naming the variable when the configuration is bad', async () => {
    await expect(startServerProcess({ DATA_DIR: dataDir, PORT: 'eighty' })).rejects.toThrow(/PORT:/);
  });
});
