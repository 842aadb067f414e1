/**
 * `npm run bench` (its last part) or `npm run bench:mixed`: the mixed workload of issue 19.
 *
 * For each size in BENCH_MIXED_SIZES (users; default 10000,100000,1000000; donation requests a
 * tenth of that, 500 blogs, bench/seed.sql), on a fresh embedded database: starts the production
 * build, seeds, registers a pool of BENCH_MIXED_USERS signed-in users (default 200) through the
 * API (image upload, registration, token; a tenth of them volunteers), and drives the server with
 * BENCH_CONNECTIONS closed-loop connections (default 50) for BENCH_MIXED_SECONDS (default 60)
 * after a short warm-up. At the last size the same run is repeated against two server processes
 * on the one database, requests alternating between them. Writes bench/mixed-results.json.
 *
 * Every connection picks one operation at a time by weight: 90% reads over varied parameters,
 * 10% writes, anonymous and signed-in (OPERATIONS below). Each HTTP request is timed on its own
 * and counted by its answer: ok (2xx), conflict (an expected 409: a pledge race, a request that
 * moved on), non-2xx (any other 4xx), 5xx, error (no answer: refused, reset, 10 s timeout).
 *
 * The servers' per-address rate limits are raised: one address drives everything here. The client
 * runs on the same machine as the servers and PostgreSQL and takes its share of the CPU; the
 * results say how much.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
// @ts-expect-error -- a plain .mjs script without types
import { ensureBuilt } from '../scripts/build.mjs';
import { publishedBlogsArgs } from '../src/shared/blogs/model';
import { ENDPOINTS } from '../src/shared/api/endpoints';
import { freePort, stop, waitFor } from './processes';

const root = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP_SECONDS = Math.max(2, Math.min(5, Math.round(SECONDS / 10)));
const SIZES = (process.env.BENCH_MIXED_SIZES ?? '10000,100000,1000000')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isInteger(n) && n > 0);
const POOL_SIZE = Number(process.env.BENCH_MIXED_USERS ?? 200);
/** Seeded requests handed to each pool user, so that "my requests" has pages to show (at most a quarter of them all). */
const OWN_SEEDED = 20;
/** The page size the web app asks for (src/web: PAGE_SIZE, SEARCH_PAGE_SIZE, MATCHES_PAGE_SIZE). */
const WEB_PAGE = 10;
const TIMEOUT_MS = 10_000;
/** One address drives everything: the per-address limits (config.ts maxima) would answer 429s. */
const RATE_LIMITS = { RATE_LIMIT_AUTH_PER_MINUTE: '100000', RATE_LIMIT_UPLOAD_PER_MINUTE: '100000', RATE_LIMIT_SEARCH_PER_MINUTE: '10000000', REQUESTS_PER_DAY: '10000' };
const BARS = { readP99Ms: 100, writeP99Ms: 200 };

type Kind = 'read' | 'write';
type OpName = 'pending' | 'search' | 'request' | 'matches' | 'blogs' | 'mine' | 'register' | 'create' | 'confirm' | 'edit';

/** Weights in percent of operations. A register is three HTTP requests (upload, user, token). */
const OPERATIONS: { name: OpName; kind: Kind; weight: number; what: string }[] = [
  { name: 'pending', kind: 'read', weight: 24, what: 'GET /api/donationRequest/pending, anonymous: page 1 (60%), 2-5 (25%) or any page (15%); an urgency filter on 20%' },
  { name: 'search', kind: 'read', weight: 20, what: 'GET /api/search, anonymous: a random group (or none) and a random real division, district or upazila; compatible / eligibleOnly on 30% each; page 1 (70%) or 2-5' },
  { name: 'request', kind: 'read', weight: 16, what: 'GET /api/donationRequest?id= (Bearer), any request, seeded or created in the run' },
  { name: 'matches', kind: 'read', weight: 10, what: 'GET /api/donationRequest/{id}/matches (Bearer, a volunteer), a random open request; page 1 (80%) or 2-3' },
  { name: 'blogs', kind: 'read', weight: 10, what: 'GET /api/blog?status=published, anonymous: page 1 (70%) or any page' },
  { name: 'mine', kind: 'read', weight: 10, what: "GET /api/donationRequest?email= (Bearer), the user's own list, pages 1-3" },
  { name: 'register', kind: 'write', weight: 1, what: 'POST /api/images (a 160x160 PNG, multipart) + POST /api/users + POST /api/jwt, a new user' },
  { name: 'create', kind: 'write', weight: 3, what: 'POST /api/donationRequest (Bearer), random group, place, component, units, urgency, date 1-30 days ahead' },
  { name: 'confirm', kind: 'write', weight: 4, what: "PATCH /api/confirmDonation/{id} (Bearer): a request created in the run (50%) or a seeded open one; 409 (taken, expired, already pledged) is an expected answer" },
  { name: 'edit', kind: 'write', weight: 2, what: 'PATCH /api/donationRequest/{id} (Bearer), the requester edits one of their requests (a new message)' },
];
const TOTAL_WEIGHT = OPERATIONS.reduce((a, o) => a + o.weight, 0);

// ---------------------------------------------------------------------------------------------
// Processes

interface Server {
  child: ChildProcess;
  port: number;
  base: string;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  // BENCH_MIXED_CPU_PROF=<dir>: each server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_MIXED_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_MIXED_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, path.join(root, 'dist/server/main.js')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...RATE_LIMITS, ...env },
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, child, 180_000);
  return { child, port, base };
}

/** utime + stime of a process, in clock ticks (/proc/PID/stat). */
function processTicks(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** Busy and total clock ticks of the whole machine (/proc/stat), summed over its CPUs. */
function machineTicks(): { busy: number; total: number } {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const n = line.trim().split(/\s+/).slice(1).map(Number);
    const total = n.reduce((a, b) => a + b, 0);
    const idle = (n[3] ?? 0) + (n[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return { busy: 0, total: 0 };
  }
}
const TICKS_PER_SECOND = 100;

// ---------------------------------------------------------------------------------------------
// HTTP client: node:http with a keep-alive agent per server, one request at a time per connection

interface Target {
  host: string;
  port: number;
  agent: http.Agent;
}
interface Answer {
  status: number;
  body: string;
  setCookie: string[];
}

function send(t: Target, method: string, urlPath: string, headers: Record<string, string>, body?: Buffer | string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const allHeaders = body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) };
    const req = http.request({ host: t.host, port: t.port, method, path: urlPath, headers: allHeaders, agent: t.agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), setCookie: res.headers['set-cookie'] ?? [] }));
      res.on('error', reject);
    });
    req.setTimeout(TIMEOUT_MS, () => req.destroy(new Error(`no answer in ${TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

function multipart(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = `----bdbench${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, bytes, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

// ---------------------------------------------------------------------------------------------
// Recording

interface Tally {
  latencies: number[];
  ok: number;
  conflicts: number;
  non2xx: number;
  fiveXx: number;
  errors: number;
}
const tally = (): Tally => ({ latencies: [], ok: 0, conflicts: 0, non2xx: 0, fiveXx: 0, errors: 0 });

class Recorder {
  /** Records only answers that arrive between `from` and `to` (performance.now()). */
  from = Infinity;
  to = Infinity;
  readonly byLabel = new Map<string, { kind: Kind; t: Tally }>();
  readonly byKind: Record<Kind, Tally> = { read: tally(), write: tally() };
  /** Register as a whole (upload + user + token), as the person registering waits for it. */
  readonly registerWhole: number[] = [];
  readonly samples = new Map<string, string>();

  inWindow(now: number) {
    return now >= this.from && now <= this.to;
  }

  record(label: string, kind: Kind, ms: number, outcome: 'ok' | 'conflicts' | 'non2xx' | 'fiveXx' | 'errors', detail?: string) {
    const now = performance.now();
    if (!this.inWindow(now)) return;
    let entry = this.byLabel.get(label);
    if (!entry) this.byLabel.set(label, (entry = { kind, t: tally() }));
    for (const t of [entry.t, this.byKind[kind]]) {
      t[outcome]++;
      if (outcome !== 'errors') t.latencies.push(ms);
    }
    // The first few unexpected answers of each kind, to say what went wrong.
    if (detail && outcome !== 'ok' && outcome !== 'conflicts') {
      const key = `${label} ${outcome}`;
      if (!this.samples.has(key)) this.samples.set(key, detail.slice(0, 300));
    }
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round(sorted[i]! * 10) / 10;
}

function summarize(t: Tally, seconds: number) {
  const sorted = Float64Array.from(t.latencies).sort();
  const arr = Array.from(sorted);
  const answered = t.ok + t.conflicts + t.non2xx + t.fiveXx;
  return {
    requests: answered + t.errors,
    requestsPerSec: Math.round((answered / seconds) * 10) / 10,
    p50Ms: percentile(arr, 50),
    p99Ms: percentile(arr, 99),
    maxMs: percentile(arr, 100),
    ok: t.ok,
    conflicts: t.conflicts,
    non2xx: t.non2xx,
    fiveXx: t.fiveXx,
    errors: t.errors,
  };
}

// ---------------------------------------------------------------------------------------------
// The world the operations draw from

interface Place {
  division: number;
  district: number;
  upazila: number;
}
interface RequestBody {
  recipientName: string;
  bloodGroup: string;
  hospitalName: string;
  fullAddress: string;
  donationDate: string;
  donationTime: string;
  requestMessage: string;
  recipientDivision: string;
  recipientDistrict: string;
  recipientUpazila: string;
  component: string;
  unitsNeeded: number;
  urgency: string;
}
interface PoolUser {
  email: string;
  token: string;
  volunteer: boolean;
  own: { id: string; body: RequestBody }[];
  ownCount: number;
}
interface World {
  places: Place[];
  requestIds: string[];
  openIds: string[];
  /** Requests created during the run (newest last, at most 5,000), with their requester. */
  created: { id: string; owner: string }[];
  users: PoolUser[];
  volunteers: PoolUser[];
  pendingPages: number;
  blogPages: number;
  png: Buffer;
  tag: string;
  serial: number;
}

const GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'];
/** The spec's search codes (src/shared/matching/model.ts): AA is A+, OO is O+... */
const SEARCH_CODES = ['AA', 'A-', 'BB', 'B-', 'ABAB', 'AB-', 'OO', 'O-'];
const COMPONENTS = ['whole_blood', 'whole_blood', 'whole_blood', 'whole_blood', 'whole_blood', 'whole_blood', 'red_cells', 'platelets', 'plasma'];
const URGENCIES = ['normal', 'normal', 'normal', 'urgent', 'critical'];

const rnd = (n: number) => Math.floor(Math.random() * n);
const pick = <T>(xs: readonly T[]): T => xs[rnd(xs.length)]!;
const chance = (p: number) => Math.random() < p;
/** Page 1 with probability `first`, else 2-5 with probability `near`, else any page up to `pages`. */
function skewedPage(pages: number, first: number, near: number): number {
  const r = Math.random();
  if (r < first || pages <= 1) return 1;
  if (r < first + near) return Math.min(pages, 2 + rnd(4));
  return 1 + rnd(pages);
}
const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000 + 6 * 3_600_000).toISOString().slice(0, 10);

function requestBody(w: World): RequestBody {
  const p = pick(w.places);
  w.serial++;
  return {
    recipientName: `Patient ${w.tag}-${w.serial}`,
    bloodGroup: pick(GROUPS),
    hospitalName: `District Hospital ${rnd(300)}`,
    fullAddress: `Ward ${rnd(20)}, Road ${rnd(90)}`,
    donationDate: dayIn(1 + rnd(30)),
    donationTime: `${String(8 + rnd(12)).padStart(2, '0')}:${pick(['00', '15', '30', '45'])}`,
    requestMessage: 'Needs blood for an operation; please call the family.',
    recipientDivision: String(p.division),
    recipientDistrict: String(p.district),
    recipientUpazila: String(p.upazila),
    component: pick(COMPONENTS),
    unitsNeeded: chance(0.15) ? 2 : 1,
    urgency: pick(URGENCIES),
  };
}

// ---------------------------------------------------------------------------------------------
// Operations

interface Driver {
  targets: Target[];
  next: number;
  rec: Recorder;
  w: World;
}

/** One HTTP request, to the next server in turn, timed and counted. */
async function call(
  d: Driver,
  label: string,
  kind: Kind,
  method: string,
  urlPath: string,
  headers: Record<string, string> = {},
  body?: Buffer | string,
  conflictOk = false,
): Promise<Answer | null> {
  const target = d.targets[d.next++ % d.targets.length]!;
  const started = performance.now();
  try {
    const a = await send(target, method, urlPath, headers, body);
    const ms = performance.now() - started;
    const detail = `${a.status} ${method} ${urlPath}: ${a.body}`;
    if (a.status >= 200 && a.status < 300) d.rec.record(label, kind, ms, 'ok');
    else if (a.status === 409 && conflictOk) d.rec.record(label, kind, ms, 'conflicts');
    else if (a.status >= 500) d.rec.record(label, kind, ms, 'fiveXx', detail);
    else d.rec.record(label, kind, ms, 'non2xx', detail);
    return a;
  } catch (err) {
    d.rec.record(label, kind, performance.now() - started, 'errors', `${method} ${urlPath}: ${(err as Error).message}`);
    return null;
  }
}

const api = (p: string) => `/api${p}`;
const bearer = (u: PoolUser) => ({ authorization: `Bearer ${u.token}` });
const json = { 'content-type': 'application/json' };

async function registerUser(d: Driver, label: (step: string) => string, kind: Kind, place: Place, group: string, volunteer = false): Promise<PoolUser | null> {
  const { w } = d;
  const form = multipart('image', 'avatar.png', 'image/png', w.png);
  const upload = await call(d, label('upload'), kind, 'POST', api(ENDPOINTS.uploadImage.path()), { 'content-type': form.contentType }, form.body);
  if (upload?.status !== 201) return null;
  const avatar = (JSON.parse(upload.body) as { data: { display_url: string } }).data.display_url;
  const email = `mixed-${w.tag}-${w.serial++}@bench.example`;
  const password = 'Bench#123';
  const body = JSON.stringify({
    name: `Mixed ${w.serial}`,
    email,
    avatar,
    blood_group: group,
    division: String(place.division),
    district: String(place.district),
    upazila: String(place.upazila),
    password,
    confirm_password: password,
  });
  const reg = await call(d, label('user'), kind, 'POST', api(ENDPOINTS.register.path()), json, body);
  if (reg?.status !== 201) return null;
  const cookie = reg.setCookie.map((c) => c.split(';')[0]).join('; ');
  const tok = await call(d, label('token'), kind, 'POST', api(ENDPOINTS.token.path()), { ...json, cookie }, JSON.stringify({ email }));
  if (tok?.status !== 200) return null;
  return { email, token: (JSON.parse(tok.body) as { token: string }).token, volunteer, own: [], ownCount: 0 };
}

async function createRequest(d: Driver, user: PoolUser, label = 'create', kind: Kind = 'write') {
  const body = requestBody(d.w);
  const a = await call(d, label, kind, 'POST', api(ENDPOINTS.createRequest.path()), { ...bearer(user), ...json }, JSON.stringify(body));
  if (a?.status !== 201) return;
  const id = (JSON.parse(a.body) as { insertedId: string }).insertedId;
  user.own.push({ id, body });
  user.ownCount++;
  d.w.created.push({ id, owner: user.email });
  if (d.w.created.length > 5000) d.w.created.splice(0, 1000);
}

const RUN: Record<OpName, (d: Driver) => Promise<unknown>> = {
  pending: (d) =>
    call(d, 'pending', 'read', 'GET', api(ENDPOINTS.pendingRequests.path({ page: skewedPage(d.w.pendingPages, 0.6, 0.25), limit: WEB_PAGE, urgency: chance(0.2) ? (pick(['urgent', 'critical'] as const)) : undefined }))),
  search: (d) => {
    const p = pick(d.w.places);
    const level = rnd(3);
    const args = {
      // Always a division at least: a search must name one filter.
      bloodGroup: chance(0.8) ? pick(SEARCH_CODES) : '',
      division: String(p.division),
      district: level >= 1 ? String(p.district) : '',
      upazila: level >= 2 ? String(p.upazila) : '',
      compatible: chance(0.3),
      eligibleOnly: chance(0.3),
      page: skewedPage(5, 0.7, 0.3),
      limit: WEB_PAGE,
    };
    return call(d, 'search', 'read', 'GET', api(ENDPOINTS.searchDonors.path(args)));
  },
  request: (d) => {
    const fromRun = d.w.created.length > 0 && chance(0.1);
    const id = fromRun ? pick(d.w.created).id : pick(d.w.requestIds);
    return call(d, 'request', 'read', 'GET', api(ENDPOINTS.request.path({ id })), bearer(pick(d.w.users)));
  },
  matches: (d) =>
    call(d, 'matches', 'read', 'GET', api(ENDPOINTS.matches.path({ id: pick(d.w.openIds), page: chance(0.8) ? 1 : 2 + rnd(2), limit: WEB_PAGE })), bearer(pick(d.w.volunteers))),
  blogs: (d) => call(d, 'blogs', 'read', 'GET', api(ENDPOINTS.blogs.path(publishedBlogsArgs(skewedPage(d.w.blogPages, 0.7, 0))))),
  mine: (d) => {
    const u = pick(d.w.users);
    const pages = Math.max(1, Math.min(3, Math.ceil(u.ownCount / WEB_PAGE)));
    return call(d, 'mine', 'read', 'GET', api(ENDPOINTS.myRequests.path({ email: u.email, page: 1 + rnd(pages), limit: WEB_PAGE })), bearer(u));
  },
  register: (d) => registerUser(d, (step) => `register: ${step}`, 'write', pick(d.w.places), pick(GROUPS)),
  create: (d) => createRequest(d, pick(d.w.users)),
  confirm: (d) => {
    const u = pick(d.w.users);
    const recent = d.w.created.length > 0 && chance(0.5) ? d.w.created[d.w.created.length - 1 - rnd(Math.min(200, d.w.created.length))]! : undefined;
    const id = recent && recent.owner !== u.email ? recent.id : pick(d.w.openIds);
    return call(d, 'confirm', 'write', 'PATCH', api(ENDPOINTS.confirmDonation.path({ id })), bearer(u), undefined, true);
  },
  edit: (d) => {
    const u = pick(d.w.users);
    const mine = u.own.length > 0 ? pick(u.own) : undefined;
    if (!mine) return createRequest(d, u);
    d.w.serial++;
    mine.body = { ...mine.body, requestMessage: `Needs blood for an operation; please call the family (edit ${d.w.serial}).` };
    return call(d, 'edit', 'write', 'PATCH', api(ENDPOINTS.updateRequest.path({ id: mine.id })), { ...bearer(u), ...json }, JSON.stringify(mine.body), true);
  },
};

function pickOperation(): (typeof OPERATIONS)[number] {
  let r = Math.random() * TOTAL_WEIGHT;
  for (const op of OPERATIONS) {
    if ((r -= op.weight) < 0) return op;
  }
  return OPERATIONS[0]!;
}

// ---------------------------------------------------------------------------------------------
// One run

interface RunResult {
  instances: number;
  seconds: number;
  connections: number;
  requestsPerSec: number;
  operationsPerSec: number;
  read: ReturnType<typeof summarize>;
  write: ReturnType<typeof summarize>;
  all: { requests: number; errors: number; fiveXx: number; non2xx: number; conflicts: number };
  operations: ({ operation: string; kind: Kind } & ReturnType<typeof summarize>)[];
  registerWholeP50Ms: number;
  registerWholeP99Ms: number;
  cpu: { clientCores: number; serverCores: number; restCores: number; machineBusyCores: number; machineCores: number; loadAverageBefore: number };
  unexpected: Record<string, string>;
  /** What PostgreSQL was busy with: the share of samples (every 50 ms) each statement was running in. */
  busiestStatements: { statement: string; share: number }[];
  bars?: { errors: boolean; fiveXx: boolean; readP99: boolean; writeP99: boolean; all: boolean };
}

/**
 * Samples pg_stat_activity every 50 ms during the measurement: which statements (their first 120
 * characters) are running, and how often. A sampling profile of the database, cheap enough to run
 * alongside.
 */
function sampleStatements(db: pg.Client, from: number, to: number) {
  const seen = new Map<string, number>();
  let samples = 0;
  const done = (async () => {
    while (performance.now() < to) {
      if (performance.now() >= from) {
        const { rows } = await db.query<{ q: string }>(
          `SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 120) AS q FROM pg_stat_activity
           WHERE state = 'active' AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
        );
        samples++;
        for (const { q } of rows) seen.set(q, (seen.get(q) ?? 0) + 1);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return async () => {
    await done;
    return [...seen.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([statement, n]) => ({ statement, share: Math.round((n / Math.max(1, samples)) * 100) / 100 }));
  };
}

async function drive(servers: Server[], w: World, db: pg.Client): Promise<RunResult> {
  const targets = servers.map((s) => ({ host: '127.0.0.1', port: s.port, agent: new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS }) }));
  const rec = new Recorder();
  const d: Driver = { targets, next: 0, rec, w };
  // Anything else running on the machine shows here (the one-minute load average before the run).
  const loadAverageBefore = Math.round(os.loadavg()[0]! * 100) / 100;
  let operations = 0;
  const start = performance.now();
  rec.from = start + WARMUP_SECONDS * 1000;
  rec.to = rec.from + SECONDS * 1000;
  const snapshot = () => ({ client: process.cpuUsage(), servers: servers.reduce((a, s) => a + processTicks(s.child.pid), 0), machine: machineTicks() });
  let cpu0 = snapshot();
  const statements = sampleStatements(db, rec.from, rec.to);
  let cpu1: ReturnType<typeof snapshot> | undefined;
  const warm = setTimeout(() => (cpu0 = snapshot()), WARMUP_SECONDS * 1000);
  const done = setTimeout(() => (cpu1 = snapshot()), (WARMUP_SECONDS + SECONDS) * 1000);

  const worker = async () => {
    while (performance.now() < rec.to) {
      const op = pickOperation();
      const began = performance.now();
      await RUN[op.name](d);
      const end = performance.now();
      if (rec.inWindow(end)) {
        operations++;
        if (op.name === 'register') rec.registerWhole.push(end - began);
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  clearTimeout(warm);
  clearTimeout(done);
  for (const t of targets) t.agent.destroy();
  cpu1 ??= snapshot();

  const clientSeconds = (cpu1.client.user - cpu0.client.user + cpu1.client.system - cpu0.client.system) / 1e6;
  const serverSeconds = (cpu1.servers - cpu0.servers) / TICKS_PER_SECOND;
  const machineBusySeconds = (cpu1.machine.busy - cpu0.machine.busy) / TICKS_PER_SECOND;
  const cores = (s: number) => Math.round((s / SECONDS) * 100) / 100;
  const read = summarize(rec.byKind.read, SECONDS);
  const write = summarize(rec.byKind.write, SECONDS);
  const whole = Array.from(Float64Array.from(rec.registerWhole).sort());
  const order = new Map(OPERATIONS.map((o, i) => [o.name as string, i]));
  const opRows = [...rec.byLabel.entries()]
    .map(([operation, { kind, t }]) => ({ operation, kind, ...summarize(t, SECONDS) }))
    .sort((a, b) => (order.get(a.operation.split(':')[0]!) ?? 99) - (order.get(b.operation.split(':')[0]!) ?? 99) || a.operation.localeCompare(b.operation));
  return {
    instances: servers.length,
    seconds: SECONDS,
    connections: CONNECTIONS,
    requestsPerSec: Math.round((read.requestsPerSec + write.requestsPerSec) * 10) / 10,
    operationsPerSec: Math.round((operations / SECONDS) * 10) / 10,
    read,
    write,
    all: {
      requests: read.requests + write.requests,
      errors: read.errors + write.errors,
      fiveXx: read.fiveXx + write.fiveXx,
      non2xx: read.non2xx + write.non2xx,
      conflicts: read.conflicts + write.conflicts,
    },
    operations: opRows,
    registerWholeP50Ms: percentile(whole, 50),
    registerWholeP99Ms: percentile(whole, 99),
    cpu: {
      clientCores: cores(clientSeconds),
      serverCores: cores(serverSeconds),
      restCores: cores(Math.max(0, machineBusySeconds - clientSeconds - serverSeconds)),
      machineBusyCores: cores(machineBusySeconds),
      machineCores: os.cpus().length,
      loadAverageBefore,
    },
    unexpected: Object.fromEntries(rec.samples),
    busiestStatements: await statements(),
  };
}

function barsOf(r: RunResult) {
  const errors = r.all.errors === 0 && r.all.non2xx === 0;
  const fiveXx = r.all.fiveXx === 0;
  const readP99 = r.read.p99Ms < BARS.readP99Ms;
  const writeP99 = r.write.p99Ms < BARS.writeP99Ms;
  return { errors, fiveXx, readP99, writeP99, all: errors && fiveXx && readP99 && writeP99 };
}

const mark = (ok: boolean) => (ok ? 'met' : 'MISSED');

function printRun(title: string, r: RunResult) {
  console.log(`\n[mixed] ${title}: ${r.requestsPerSec} req/s (${r.operationsPerSec} operations/s), ${r.all.requests} requests in ${r.seconds} s`);
  console.table(
    r.operations.map((o) => ({
      operation: o.operation,
      kind: o.kind,
      requests: o.requests,
      'req/s': o.requestsPerSec,
      'p50 ms': o.p50Ms,
      'p99 ms': o.p99Ms,
      ok: o.ok,
      '409 (expected)': o.conflicts,
      'non-2xx': o.non2xx,
      '5xx': o.fiveXx,
      errors: o.errors,
    })),
  );
  console.table(
    (['read', 'write'] as const).map((k) => ({
      kind: k,
      requests: r[k].requests,
      'req/s': r[k].requestsPerSec,
      'p50 ms': r[k].p50Ms,
      'p99 ms': r[k].p99Ms,
      '409 (expected)': r[k].conflicts,
      'non-2xx': r[k].non2xx,
      '5xx': r[k].fiveXx,
      errors: r[k].errors,
    })),
  );
  console.log(`[mixed] register as a whole (upload + user + token): p50 ${r.registerWholeP50Ms} ms, p99 ${r.registerWholeP99Ms} ms`);
  console.log(
    `[mixed] CPU (cores of ${r.cpu.machineCores}): client ${r.cpu.clientCores}, server process(es) ${r.cpu.serverCores}, PostgreSQL and the rest ${r.cpu.restCores}; machine busy ${r.cpu.machineBusyCores} (load average before the run ${r.cpu.loadAverageBefore})`,
  );
  for (const [k, v] of Object.entries(r.unexpected)) console.log(`[mixed]   first ${k}: ${v}`);
  console.log('[mixed] PostgreSQL was busiest with (share of 50 ms samples a statement was running in; above 1 = several at once):');
  for (const b of r.busiestStatements) console.log(`[mixed]   ${b.share.toFixed(2)}  ${b.statement}`);
  if (r.bars) {
    console.log(
      `[mixed] bars (one instance): 0 errors and non-2xx ${mark(r.bars.errors)}, 0 5xx ${mark(r.bars.fiveXx)}, read p99 ${r.read.p99Ms} ms < ${BARS.readP99Ms} ${mark(r.bars.readP99)}, write p99 ${r.write.p99Ms} ms < ${BARS.writeP99Ms} ${mark(r.bars.writeP99)}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// One size: a fresh database, seeded, a pool of users, the runs

async function prepare(server: Server, db: pg.Client, size: number, png: Buffer) {
  const requests = Math.max(100, Math.round(size / 10));
  const seedStarted = Date.now();
  const seedSql = (await fs.readFile(path.join(root, 'bench/seed.sql'), 'utf8')).replaceAll('{{DONORS}}', String(size)).replaceAll('{{REQUESTS}}', String(requests));
  await db.query(seedSql);
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  console.log(`[mixed] seeded ${size} donors, ${requests} requests, 500 blogs in ${seedSeconds.toFixed(1)} s`);

  const places = (
    await db.query<{ division_id: number; district_id: number; upazila_id: number }>(
      `SELECT d.division_id, u.district_id, u.id AS upazila_id FROM upazilas u JOIN districts d ON d.id = u.district_id ORDER BY u.id`,
    )
  ).rows.map((r) => ({ division: r.division_id, district: r.district_id, upazila: r.upazila_id }));
  const w: World = { places, requestIds: [], openIds: [], created: [], users: [], volunteers: [], pendingPages: 1, blogPages: 1, png, tag: Date.now().toString(36), serial: 0 };

  // The pool: registered through the API like anyone (10 at a time), outside the measurement.
  const poolStarted = Date.now();
  const target = { host: '127.0.0.1', port: server.port, agent: new http.Agent({ keepAlive: true, maxSockets: 10 }) };
  const d: Driver = { targets: [target], next: 0, rec: new Recorder(), w };
  let slot = 0;
  const registerNext = async () => {
    for (let i = slot++; i < POOL_SIZE; i = slot++) {
      const u = await registerUser(d, () => 'pool', 'write', pick(places), pick(GROUPS), i % 10 === 0);
      if (u) w.users.push(u);
    }
  };
  await Promise.all(Array.from({ length: 10 }, registerNext));
  if (w.users.length < POOL_SIZE / 2) throw new Error(`only ${w.users.length} of ${POOL_SIZE} pool users registered`);
  w.volunteers = w.users.filter((u) => u.volunteer);
  // Staff see the matches of any request (the requester only their own's).
  await db.query(`UPDATE users SET role = 'volunteer' WHERE email = ANY($1)`, [w.volunteers.map((u) => u.email)]);
  // Each pool user owns up to OWN_SEEDED seeded requests (their list has pages), and creates one
  // through the API (a request they can edit).
  const ownSeeded = Math.max(1, Math.min(OWN_SEEDED, Math.floor(requests / 4 / w.users.length)));
  await db.query(
    `WITH owners AS (SELECT u.id, u.email, u.name, row_number() OVER (ORDER BY u.email) - 1 AS n FROM users u WHERE u.email = ANY($1)),
          picked AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM donation_requests ORDER BY id LIMIT $2)
     UPDATE donation_requests r SET requester_id = o.id, requester_email = o.email, requester_name = o.name
     FROM picked p JOIN owners o ON o.n = p.n % (SELECT count(*) FROM owners) WHERE r.id = p.id`,
    [w.users.map((u) => u.email), w.users.length * ownSeeded],
  );
  for (const u of w.users) u.ownCount = ownSeeded;
  const queue = [...w.users];
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      for (let u = queue.shift(); u; u = queue.shift()) await createRequest(d, u, 'pool');
    }),
  );
  target.agent.destroy();
  const poolSeconds = (Date.now() - poolStarted) / 1000;
  console.log(`[mixed] pool: ${w.users.length} users (${w.volunteers.length} volunteers) registered through the API and signed in, in ${poolSeconds.toFixed(1)} s`);

  w.requestIds = (await db.query<{ id: string }>(`SELECT id FROM donation_requests`)).rows.map((r) => r.id);
  w.openIds = (
    await db.query<{ id: string }>(
      `SELECT r.id FROM donation_requests r JOIN users u ON u.id = r.requester_id
       WHERE r.status = 'pending' AND r.needed_by > now() + interval '1 hour' AND u.status = 'active' AND u.email NOT LIKE 'mixed-%'`,
    )
  ).rows.map((r) => r.id);
  const pendingCount = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM donation_requests WHERE status = 'pending' AND needed_by > now()`)).rows[0]!.n;
  const blogCount = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM blogs WHERE status = 'published'`)).rows[0]!.n;
  w.pendingPages = Math.max(1, Math.ceil(pendingCount / WEB_PAGE));
  w.blogPages = Math.max(1, Math.ceil(blogCount / publishedBlogsArgs(1).limit));
  if (w.openIds.length === 0) throw new Error('no open request to confirm or match');
  // Production tables are vacuumed by autovacuum; a fresh bulk load is not yet (visibility map).
  await db.query('VACUUM (ANALYZE)');
  return { w, requests, seedSeconds, poolSeconds, openRequests: w.openIds.length };
}

async function main() {
  if (SIZES.length === 0) throw new Error('BENCH_MIXED_SIZES names no size');
  await ensureBuilt({ log: (m: string) => console.log(`[mixed] ${m}`) });
  const png = await sharp({ create: { width: 160, height: 160, channels: 3, background: '#b91c1c' } })
    .composite([{ input: Buffer.from('<svg width="160" height="160"><circle cx="80" cy="60" r="35" fill="#fde68a"/><rect x="30" y="105" width="100" height="55" fill="#fde68a"/></svg>'), top: 0, left: 0 }])
    .png()
    .toBuffer();
  console.log(
    `[mixed] ${CONNECTIONS} connections, ${SECONDS} s (+${WARMUP_SECONDS} s warm-up) per run, sizes ${SIZES.join(', ')}. ` +
      `Rate limits raised on the servers (one address drives everything): ${Object.entries(RATE_LIMITS).map(([k, v]) => `${k}=${v}`).join(', ')}. ` +
      `The client shares the machine's ${os.cpus().length} cores with the servers and PostgreSQL.`,
  );

  const sizes: Record<string, unknown>[] = [];
  let oneAtLast: RunResult | undefined;
  let twoAtLast: RunResult | undefined;
  for (const [i, size] of SIZES.entries()) {
    const last = i === SIZES.length - 1;
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bd-bench-mixed-'));
    console.log(`\n[mixed] ===== ${size} users =====`);
    const a = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
    let b: Server | undefined;
    let db: pg.Client | undefined;
    try {
      const password = (await fs.readFile(path.join(dataDir, 'pg-password'), 'utf8')).trim();
      db = new pg.Client({ host: path.join(dataDir, 'pg-run'), port: 5432, user: 'postgres', password, database: 'blood_donation' });
      await db.connect();
      const prep = await prepare(a, db, size, png);
      const one = await drive([a], prep.w, db);
      one.bars = barsOf(one);
      printRun(`one instance, ${size} users`, one);
      const row: Record<string, unknown> = {
        users: size,
        requests: prep.requests,
        seedSeconds: prep.seedSeconds,
        poolUsers: prep.w.users.length,
        poolSeconds: prep.poolSeconds,
        openRequests: prep.openRequests,
        oneInstance: one,
      };
      if (last) {
        oneAtLast = one;
        // A second server process on the first one's embedded PostgreSQL (its Unix socket).
        const url = `postgres://postgres:${encodeURIComponent(password)}@${encodeURIComponent(path.join(dataDir, 'pg-run'))}:5432/blood_donation`;
        await fs.mkdir(path.join(dataDir, 'second'));
        b = await startServer({ DATA_DIR: path.join(dataDir, 'second'), DATABASE_URL: url });
        const two = await drive([a, b], prep.w, db);
        printRun(`two instances on one database, ${size} users`, two);
        row.twoInstances = two;
        twoAtLast = two;
      }
      sizes.push(row);
    } finally {
      await db?.end().catch(() => {});
      if (b) await stop(b.child);
      await stop(a.child);
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }

  const ratio = oneAtLast && twoAtLast ? Math.round((twoAtLast.requestsPerSec / oneAtLast.requestsPerSec) * 100) / 100 : null;
  console.log('\n[mixed] how the cost grows (one instance):');
  console.table(
    sizes.map((s) => {
      const r = s.oneInstance as RunResult;
      return {
        users: s.users,
        'req/s': r.requestsPerSec,
        'read p50': r.read.p50Ms,
        'read p99': r.read.p99Ms,
        'write p50': r.write.p50Ms,
        'write p99': r.write.p99Ms,
        errors: r.all.errors,
        'non-2xx': r.all.non2xx,
        '5xx': r.all.fiveXx,
        '409s': r.all.conflicts,
        bars: mark(r.bars!.all),
      };
    }),
  );
  if (oneAtLast && twoAtLast) {
    console.log(
      `[mixed] two instances / one at ${SIZES[SIZES.length - 1]} users: ${twoAtLast.requestsPerSec} / ${oneAtLast.requestsPerSec} req/s = ${ratio} ` +
        `(read p99 ${twoAtLast.read.p99Ms} vs ${oneAtLast.read.p99Ms} ms, write p99 ${twoAtLast.write.p99Ms} vs ${oneAtLast.write.p99Ms} ms). ` +
        `On ${os.cpus().length} cores shared with PostgreSQL and this client, a second process adds little CPU to share.`,
    );
  }
  const results = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, note: 'client, servers and PostgreSQL share these cores; cpu shows each one\'s share' },
    settings: {
      secondsPerRun: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      connections: CONNECTIONS,
      poolUsers: POOL_SIZE,
      rateLimits: RATE_LIMITS,
      rateLimitNote: 'raised: one address drives everything',
      client: 'node:http, keep-alive, one request at a time per connection (closed loop), no Accept-Encoding; each HTTP request timed on its own',
      operations: OPERATIONS,
    },
    bars: { errors: 0, fiveXx: 0, readP99Ms: BARS.readP99Ms, writeP99Ms: BARS.writeP99Ms, on: 'one instance' },
    sizes,
    twoInstancesOverOne: ratio,
  };
  await fs.writeFile(path.join(root, 'bench/mixed-results.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log('[mixed] wrote bench/mixed-results.json');
}

await main();
