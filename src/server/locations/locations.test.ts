import { registrationBody } from '../../../test/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, errorBody, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('GET /api/division', () => {
  it('answers the 8 divisions with the contract fields', async () => {
    const res = await get('/api/division');
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { _id: string; name: string; divisionId: string; bn_name: string }[];
    expect(rows).toHaveLength(8);
    expect(rows[0]).toEqual({ _id: '1', name: 'Chattogram', bn_name: 'চট্টগ্রাম', divisionId: '1' });
    expect(rows.map((r) => r.name)).toContain('Dhaka');
  });

  it('sends an ETag and Cache-Control, and 304 when the browser has it', async () => {
    const first = await get('/api/division');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toContain('max-age=');
    const again = await get('/api/division', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('GET /api/districts', () => {
  it('answers the districts of each division: 64 in all, each once', async () => {
    const seen = new Set<string>();
    for (let division = 1; division <= 8; division++) {
      const res = await get(`/api/districts?divisionId=${division}`);
      expect(res.statusCode).toBe(200);
      const rows = res.json() as { _id: string; districtId: string; divisionId: string; name: string }[];
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) {
        expect(r.divisionId).toBe(String(division));
        expect(r._id).toBe(r.districtId);
        seen.add(r.districtId);
      }
    }
    expect(seen.size).toBe(64);
  });

  it('answers the upazilas of each district: 494 in all, and the 65 metropolitan thanas of Dhaka and Chattogram', async () => {
    let total = 0;
    for (let district = 1; district <= 64; district++) {
      const res = await get(`/api/districts?districtId=${district}`);
      const rows = res.json() as { districtId: string; name: string }[];
      expect(rows.every((r) => r.districtId === String(district))).toBe(true);
      total += rows.length;
    }
    expect(total).toBe(494 + 65);
  });

  it('places a city hospital by its thana, in both languages (issue 38)', async () => {
    const dhaka = (await get('/api/districts?districtId=47')).json() as { _id: string; name: string; bn_name: string }[];
    const chattogram = (await get('/api/districts?districtId=8')).json() as { _id: string; name: string; bn_name: string }[];
    for (const [list, name, bn] of [
      [dhaka, 'Dhanmondi', 'ধানমন্ডি'],
      [dhaka, 'Mirpur Model', 'মিরপুর মডেল'],
      [dhaka, 'Uttara East', 'উত্তরা পূর্ব'],
      [dhaka, 'Airport', 'বিমানবন্দর'],
      [dhaka, 'Savar', 'সাভার'],
      [chattogram, 'Panchlaish', 'পাঁচলাইশ'],
      [chattogram, 'Double Mooring', 'ডবলমুরিং'],
    ] as const) {
      expect(list.find((u) => u.name === name), name).toMatchObject({ bn_name: bn });
    }
    // Kotwali is a thana of both cities: two places, told apart by id and district.
    const kotwali = [...dhaka, ...chattogram].filter((u) => u.name === 'Kotwali');
    expect(new Set(kotwali.map((u) => u._id)).size).toBe(2);
    // Wherever an upazila is asked for, a thana is taken under its own district only.
    const panchlaish = chattogram.find((u) => u.name === 'Panchlaish')!._id;
    const register = async (division: string, district: string) =>
      (await t.app.inject({ method: 'POST', url: '/api/users', payload: await registrationBody(t.app, { division, district, upazila: panchlaish }) })).statusCode;
    expect(await register('1', '8')).toBe(201);
    expect(await register('6', '47')).toBe(400);
  });

  it('keeps same-named upazilas of different districts apart (refer to them by id)', async () => {
    const { rows } = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(DISTINCT district_id)::int AS n FROM upazilas WHERE name = 'Kaliganj'`,
    );
    expect(rows[0]?.n).toBeGreaterThan(1);
  });

  it('answers an empty list for unknown ids', async () => {
    for (const url of ['/api/districts?divisionId=99', '/api/districts?districtId=999999']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    }
  });

  it('accepts the spec\'s && separator', async () => {
    const res = await get('/api/districts?&&divisionId=3&&');
    expect(res.statusCode).toBe(200);
    expect((res.json() as unknown[]).length).toBeGreaterThan(0);
  });

  it.each([
    ['missing ids', '/api/districts'],
    ['both ids', '/api/districts?divisionId=1&districtId=1'],
    ['non-numeric', '/api/districts?divisionId=abc'],
    ['negative', '/api/districts?districtId=-4'],
    ['fraction', '/api/districts?districtId=1.5'],
    ['SQL fragment', "/api/districts?divisionId=1%20OR%201%3D1"],
    ['huge', `/api/districts?divisionId=${'9'.repeat(400)}`],
  ])('refuses %s with 400 in the error shape', async (_name, url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    const body = errorBody(res);
    expect(body.code).toBe('VALIDATION_ERROR');
  });
});
