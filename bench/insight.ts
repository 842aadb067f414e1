/**
 * `npm run bench:insight` (issue 18): the admin home's figures and the CSV export at the
 * benchmark's size. Seeds a fresh embedded database with bench/seed.sql (BENCH_DONORS, default
 * 1,000,000; BENCH_REQUESTS, default 100,000), starts the production build, then
 *  - drives GET /api/admin-stats/series and /breakdown with autocannon over varied ranges and
 *    filters (BENCH_INSIGHT_CONNECTIONS, default 4; BENCH_DURATION seconds, default 10): p50, p99;
 *    first the preset views with the answers' cache as configured (15 s by default), then the server
 *    is restarted on the same database with LIST_CACHE_TTL_MS=0 (no answer cache at all) for the
 *    rows labelled "answer cache off": the preset views again and a new range every call;
 *  - downloads GET /api/users.csv to the end, sampling the server's resident memory (VmRSS) every
 *    20 ms: the peak while exporting every user, next to the server's RSS before.
 * Writes bench/insight-results.json.
 * BENCH_INSIGHT_SERVER=source runs the server from src/ with tsx instead of building dist/ (the built
 * web app is served as it is); BENCH_INSIGHT_EXPORT=0 skips the export.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
// @ts-expect-error -- a plain .mjs script without types
import { ensureBuilt } from '../scripts/build.mjs';
import { freePort, stop, waitFor } from './processes';

const root = path.resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_INSIGHT_CONNECTIONS ?? 4);
const DONORS = Number(process.env.BENCH_DONORS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100_000);
const ADMIN = { email: 'bench.admin@example.com', password: 'Bench#Admin1' };

async function rssKb(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

const FROM_SOURCE = process.env.BENCH_INSIGHT_SERVER === 'source';
const EXPORT = process.env.BENCH_INSIGHT_EXPORT !== '0';

async function main() {
  if (!FROM_SOURCE) await ensureBuilt({ log: (m: string) => console.log(`[bench:insight] ${m}`) });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bd-bench-insight-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const entry = FROM_SOURCE ? ['--import', 'tsx', path.join(root, 'src/server/main.ts')] : [path.join(root, 'dist/server/main.js')];
  const start = (env: Record<string, string>) =>
    spawn(process.execPath, entry, {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn',
        ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, RATE_LIMIT_AUTH_PER_MINUTE: '100000',
        ...env,
      },
    });
  let server = start({});
  try {
    await waitFor(`${base}/api/health`, server);
    const password = (await fs.readFile(path.join(dataDir, 'pg-password'), 'utf8')).trim();
    const db = new pg.Client({ host: path.join(dataDir, 'pg-run'), port: 5432, user: 'postgres', password, database: 'blood_donation' });
    await db.connect();
    const started = Date.now();
    const seedSql = (await fs.readFile(path.join(root, 'bench/seed.sql'), 'utf8')).replaceAll('{{DONORS}}', String(DONORS)).replaceAll('{{REQUESTS}}', String(REQUESTS));
    await db.query(seedSql);
    await db.query('VACUUM (ANALYZE)');
    const counts = (await db.query(`SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM donation_requests)::int AS requests, (SELECT count(*) FROM donation_pledges)::int AS pledges`)).rows[0];
    console.log(`[bench:insight] seeded ${JSON.stringify(counts)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await db.end();

    const signIn = async () => {
      const res = await fetch(`${base}/api/auth/sign-in/email`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify(ADMIN) });
      if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
      const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      const { token } = (await (await fetch(`${base}/api/jwt`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ email: ADMIN.email }) })).json()) as { token: string };
      return { authorization: `Bearer ${token}` };
    };
    let headers = await signIn();

    // Varied calls: the admin home's presets (the seed's requests span the last ~58 days), with and without filters.
    const ranges = [
      { from: day(27), to: day(0), bucket: 'week' },
      { from: day(83), to: day(0), bucket: 'week' },
      { from: day(365), to: day(0), bucket: 'month' },
      { from: day(60), to: day(20), bucket: 'week' },
    ];
    const filters = ['', '&bloodGroup=BB', '&division=3', '&bloodGroup=O-&division=6'];
    const seriesPaths = ranges.flatMap((r) => filters.map((f) => `/api/admin-stats/series?from=${r.from}&to=${r.to}&bucket=${r.bucket}${f}`));
    const breakdownPaths = ranges.flatMap((r) => filters.flatMap((f) => ['bloodGroup', 'district'].map((by) => `/api/admin-stats/breakdown?by=${by}&from=${r.from}&to=${r.to}${f}`)));
    // Every call a range of its own: what the answer cache (15 s) cannot help with.
    const coldSeries = Array.from({ length: 400 }, (_, i) => `/api/admin-stats/series?from=${day(40 + (i % 50))}&to=${day(i % 8)}&bucket=week${filters[i % filters.length]}`);
    const coldBreakdown = coldSeries.map((p, i) => p.replace('/series?', `/breakdown?by=${i % 2 ? 'district' : 'bloodGroup'}&`).replace('&bucket=week', ''));
    for (const p of [...seriesPaths, ...breakdownPaths]) {
      const res = await fetch(`${base}${p}`, { headers });
      if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    }

    const rows: Record<string, unknown>[] = [];
    const drive = async (runs: (readonly [string, string[]])[]) => {
      for (const [name, paths] of runs) {
        let next = 0;
        const r = await autocannon({
          url: `${base}${paths[0]}`,
          connections: CONNECTIONS,
          duration: DURATION,
          headers,
          requests: [{ setupRequest: (req: { path?: string }) => ({ ...req, path: paths[next++ % paths.length] }) }],
        });
        rows.push({ endpoint: name, connections: CONNECTIONS, requestsPerSec: Math.round(r.requests.average), p50Ms: r.latency.p50, p99Ms: r.latency.p99, errors: r.non2xx + r.errors + r.timeouts, meets200msP99: r.latency.p99 < 200 });
      }
    };
    // The answers' cache as this run is configured (on, 15 s, unless LIST_CACHE_TTL_MS=0 is set).
    const configured = process.env.LIST_CACHE_TTL_MS === '0' ? 'answer cache off (LIST_CACHE_TTL_MS=0)' : 'answer cache on, 15 s';
    await drive([
      [`GET /api/admin-stats/series (the 16 preset views, ${configured})`, seriesPaths],
      [`GET /api/admin-stats/breakdown (the 32 preset views, ${configured})`, breakdownPaths],
    ]);
    // The same database, the server restarted without any answer cache: every call computes its figures.
    await stop(server);
    server = start({ LIST_CACHE_TTL_MS: '0' });
    await waitFor(`${base}/api/health`, server);
    headers = await signIn();
    const off = 'answer cache off (LIST_CACHE_TTL_MS=0)';
    await drive([
      [`GET /api/admin-stats/series (the 16 preset views, ${off})`, seriesPaths],
      [`GET /api/admin-stats/breakdown (the 32 preset views, ${off})`, breakdownPaths],
      [`GET /api/admin-stats/series (a new range every call, ${off})`, coldSeries],
      [`GET /api/admin-stats/breakdown (a new range every call, ${off})`, coldBreakdown],
    ]);
    console.table(rows);

    // The export: every user, read to the end, the server's memory sampled meanwhile.
    let exportRow = null;
    if (EXPORT) {
      const rssBeforeKb = await rssKb(server.pid!);
      let peakKb = rssBeforeKb;
      const sampler = setInterval(() => void rssKb(server.pid!).then((kb) => (peakKb = Math.max(peakKb, kb))), 20);
      const exportStarted = Date.now();
      const res = await fetch(`${base}/api/users.csv`, { headers });
      if (!res.ok || !res.body) throw new Error(`export failed: ${res.status}`);
      let bytes = 0;
      let lines = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        for (const b of chunk) if (b === 10) lines++;
      }
      clearInterval(sampler);
      exportRow = {
        rows: lines - 1,
        megabytes: Number((bytes / 1e6).toFixed(1)),
        seconds: Number(((Date.now() - exportStarted) / 1000).toFixed(1)),
        rssBeforeMb: Math.round(rssBeforeKb / 1024),
        peakRssMb: Math.round(peakKb / 1024),
      };
      console.log(`[bench:insight] GET /api/users.csv: ${JSON.stringify(exportRow)}`);
    }

    const results = {
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
      seed: counts,
      settings: { durationSeconds: DURATION, connections: CONNECTIONS, server: FROM_SOURCE ? 'src/ (tsx)' : 'dist/', loadAverage: os.loadavg().map((l) => Number(l.toFixed(1))) },
      target: 'series and breakdown p99 < 200 ms; the export streams (peak RSS far below the export size)',
      rows,
      // Without the export this run, the last measured one stays.
      usersCsv: exportRow ?? (JSON.parse(await fs.readFile(path.join(root, 'bench/insight-results.json'), 'utf8').catch(() => '{}')) as { usersCsv?: unknown }).usersCsv ?? null,
    };
    await fs.writeFile(path.join(root, 'bench/insight-results.json'), `${JSON.stringify(results, null, 2)}\n`);
  } finally {
    await stop(server);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
