import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOOD_GROUPS, type BloodGroup, searchCodeFor } from '../../shared/matching/model';
import { SEARCH_MESSAGES } from '../../shared/search/texts';
import { users } from '../db/schema/accounts';
import { assertNoSecrets, registerUser, type TestUser } from '../../../test/fixtures';
import { createTestApp, errorBody, type TestApp } from '../../../test/helpers';

let t: TestApp;
interface Made {
  user: TestUser;
  group: BloodGroup;
  division: string;
  district: string;
  upazila: string;
}
const made: Made[] = [];
let blockedEmail: string;
let incompleteEmail: string;
/** A signed-in searcher: anonymous callers get masked emails (issue 17: src/server/privacy/privacy.test.ts). */
let viewer: TestUser;

// Two places in different divisions: Comilla/Debidwar (1/1/1) and Dhaka/Savar area (3/27/213).
const places = [
  { division: '1', district: '1', upazila: '1' },
  { division: '1', district: '1', upazila: '2' },
  { division: '3', district: '27', upazila: '213' },
];

beforeAll(async () => {
  t = await createTestApp();
  for (const [i, group] of BLOOD_GROUPS.entries()) {
    for (const place of [places[i % 3]!, places[(i + 1) % 3]!]) {
      const user = await registerUser(t.app, { blood_group: group, ...place });
      made.push({ user, group, ...place });
    }
  }
  const blocked = await registerUser(t.app, { blood_group: 'O-', ...places[0] });
  await t.database.db.update(users).set({ status: 'blocked' }).where(eq(users.id, blocked.id));
  blockedEmail = blocked.email;
  const incomplete = await registerUser(t.app, { blood_group: 'O-', ...places[0] });
  await t.database.db.update(users).set({ bloodGroup: null, divisionId: null, districtId: null, upazilaId: null }).where(eq(users.id, incomplete.id));
  incompleteEmail = incomplete.email;
  viewer = await registerUser(t.app);
  // Not findable itself: no blood group.
  await t.database.db.update(users).set({ bloodGroup: null }).where(eq(users.id, viewer.id));
});
afterAll(() => t.close());

const search = async (query: string) => {
  const res = await t.app.inject({ url: `/api/search?${query}&limit=100`, headers: viewer.auth });
  return { res, emails: res.statusCode === 200 ? (res.json() as { email: string }[]).map((d) => d.email).sort() : [] };
};
const expected = (pred: (m: Made) => boolean) => made.filter(pred).map((m) => m.user.email).sort();

describe('GET /api/search', () => {
  it('matches every combination of the four filters', async () => {
    const filters = ['bloodGroup', 'division', 'district', 'upazila'] as const;
    for (let mask = 0; mask < 16; mask++) {
      for (const group of ['O+', 'AB-'] as BloodGroup[]) {
        const place = places[0]!;
        const parts: string[] = [];
        const preds: ((m: Made) => boolean)[] = [];
        for (const [bit, f] of filters.entries()) {
          if (!(mask & (1 << bit))) continue;
          if (f === 'bloodGroup') {
            parts.push(`bloodGroup=${searchCodeFor(group)}`);
            preds.push((m) => m.group === group);
          } else {
            parts.push(`${f}=${place[f]}`);
            preds.push((m) => m[f] === place[f]);
          }
        }
        const { res, emails } = await search(parts.join('&&'));
        if (mask === 0) {
          // No filter at all is no search (issue 12): the check is below.
          expect(res.statusCode).toBe(400);
          continue;
        }
        expect(res.statusCode).toBe(200);
        expect([parts.join('&&'), emails]).toEqual([parts.join('&&'), expected((m) => preds.every((p) => p(m)))]);
      }
    }
  });

  it('accepts the spec codes and properly encoded groups alike', async () => {
    for (const group of BLOOD_GROUPS) {
      const byCode = await search(`bloodGroup=${encodeURIComponent(searchCodeFor(group))}`);
      const byGroup = await search(`bloodGroup=${encodeURIComponent(group)}`);
      expect(byCode.emails).toEqual(expected((m) => m.group === group));
      expect(byGroup.emails).toEqual(byCode.emails);
    }
    // An unencoded "+" arrives as a space: still A+.
    expect((await search('bloodGroup=A+')).emails).toEqual(expected((m) => m.group === 'A+'));
  });

  it('never returns blocked users, users without a blood group or location, or secrets', async () => {
    // Every findable donor, one place at a time (a search needs a filter).
    const found: string[] = [];
    for (const division of ['1', '3']) found.push(...(await search(`division=${division}`)).emails);
    expect(found).not.toContain(blockedEmail);
    expect(found).not.toContain(incompleteEmail);
    expect(found.sort()).toEqual(made.map((m) => m.user.email).sort());
    // The blocked and the incomplete account are O- in Comilla/Debidwar: searched there, still absent.
    const there = await search(`bloodGroup=${searchCodeFor('O-')}&&division=1&&district=1&&upazila=1`);
    expect(there.res.statusCode).toBe(200);
    expect(there.emails).not.toContain(blockedEmail);
    expect(there.emails).not.toContain(incompleteEmail);
    const { res } = await search('division=1');
    const first = (res.json() as Record<string, unknown>[])[0]!;
    expect(Object.keys(first).sort()).toEqual(['_id', 'avatar', 'blood_group', 'district', 'districtId', 'division', 'divisionId', 'email', 'name', 'upazila', 'upazilaId']);
    expect(first).toMatchObject({ division: expect.any(String), district: expect.any(String), upazila: expect.any(String) });
    // The places' ids beside their names (issue 16: the web shows the Bangla names by id).
    expect(first).toMatchObject({ divisionId: '1', districtId: expect.stringMatching(/^\d+$/), upazilaId: expect.stringMatching(/^\d+$/) });
    assertNoSecrets(res.body);
    expect(res.body).not.toMatch(/"role"|"status"/);
  });

  it('pages in a stable order with the total in X-Total-Count', async () => {
    const all = await t.app.inject('/api/search?bloodGroup=&&division=1&&limit=100');
    const ids = (all.json() as { _id: string }[]).map((d) => d._id);
    expect(all.headers['x-total-count']).toBe(String(made.filter((m) => m.division === '1').length));
    expect(ids.length).toBeGreaterThan(10);
    const pages: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const res = await t.app.inject(`/api/search?division=1&limit=5&page=${page}`);
      pages.push(...(res.json() as { _id: string }[]).map((d) => d._id));
    }
    expect(pages).toEqual(ids);
  });

  it('answers an empty list for unknown places', async () => {
    const { res, emails } = await search('district=999');
    expect(res.statusCode).toBe(200);
    expect(emails).toEqual([]);
    expect(res.headers['x-total-count']).toBe('0');
  });

  it.each([
    ['an unknown blood group', 'bloodGroup=C%2B'],
    ['a text district', 'district=Dhaka'],
    ['an SQL fragment', "upazila=1%27%20OR%201%3D1--"],
    ['limit over 100', 'limit=101'],
  ])('refuses %s with 400', async (_name, query) => {
    const res = await t.app.inject(`/api/search?${query}`);
    expect(res.statusCode).toBe(400);
    errorBody(res);
  });
});

/** Issue 12: an anonymous search with no filter listed every donor, 100 a page. */
describe('GET /api/search with no filter', () => {
  it.each([
    ['no query at all', ''],
    ['the four fields all empty (what the form sends when nothing is chosen)', '?bloodGroup=&&district=&&division=&&upazila='],
    ['a blank blood group', '?bloodGroup=%20%20'],
    ['pagination only', '?page=1&limit=100'],
    ['pagination only, a later page', '?limit=5&page=3'],
    ['unknown parameters only', '?name=a&email=b'],
  ])('refuses %s with 400 and the form\'s message, in the error shape', async (_name, query) => {
    const res = await t.app.inject(`/api/search${query}`);
    expect(res.statusCode).toBe(400);
    expect(errorBody(res)).toEqual({ message: SEARCH_MESSAGES.fillAny, code: 'BAD_REQUEST' });
    expect(SEARCH_MESSAGES.fillAny).toBe('Fill up any input field');
    expect(res.headers['x-total-count']).toBeUndefined();
  });

  it('still answers a search with any one filter', async () => {
    for (const query of [`bloodGroup=${searchCodeFor('A+')}`, 'division=3', 'district=27', 'upazila=213']) {
      const res = await t.app.inject(`/api/search?${query}&page=1&limit=100`);
      expect([query, res.statusCode]).toEqual([query, 200]);
      expect((res.json() as unknown[]).length).toBeGreaterThan(0);
    }
  });
});

describe('GET /api/search rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ env: { RATE_LIMIT_SEARCH_PER_MINUTE: '5' } });
  });
  afterAll(() => limited?.close());

  it('answers 429 RATE_LIMITED in the error shape after N searches a minute from one address; another address is not affected', async () => {
    const from = (remoteAddress: string, query = 'bloodGroup=OO') => limited.app.inject({ url: `/api/search?${query}`, remoteAddress });
    // Refused searches (no filter) count too: the limit is on asking.
    expect((await from('203.0.113.7', '')).statusCode).toBe(400);
    for (let i = 0; i < 4; i++) expect((await from('203.0.113.7')).statusCode).toBe(200);
    const over = await from('203.0.113.7');
    expect(over.statusCode).toBe(429);
    const body = errorBody(over);
    expect(body.code).toBe('RATE_LIMITED');
    expect(body.message).toMatch(/^Too many requests: try again in \d+ seconds$/);
    expect(over.headers['retry-after']).toBeDefined();
    expect((await from('203.0.113.7', 'division=3')).statusCode).toBe(429);
    expect((await from('198.51.100.23')).statusCode).toBe(200);
  });

  it('counts simultaneous searches from one address one by one: of 8 at once, 5 pass and 3 get 429', async () => {
    // The 8 arrive in one event-loop turn and are counted in one statement (rate-limit-store.ts).
    const all = await Promise.all(Array.from({ length: 8 }, () => limited.app.inject({ url: '/api/search?bloodGroup=OO', remoteAddress: '192.0.2.44' })));
    expect(all.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect(all.filter((r) => r.statusCode === 200).map((r) => r.headers['x-ratelimit-remaining']).sort()).toEqual(['0', '1', '2', '3', '4']);
  });

  it('defaults to 120 a minute', async () => {
    const { loadConfig } = await import('../config');
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent' }).RATE_LIMIT_SEARCH_PER_MINUTE).toBe(120);
  });
});

describe('GET /api/search: compatible and eligibleOnly (issue 14)', () => {
  const searchOrdered = async (query: string) => {
    const res = await t.app.inject({ url: `/api/search?${query}&limit=100`, headers: viewer.auth });
    expect(res.statusCode, res.body).toBe(200);
    return { res, rows: res.json() as { email: string; blood_group: BloodGroup }[] };
  };

  it('without the options answers exactly as before', async () => {
    const plain = await search('bloodGroup=AA');
    const off = await search('bloodGroup=AA&compatible=false&eligibleOnly=false');
    expect(off.emails).toEqual(plain.emails);
    expect(plain.emails).toEqual(expected((m) => m.group === 'A+'));
  });

  it('compatible=true adds the groups that can give red cells to the searched group, the identical group first', async () => {
    const { rows, res } = await searchOrdered('bloodGroup=AA&compatible=true');
    const groups = rows.map((r) => r.blood_group);
    expect(new Set(groups)).toEqual(new Set(['A+', 'A-', 'O+', 'O-']));
    const lastIdentical = groups.lastIndexOf('A+');
    expect(groups.slice(0, lastIdentical + 1).every((g) => g === 'A+')).toBe(true);
    expect(rows.map((r) => r.email).sort()).toEqual(expected((m) => ['A+', 'A-', 'O+', 'O-'].includes(m.group)));
    expect(res.headers['x-total-count']).toBe(String(rows.length));
    // An O- patient can only take O-.
    expect((await searchOrdered('bloodGroup=O-&compatible=true')).rows.every((r) => r.blood_group === 'O-')).toBe(true);
  });

  it('eligibleOnly=true hides donors in their interval or switched off', async () => {
    const cooling = made.find((m) => m.group === 'B+')!;
    const off = made.filter((m) => m.group === 'B+')[1]!;
    const today = new Date(Date.now() + 6 * 3_600_000).toISOString().slice(0, 10);
    await t.database.db.update(users).set({ lastDonationDate: today, nextEligibleDate: '2999-01-01' }).where(eq(users.id, cooling.user.id));
    await t.database.db.update(users).set({ available: false }).where(eq(users.id, off.user.id));
    await new Promise((resolve) => setTimeout(resolve, 1100)); // past the search cache's second
    const all = await search('bloodGroup=BB');
    const eligible = await search('bloodGroup=BB&eligibleOnly=true');
    expect(all.emails).toContain(cooling.user.email);
    expect(all.emails).toContain(off.user.email);
    expect(eligible.emails).not.toContain(cooling.user.email);
    expect(eligible.emails).not.toContain(off.user.email);
    expect(eligible.emails).toEqual(all.emails.filter((e) => e !== cooling.user.email && e !== off.user.email));
    // Also without a blood group.
    expect((await search(`district=${cooling.district}&eligibleOnly=true`)).emails).not.toContain(cooling.user.email);
  });

  it('refuses anything but true or false (400)', async () => {
    for (const q of ['bloodGroup=AA&compatible=yes', 'bloodGroup=AA&eligibleOnly=1']) {
      const res = await t.app.inject(`/api/search?${q}`);
      expect(res.statusCode, q).toBe(400);
      errorBody(res);
    }
  });
});
