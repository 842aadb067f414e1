import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { todayInDhaka } from '../src/shared/dates/model';
import { adminDatabase, dropDatabase, withDatabase } from './db-info';
import { isAlive, postmasterPid, type ServerProcess, startServerProcess } from './server-process';

/**
 * A steady stream of writes through the API (registrations, donation requests, confirmations);
 * the server is killed with SIGKILL at a random moment, several times, and restarted. Every write
 * that was answered 2xx must be there, complete; the app must serve again. Against the embedded
 * PostgreSQL, and against an external one when TEST_DATABASE_URL is set.
 */

const PASSWORD = 'Crash#123';
const ENV = { RATE_LIMIT_AUTH_PER_MINUTE: '100000', RATE_LIMIT_UPLOAD_PER_MINUTE: '100000' };

interface Acked {
  users: string[];
  requests: string[];
  confirmations: { id: string; donorEmail: string }[];
}

async function json(res: Response) {
  return (await res.json()) as Record<string, unknown>;
}

/** Registers a user (picture upload included) and returns its email and token, or null if the server died. */
async function register(base: string, avatar: Buffer, acked: Acked): Promise<{ email: string; token: string } | null> {
  try {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(avatar)], { type: 'image/png' }), 'a.png');
    const up = await fetch(`${base}/api/images`, { method: 'POST', body: form });
    if (up.status !== 201) return null;
    const url = ((await json(up)).data as { display_url: string }).display_url;
    const email = `crash.${crypto.randomBytes(6).toString('hex')}@example.com`;
    const res = await fetch(`${base}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Crash Test', email, avatar: url, blood_group: 'AB-', division: '1', district: '1', upazila: '1', password: PASSWORD, confirm_password: PASSWORD }),
    });
    if (res.status !== 201) return null;
    acked.users.push(email);
    const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const jwt = await fetch(`${base}/api/jwt`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
    if (jwt.status !== 200) return null;
    return { email, token: (await json(jwt)).token as string };
  } catch {
    return null; // connection refused or reset: the server is gone
  }
}

async function writeStream(base: string, avatar: Buffer, acked: Acked, until: Promise<unknown>) {
  let stopped = false;
  void until.then(() => (stopped = true));
  const requester = await register(base, avatar, acked);
  const donor = await register(base, avatar, acked);
  if (!requester || !donor) return;
  const body = {
    recipientName: 'Crash Patient', bloodGroup: 'AB-', hospitalName: 'H', fullAddress: 'A', donationDate: todayInDhaka(), donationTime: '10:00',
    requestMessage: 'M', recipientDivision: '1', recipientDistrict: '1', recipientUpazila: '1',
  };
  const worker = async () => {
    while (!stopped) {
      try {
        const res = await fetch(`${base}/api/donationRequest`, { method: 'POST', headers: { authorization: `Bearer ${requester.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
        if (res.status !== 201) continue;
        const id = (await json(res)).insertedId as string;
        acked.requests.push(id);
        const confirm = await fetch(`${base}/api/confirmDonation/${id}`, { method: 'PATCH', headers: { authorization: `Bearer ${donor.token}` } });
        if (confirm.status === 200) acked.confirmations.push({ id, donorEmail: donor.email });
        if ((await register(base, avatar, acked)) === null && stopped) return;
      } catch {
        return;
      }
    }
  };
  await Promise.all([worker(), worker(), worker()]);
}

async function verify(client: pg.Client, acked: Acked) {
  const users = await client.query<{ email: string; accounts: number; blood_group: string; upazila_id: number; image: string }>(
    `SELECT u.email, u.blood_group, u.upazila_id, u.image, (SELECT count(*)::int FROM accounts a WHERE a.user_id = u.id AND a.provider_id = 'credential' AND a.password LIKE '$argon2id$%') AS accounts
     FROM users u WHERE u.email = ANY($1)`,
    [acked.users],
  );
  expect(users.rows.length).toBe(acked.users.length);
  // Nothing half-written: every account has its profile and its password, together.
  for (const u of users.rows) expect(u).toMatchObject({ accounts: 1, blood_group: 'AB-', upazila_id: 1, image: expect.stringMatching(/^\/api\/images\//) });
  const images = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM users u JOIN images i ON u.image = '/api/images/' || i.id WHERE u.email = ANY($1)`, [acked.users]);
  expect(images.rows[0]!.n).toBe(acked.users.length);
  const requests = await client.query<{ id: string; status: string; donor_email: string | null }>('SELECT id, status, donor_email FROM donation_requests WHERE id = ANY($1::uuid[])', [acked.requests]);
  expect(requests.rows.length).toBe(acked.requests.length);
  const byId = new Map(requests.rows.map((r) => [r.id, r]));
  for (const c of acked.confirmations) expect(byId.get(c.id)).toMatchObject({ status: 'inprogress', donor_email: c.donorEmail });
}

async function crashRounds(env: Record<string, string>, connect: () => Promise<pg.Client>) {
  const avatar = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#900' } }).png().toBuffer();
  const acked: Acked = { users: [], requests: [], confirmations: [] };
  for (let round = 0; round < 3; round++) {
    const server: ServerProcess = await startServerProcess({ ...ENV, ...env });
    // Kill at a random moment once the stream is flowing (some writes of this round acknowledged).
    const startedWith = acked.requests.length;
    const killed = (async () => {
      const deadline = Date.now() + 20_000;
      while (acked.requests.length < startedWith + 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 500)));
      process.kill(-server.child.pid!, 'SIGKILL');
    })();
    await writeStream(server.baseUrl, avatar, acked, killed);
    await killed;
    await server.exited;
  }
  expect(acked.users.length).toBeGreaterThanOrEqual(6);
  expect(acked.requests.length).toBeGreaterThanOrEqual(6);
  // One more start: it recovers and serves, with every acknowledged write present.
  const server = await startServerProcess({ ...ENV, ...env });
  try {
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    const client = await connect();
    try {
      await verify(client, acked);
    } finally {
      await client.end();
    }
  } finally {
    process.kill(-server.child.pid!, 'SIGTERM');
    expect(await server.exited).toBe(0);
  }
}

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bd-crash-writes-'));
afterAll(async () => {
  const pid = await postmasterPid(dataDir);
  if (pid && isAlive(pid)) process.kill(pid, 'SIGKILL');
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('crash safety under writes', { timeout: 240_000 }, () => {
  it('embedded PostgreSQL: every acknowledged write survives SIGKILL of the server', async () => {
    await crashRounds({ DATA_DIR: dataDir, DATABASE_URL: '' }, async () => {
      const password = (await fs.readFile(path.join(dataDir, 'pg-password'), 'utf8')).trim();
      const client = new pg.Client({ host: path.join(dataDir, 'pg-run'), port: 5432, user: 'postgres', password, database: 'blood_donation' });
      await client.connect();
      return client;
    });
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('external PostgreSQL (TEST_DATABASE_URL): every acknowledged write survives', async () => {
    const admin = { url: process.env.TEST_DATABASE_URL! };
    const name = `bd_crash_${crypto.randomBytes(4).toString('hex')}`;
    const adminClient = new pg.Client(withDatabase(admin, adminDatabase(admin)));
    await adminClient.connect();
    await adminClient.query(`CREATE DATABASE ${name}`);
    try {
      const url = new URL(admin.url);
      url.pathname = `/${name}`;
      await crashRounds({ DATABASE_URL: url.toString(), DATA_DIR: dataDir }, async () => {
        const client = new pg.Client({ connectionString: url.toString() });
        await client.connect();
        return client;
      });
    } finally {
      await dropDatabase(adminClient, name);
      await adminClient.end();
    }
  });
});
