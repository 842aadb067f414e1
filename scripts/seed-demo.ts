// `npm run seed:demo`: fills an empty database with a living demo site (issue 18): about 2,000
// donors in all eight divisions with Bangla and English names, 400 requests over the past six
// months in every status with pledges that follow the rules (60 of them for today and the coming
// days, many still pending, urgent and critical among them), 12 published blog posts with pictures made here
// (sharp, no network) and a few gifts. The same database as `npm start`: DATABASE_URL, else the
// embedded one of DATA_DIR (migrated first, as at start). A database with any user but admins, or
// any request, is refused (exit code 3). Deterministic: the same data on every run (DEMO_SEED).
import crypto from 'node:crypto';
import pg from 'pg';
import sharp from 'sharp';
import { BLOOD_GROUPS, type BloodComponent, type BloodGroup, DONATION_INTERVAL_DAYS, type DonationIntervals, donorGroupsFor, nextEligibleDate } from '../src/shared/matching/model';
import { neededByOf } from '../src/shared/donation-requests/model';
import { todayInDhaka } from '../src/shared/dates/model';
import { loadConfig } from '../src/server/config';
import { migrateAndSeed } from '../src/server/db/migrate';
import { EXIT, resolveTarget, runMain, ScriptError } from './db-tools';
import { BLOG_POSTS, FAMILY_NAMES, GIFT_NAMES, GIVEN_NAMES, HOSPITAL_KINDS, REQUEST_MESSAGES } from './seed-demo-data';

export const DEMO_DONORS = 2000;
export const DEMO_REQUESTS = 400;
/** Of them, made in the last day and a half for today and the coming days. */
export const DEMO_CURRENT_REQUESTS = 60;
const DAY = 86_400_000;
const MINUTE = 60_000;

/** Bangladesh's blood groups, per thousand (the bench seed's survey figures). */
const GROUP_SHARES: [BloodGroup, number][] = [['B+', 317], ['O+', 305], ['A+', 249], ['AB+', 89], ['B-', 14], ['O-', 12], ['A-', 11], ['AB-', 3]];

/** The districts of the biggest hospitals and how often a city request is there. */
const CITY_WEIGHTS: [string, number][] = [['Dhaka', 40], ['Chattogram', 14], ['Sylhet', 7], ['Rajshahi', 7], ['Khulna', 7], ['Mymensingh', 5], ['Rangpur', 5], ['Barisal', 5], ['Comilla', 5], ['Gazipur', 5]];

/** A small seeded generator (mulberry32): the same demo on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const weighted = <T>(items: readonly [T, number][]): T => {
    let r = next() * items.reduce((n, [, w]) => n + w, 0);
    for (const [item, w] of items) if ((r -= w) < 0) return item;
    return items[items.length - 1]![0];
  };
  const gauss = () => Math.sqrt(-2 * Math.log(next() || 1e-9)) * Math.cos(2 * Math.PI * next());
  return { next, int, pick, weighted, gauss };
}

interface Place {
  upazilaId: number;
  districtId: number;
  divisionId: number;
  district: string;
}

interface DemoUser extends Place {
  id: string;
  name: string;
  email: string;
  role: 'donner' | 'volunteer';
  status: 'active' | 'blocked';
  group: BloodGroup;
  lastDonation: string | null;
  lastComponent: BloodComponent | null;
  donations: number;
  available: boolean;
  phone: string | null;
  createdAt: Date;
}

export interface DemoCounts {
  users: number;
  requests: number;
  pledges: number;
  blogs: number;
  fundings: number;
}

/** What makes a database not empty for the demo: any user but an admin (the first start makes one), or any request. */
export async function refuseNonEmpty(client: pg.PoolClient | pg.Client) {
  const { rows } = await client.query<{ others: number; requests: number }>(
    `SELECT (SELECT count(*)::int FROM users WHERE role <> 'admin') AS others, (SELECT count(*)::int FROM donation_requests) AS requests`,
  );
  const { others, requests } = rows[0]!;
  if (others > 0 || requests > 0) {
    throw new ScriptError(
      `The database is not empty (${others} users besides admins, ${requests} donation requests): the demo data only goes into an empty one. Use a new DATA_DIR or database.`,
      EXIT.refused,
    );
  }
}

/** Rows in batches of multi-row INSERTs. */
async function insert(client: pg.PoolClient, table: string, columns: string[], rows: unknown[][]) {
  for (let i = 0; i < rows.length; i += 500) {
    const batch = rows.slice(i, i + 500);
    const values: unknown[] = [];
    const tuples = batch.map((row) => `(${row.map((v) => `$${values.push(v)}`).join(', ')})`);
    await client.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, values);
  }
}

/** A banner for a blog post: a gradient, a drop and a few circles; no text (no fonts needed). */
function picture(n: number): Promise<Buffer> {
  const hues = [[350, 15], [200, 230], [140, 170], [20, 45], [270, 300], [180, 210]][n % 6]!;
  const circles = Array.from({ length: 6 }, (_, i) => {
    const x = (n * 131 + i * 197) % 1200;
    const y = (n * 71 + i * 113) % 630;
    return `<circle cx="${x}" cy="${y}" r="${40 + ((n + i) % 5) * 30}" fill="white" fill-opacity="0.12"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hues[0]},70%,42%)"/><stop offset="1" stop-color="hsl(${hues[1]},75%,30%)"/></linearGradient></defs>
    <rect width="1200" height="630" fill="url(#g)"/>${circles}
    <path d="M600 150 C540 250 470 330 470 400 a130 130 0 0 0 260 0 C730 330 660 250 600 150Z" fill="white" fill-opacity="0.9"/>
    <path d="M560 410 a45 45 0 0 0 45 45" stroke="hsl(${hues[0]},70%,42%)" stroke-width="14" fill="none" stroke-linecap="round"/>
  </svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}

/** Fills the (empty) database; everything in one transaction. */
export async function seedDemo(pool: pg.Pool, options: { seed?: number; now?: number; intervals?: DonationIntervals; currency?: string; /** Browser tests only: add to a database other tests already wrote to. */ evenIfNotEmpty?: boolean } = {}): Promise<DemoCounts> {
  const rnd = random(options.seed ?? 18);
  const now = options.now ?? Date.now();
  const intervals = options.intervals ?? DONATION_INTERVAL_DAYS;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('LOCK TABLE users, donation_requests IN SHARE ROW EXCLUSIVE MODE');
    if (!options.evenIfNotEmpty) await refuseNonEmpty(client);
    const places = (
      await client.query<{ upazila_id: number; district_id: number; division_id: number; district: string }>(
        'SELECT up.id AS upazila_id, d.id AS district_id, d.division_id, d.name AS district FROM upazilas up JOIN districts d ON d.id = up.district_id ORDER BY up.id',
      )
    ).rows.map((r): Place => ({ upazilaId: r.upazila_id, districtId: r.district_id, divisionId: r.division_id, district: r.district }));
    if (places.length === 0) throw new ScriptError('The locations are missing: start the app once (npm start) or check the database.', EXIT.failed);
    const divisions = [...new Set(places.map((p) => p.divisionId))].sort((a, b) => a - b);
    const admin = (await client.query<{ id: string }>(`SELECT id FROM users WHERE role = 'admin' ORDER BY created_at LIMIT 1`)).rows[0]?.id ?? null;

    // Donors: every division in turn, then any upazila of it; Bangla names for two in five.
    const users: DemoUser[] = Array.from({ length: DEMO_DONORS }, (_, i) => {
      const division = divisions[i % divisions.length]!;
      const place = rnd.pick(places.filter((p) => p.divisionId === division));
      const [givenBn, given] = rnd.pick(GIVEN_NAMES);
      const [familyBn, family] = rnd.pick(FAMILY_NAMES);
      const bangla = rnd.next() < 0.4;
      const gave = rnd.next() < 0.45;
      return {
        ...place,
        id: `demo-user-${i + 1}`,
        name: bangla ? `${givenBn} ${familyBn}` : `${given} ${family}`,
        email: `${given.toLowerCase()}.${family.toLowerCase()}.${i + 1}@demo.example`,
        role: i % 160 === 7 ? 'volunteer' : 'donner',
        status: rnd.next() < 0.02 ? 'blocked' : 'active',
        group: rnd.weighted(GROUP_SHARES),
        // Earlier givers: between six months and two years ago.
        lastDonation: gave ? todayInDhaka(now - (183 + rnd.int(547)) * DAY) : null,
        lastComponent: gave ? 'whole_blood' : null,
        donations: gave ? 1 + rnd.int(6) : 0,
        available: rnd.next() < 0.92,
        phone: rnd.next() < 0.5 ? `+8801${3 + rnd.int(7)}${String(rnd.int(1e8)).padStart(8, '0')}` : null,
        createdAt: new Date(now - (190 + rnd.int(500)) * DAY - rnd.int(DAY)),
      };
    });
    const byGroup = new Map<BloodGroup, DemoUser[]>(BLOOD_GROUPS.map((g) => [g, users.filter((u) => u.group === g && u.status === 'active')]));

    // Requests over the past six months, more of them lately, and DEMO_CURRENT_REQUESTS made in
    // the last day and a half for today and the coming days (issue 38): the public list, the home
    // page and the charts show current pending, urgent and critical requests right after seeding.
    // Taken in the order they were made, so each pledge follows the rules a real one meets
    // (issue 30, decision 061): a compatible, active, available donor past their interval on the
    // request's day, with no other pledge within a donation interval of it, never the requester.
    const plans = Array.from({ length: DEMO_REQUESTS }, (_, i) => {
      const current = i < DEMO_CURRENT_REQUESTS;
      const createdAt = new Date(current ? now - rnd.next() * 36 * 3_600_000 : now - Math.pow(rnd.next(), 1.3) * 182 * DAY);
      const urgency = current
        ? rnd.weighted([['normal', 45], ['urgent', 35], ['critical', 20]] as const)
        : rnd.weighted([['normal', 60], ['urgent', 28], ['critical', 12]] as const);
      return { current, createdAt, urgency };
    }).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    const pledgeDays = new Map<string, { day: string; component: BloodComponent }[]>();
    const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY;
    const canPledge = (user: DemoUser, day: string, component: BloodComponent) =>
      user.available &&
      (nextEligibleDate(user.lastDonation, user.lastComponent, intervals) ?? day) <= day &&
      !(pledgeDays.get(user.id) ?? []).some((other) => {
        const gap = dayNumber(day) - dayNumber(other.day);
        return gap >= 0 ? gap < intervals[other.component] : -gap < intervals[component];
      });
    const requests: unknown[][] = [];
    const pledges: unknown[][] = [];
    for (const { current, createdAt, urgency } of plans) {
      const id = crypto.randomUUID();
      const requester = rnd.pick(users);
      // Where the big hospitals are: a request is most often in a city.
      const city = rnd.next() < 0.45 ? rnd.weighted(CITY_WEIGHTS) : null;
      const inCity = places.filter((p) => p.district === city);
      const place = inCity.length ? rnd.pick(inCity) : rnd.pick(places);
      const component = rnd.weighted([['whole_blood', 70], ['red_cells', 12], ['platelets', 12], ['plasma', 6]] as const);
      const units = rnd.weighted([[1, 70], [2, 22], [3, 8]] as const);
      const group = rnd.weighted(GROUP_SHARES);
      const time = rnd.pick(['09:00', '10:30', '12:00', '14:00', '16:30', '20:00']);
      // A current request is for today or the coming days (a critical one today or tomorrow), and still open.
      const daysAhead = current ? { critical: rnd.int(2), urgent: rnd.int(3), normal: 1 + rnd.int(6) }[urgency] : urgency === 'critical' ? 0 : 1 + rnd.int(4);
      let donationDate = todayInDhaka((current ? now : createdAt.getTime()) + daysAhead * DAY);
      const earliest = current ? Math.max(now, createdAt.getTime()) : createdAt.getTime();
      if (neededByOf(donationDate, time).getTime() < earliest + 3 * 3_600_000) donationDate = todayInDhaka(earliest + DAY);
      const neededBy = neededByOf(donationDate, time);

      const median = { critical: 35, urgent: 90, normal: 240 }[urgency];
      const candidates = donorGroupsFor(group, component)
        .flatMap((g) => byGroup.get(g) ?? [])
        .filter((u) => u.id !== requester.id);
      // Most current requests still wait for some of their donors: they stay on the public list.
      const wanted = current && rnd.next() < 0.85 ? rnd.int(units) : units;
      const givers: { user: DemoUser; at: Date }[] = [];
      let at = createdAt.getTime();
      for (let k = 0; k < wanted && candidates.length > 0; k++) {
        at += Math.exp(Math.log(median * (k ? 1.5 : 1)) + 1.1 * rnd.gauss()) * MINUTE;
        if (at >= Math.min(neededBy.getTime(), now)) break;
        const user = rnd.pick(candidates);
        if (givers.some((g) => g.user.id === user.id) || !canPledge(user, donationDate, component)) continue;
        givers.push({ user, at: new Date(at) });
      }
      const full = givers.length >= units;
      const past = neededBy.getTime() <= now;
      const status = !full ? 'pending' : !past ? 'inprogress' : rnd.weighted([['done', 80], ['canceled', 8], ['inprogress', 12]] as const);
      const first = status === 'pending' ? null : givers[0]!.user;
      if (status !== 'canceled') {
        for (const { user } of givers) pledgeDays.set(user.id, [...(pledgeDays.get(user.id) ?? []), { day: donationDate, component }]);
      }
      if (status === 'done') {
        for (const { user } of givers) {
          if (!user.lastDonation || user.lastDonation < donationDate) Object.assign(user, { lastDonation: donationDate, lastComponent: component });
          user.donations += 1;
        }
      }
      const updatedAt = status === 'pending' ? createdAt : new Date(Math.min(now, neededBy.getTime() + (status === 'inprogress' ? 0 : DAY)));
      requests.push([
        id, requester.id, requester.name, requester.email, `${rnd.pick(GIVEN_NAMES)[1]} ${rnd.pick(FAMILY_NAMES)[1]}`, group,
        `${place.district} ${rnd.pick(HOSPITAL_KINDS)}`, `Ward ${1 + rnd.int(12)}, ${place.district}`, place.divisionId, place.districtId, place.upazilaId,
        donationDate, time, neededBy, rnd.pick(REQUEST_MESSAGES), status, first?.id ?? null, first?.name ?? null, first?.email ?? null,
        component, units, givers.length, urgency, createdAt, updatedAt,
      ]);
      // A done request's pledges were donations on its day (issue 33: only a `donated` pledge is in a donor's history); the others wait for their outcome.
      const [state, donatedOn] = status === 'done' ? ['donated', donationDate] : ['pledged', null];
      for (const { user, at: pledgedAt } of givers) pledges.push([id, user.id, user.name, user.email, pledgedAt, state, donatedOn, status === 'done' ? updatedAt : pledgedAt]);
    }

    await insert(
      client,
      'users',
      ['id', 'name', 'email', 'email_verified', 'role', 'status', 'blood_group', 'division_id', 'district_id', 'upazila_id', 'last_donation_date', 'last_donation_component', 'next_eligible_date', 'available', 'donation_count', 'phone', 'created_at', 'updated_at'],
      users.map((u) => [
        u.id, u.name, u.email, true, u.role, u.status, u.group, u.divisionId, u.districtId, u.upazilaId,
        u.lastDonation, u.lastComponent, nextEligibleDate(u.lastDonation, u.lastComponent, intervals), u.available, u.donations, u.phone, u.createdAt, u.createdAt,
      ]),
    );
    await insert(
      client,
      'donation_requests',
      ['id', 'requester_id', 'requester_name', 'requester_email', 'recipient_name', 'blood_group', 'hospital_name', 'full_address', 'division_id', 'district_id', 'upazila_id',
        'donation_date', 'donation_time', 'needed_by', 'request_message', 'status', 'donor_id', 'donor_name', 'donor_email', 'component', 'units_needed', 'pledge_count', 'urgency', 'created_at', 'updated_at'],
      requests,
    );
    await insert(client, 'donation_pledges', ['request_id', 'donor_id', 'donor_name', 'donor_email', 'pledged_at', 'state', 'donated_on', 'state_at'], pledges);
    // Each pledge was its donor's yes (issue 15): the answers the pledge funnel counts (issue 33).
    await insert(client, 'outreach_answers', ['request_id', 'user_id', 'answer', 'answered_at'], pledges.map(([request, donor, , , at]) => [request, donor, 'accept', at]));

    // Blog posts with their pictures, published over the six months.
    const blogRows: unknown[][] = [];
    for (const [n, post] of BLOG_POSTS.entries()) {
      const bytes = await picture(n);
      const { rows } = await client.query<{ id: string }>('INSERT INTO images (data, content_type, width, height) VALUES ($1, $2, 1200, 630) RETURNING id', [bytes, 'image/webp']);
      const text = post.paragraphs.join(' ');
      const createdAt = new Date(now - (BLOG_POSTS.length - n) * 14 * DAY);
      blogRows.push([post.title, `<h2>${post.title}</h2>${post.paragraphs.map((p) => `<p>${p}</p>`).join('')}`, text.slice(0, 100), `/api/images/${rows[0]!.id}`, 'published', admin, createdAt, createdAt]);
    }
    await insert(client, 'blogs', ['title', 'content', 'excerpt', 'thumbnail', 'status', 'author_id', 'created_at', 'updated_at'], blogRows);

    const currency = options.currency ?? 'bdt';
    await insert(
      client,
      'fundings',
      ['stripe_session_id', 'stripe_event_id', 'donor_name', 'show_name', 'amount_minor', 'currency', 'created_at'],
      GIFT_NAMES.map((name, n) => [`demo_checkout_${n + 1}`, `demo_event_${n + 1}`, name, n % 2 === 0, (5 + rnd.int(96)) * 10_000, currency, new Date(now - (10 + n * 27) * DAY)]),
    );
    await client.query('COMMIT');
    return { users: users.length, requests: requests.length, pledges: pledges.length, blogs: blogRows.length, fundings: GIFT_NAMES.length };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

const log = (m: string) => console.error(`[seed:demo] ${m}`);

function config() {
  try {
    return loadConfig();
  } catch (err) {
    throw new ScriptError((err as Error).message, EXIT.usage);
  }
}

async function main() {
  const { donationIntervals, FUNDING_CURRENCY } = config();
  const target = await resolveTarget(log, { requireStopped: false, createDatabase: true });
  const pool = new pg.Pool({ ...target.pgConfig, max: 2 });
  try {
    try {
      await migrateAndSeed(pool);
    } catch (err) {
      throw new ScriptError(`Could not prepare ${target.describe}: ${(err as Error).message}`, EXIT.failed);
    }
    const counts = await seedDemo(pool, { seed: Number(process.env.DEMO_SEED ?? 18), intervals: donationIntervals, currency: FUNDING_CURRENCY });
    log(`filled ${target.describe}: ${counts.users} donors, ${counts.requests} requests with ${counts.pledges} pledges, ${counts.blogs} blog posts, ${counts.fundings} gifts`);
  } finally {
    await pool.end();
    await target.release();
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) runMain('seed:demo', main);
