import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type TestUser, uniqueEmail, userWith } from '../../../test/fixtures';
import { createTestApp, errorBody, type TestApp } from '../../../test/helpers';
import { CONTACT_MESSAGES } from '../../shared/contact/texts';
import { CONTACT_PER_ADDRESS_PER_HOUR, CONTACT_PER_EMAIL_PER_HOUR, parseHelpline } from '../../shared/contact/model';
import type { ContactMessage } from '../../shared/contact/schemas';
import { ConfigError, loadConfig } from '../config';

// The contact form's messages (issue 38): anyone sends one, volunteers and admins read them newest
// first and mark them handled; limited per email and per address. And the operator's details
// (SITE_HELPLINE, SITE_CONTACT_EMAIL) and pages (SITE_PRIVACY_FILE, SITE_TERMS_FILE).

const pagesDir = mkdtempSync(path.join(tmpdir(), 'site-pages-'));
const privacyFile = path.join(pagesDir, 'privacy.md');
writeFileSync(privacyFile, '# Our privacy\n\nWe keep <b>what</b> you give us.\n');
writeFileSync(path.join(pagesDir, 'privacy.bn.md'), '# আমাদের গোপনীয়তা\n');

let t: TestApp;
let donor: TestUser;
let volunteer: TestUser;
let admin: TestUser;
let blockedVolunteer: TestUser;
let blockedAdmin: TestUser;
const MISSING = '6f1c1d9e-5f57-4a5e-9d3c-2a1b0c9d8e7f';

const send = (body: object, ip = '203.0.113.7') => t.app.inject({ method: 'POST', url: '/api/contact-messages', payload: body, remoteAddress: ip });
const list = (user: TestUser | null, query = '') => t.app.inject({ method: 'GET', url: `/api/contact-messages${query}`, headers: user ? user.auth : {} });
const handle = (user: TestUser | null, id: string, body: object = { handled: true }) =>
  t.app.inject({ method: 'PATCH', url: `/api/contact-messages/${id}`, headers: user ? user.auth : {}, payload: body });
const message = (overrides: Record<string, unknown> = {}) => ({ name: 'Rahim Uddin', email: uniqueEmail('contact'), message: 'Can our school host a blood drive?', ...overrides });

beforeAll(async () => {
  t = await createTestApp({ env: { SITE_HELPLINE: '16263', SITE_CONTACT_EMAIL: 'help@blood.example', SITE_PRIVACY_FILE: privacyFile } });
  donor = await registerUser(t.app);
  volunteer = await userWith(t.app, t.database.db, 'volunteer');
  admin = await userWith(t.app, t.database.db, 'admin');
  blockedVolunteer = await userWith(t.app, t.database.db, 'volunteer', 'blocked');
  blockedAdmin = await userWith(t.app, t.database.db, 'admin', 'blocked');
});
afterAll(() => t?.close());

describe('POST /api/contact-messages', () => {
  it('stores a message from anyone, signed in or not, with a trimmed name and a lower-cased email', async () => {
    const email = uniqueEmail('Sender').toUpperCase();
    const res = await send(message({ name: '  Karim  ', email, message: ' Hello from Savar ' }));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ insertedId: string }>().insertedId;
    const rows = await t.database.db.execute<{ name: string; email: string; message: string }>(sql`SELECT name, email, message FROM contact_messages WHERE id = ${id}`);
    expect(rows.rows[0]).toEqual({ name: 'Karim', email: email.toLowerCase(), message: 'Hello from Savar' });

    const signedIn = await t.app.inject({ method: 'POST', url: '/api/contact-messages', headers: donor.auth, payload: message() });
    expect(signedIn.statusCode).toBe(201);
  });

  it('refuses a missing name, a bad email, an empty or too long message and unknown fields, in the error shape', async () => {
    for (const [body, field] of [
      [message({ name: ' ' }), 'name'],
      [message({ email: 'not-an-email' }), 'email'],
      [message({ message: '   ' }), 'message'],
      [message({ message: 'x'.repeat(5001) }), 'message'],
      [{ name: 'A', email: 'a@example.com' }, 'message'],
    ] as const) {
      const res = await send(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(errorBody(res).issues?.map((i) => i.path)).toContain(`body.${field}`);
    }
    const extra = await send({ ...message(), role: 'admin' });
    expect(extra.statusCode).toBe(400);
    const notJson = await t.app.inject({ method: 'POST', url: '/api/contact-messages', headers: { 'content-type': 'application/json' }, payload: '{"name":' });
    expect(notJson.statusCode).toBe(400);
    errorBody(notJson);
  });

  it(`takes ${CONTACT_PER_EMAIL_PER_HOUR} messages an hour from one email, from any address`, async () => {
    const email = uniqueEmail('chatty');
    for (let i = 0; i < CONTACT_PER_EMAIL_PER_HOUR; i++) expect((await send(message({ email }), `198.51.100.${i + 1}`)).statusCode).toBe(201);
    const refused = await send(message({ email: email.toUpperCase() }), '198.51.100.99');
    expect(refused.statusCode).toBe(429);
    expect(errorBody(refused)).toMatchObject({ code: 'RATE_LIMITED', message: CONTACT_MESSAGES.tooManyFromEmail });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    // Another sender is not held up by it.
    expect((await send(message(), '198.51.100.99')).statusCode).toBe(201);
    // The count's key never holds the address itself.
    const keys = await t.database.db.execute<{ key: string }>(sql`SELECT key FROM rate_limits WHERE key LIKE '%contact-email|%'`);
    expect(keys.rows.length).toBeGreaterThan(0);
    expect(keys.rows.some((r) => r.key.includes('@'))).toBe(false);
  });

  it(`takes ${CONTACT_PER_ADDRESS_PER_HOUR} messages an hour from one address (many people behind carrier NAT), then 429`, async () => {
    const ip = '192.0.2.44';
    for (let i = 0; i < CONTACT_PER_ADDRESS_PER_HOUR; i++) expect((await send(message(), ip)).statusCode).toBe(201);
    const refused = await send(message(), ip);
    expect(refused.statusCode).toBe(429);
    expect(errorBody(refused).code).toBe('RATE_LIMITED');
    expect((await send(message(), '192.0.2.45')).statusCode).toBe(201);
  });
});

describe('GET /api/contact-messages', () => {
  it('lists messages newest first with the sender email, for volunteers and admins, paged with the total', async () => {
    const first = (await send(message({ message: 'older one' }), '203.0.113.20')).json<{ insertedId: string }>().insertedId;
    const second = (await send(message({ message: 'newer one' }), '203.0.113.20')).json<{ insertedId: string }>().insertedId;
    for (const staff of [volunteer, admin]) {
      const res = await list(staff, '?page=1&limit=2');
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json<ContactMessage[]>();
      expect(rows.map((r) => r._id)).toEqual([second, first]);
      expect(rows[0]).toMatchObject({ message: 'newer one', name: 'Rahim Uddin', handledAt: null });
      expect(rows[0]!.email).toMatch(/@example\.com$/);
      expect(Number(res.headers['x-total-count'])).toBeGreaterThan(40);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const page2 = await list(admin, '?page=2&limit=1');
    expect(page2.json<ContactMessage[]>().map((r) => r._id)).toEqual([first]);
  });

  it('needs a token, refuses donors and blocked staff, and bad paging', async () => {
    expect((await list(null)).statusCode).toBe(401);
    expect((await list(donor)).statusCode).toBe(403);
    expect((await list(blockedVolunteer)).statusCode).toBe(403);
    expect((await list(blockedAdmin)).statusCode).toBe(403);
    const bad = await list(admin, '?limit=1000');
    expect(bad.statusCode).toBe(400);
    errorBody(bad);
  });
});

describe('PATCH /api/contact-messages/{id}', () => {
  it('marks a message handled once (volunteer or admin); the list shows when', async () => {
    const id = (await send(message(), '203.0.113.30')).json<{ insertedId: string }>().insertedId;
    const res = await handle(volunteer, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ modifiedCount: 1 });
    expect((await handle(admin, id)).json()).toEqual({ modifiedCount: 0 });
    const row = (await list(admin, '?limit=100')).json<ContactMessage[]>().find((r) => r._id === id)!;
    expect(Date.parse(row.handledAt!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses no token, donors, blocked staff, a bad body or id, and answers 404 for a missing message', async () => {
    const id = (await send(message(), '203.0.113.31')).json<{ insertedId: string }>().insertedId;
    expect((await handle(null, id)).statusCode).toBe(401);
    expect((await handle(donor, id)).statusCode).toBe(403);
    expect((await handle(blockedVolunteer, id)).statusCode).toBe(403);
    expect((await handle(blockedAdmin, id)).statusCode).toBe(403);
    expect((await handle(admin, id, { handled: false })).statusCode).toBe(400);
    expect((await handle(admin, id, { handled: true, message: 'edited' })).statusCode).toBe(400);
    expect((await handle(admin, 'not-a-uuid')).statusCode).toBe(400);
    const missing = await handle(admin, MISSING);
    expect(missing.statusCode).toBe(404);
    expect(errorBody(missing).message).toBe(CONTACT_MESSAGES.notFound);
    // Nothing of it changed.
    const row = (await list(admin, '?limit=100')).json<ContactMessage[]>().find((r) => r._id === id)!;
    expect(row.handledAt).toBeNull();
  });
});

describe('the operator details and pages', () => {
  it('GET /api/site gives the helpline and contact email; GET /api/site/pages/{page} the operator text', async () => {
    const site = await t.app.inject({ method: 'GET', url: '/api/site' });
    expect(site.json()).toEqual({ helpline: { display: '16263', tel: '16263' }, contactEmail: 'help@blood.example' });
    const privacy = await t.app.inject({ method: 'GET', url: '/api/site/pages/privacy' });
    expect(privacy.json()).toEqual({ page: 'privacy', text: '# Our privacy\n\nWe keep <b>what</b> you give us.\n', bnText: '# আমাদের গোপনীয়তা\n' });
    const terms = await t.app.inject({ method: 'GET', url: '/api/site/pages/terms' });
    expect(terms.json()).toEqual({ page: 'terms', text: null, bnText: null });
    const bad = await t.app.inject({ method: 'GET', url: '/api/site/pages/cookies' });
    expect(bad.statusCode).toBe(400);
    errorBody(bad);
  });

  it('with nothing set, no helpline and no email', async () => {
    const bare = await createTestApp();
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/api/site' })).json()).toEqual({ helpline: null, contactEmail: null });
    } finally {
      await bare.close();
    }
  });

  it('SITE_HELPLINE takes Bangladesh phones and short codes, and refuses anything else at start', () => {
    expect(parseHelpline('01712-345678')).toEqual({ display: '+880 1712-345678', tel: '+8801712345678' });
    expect(parseHelpline('+880 2 9661551')).toEqual({ display: '+880 29661551', tel: '+88029661551' });
    expect(parseHelpline('999')).toEqual({ display: '999', tel: '999' });
    expect(loadConfig({ SITE_HELPLINE: '16 263' }).SITE_HELPLINE).toEqual({ display: '16263', tel: '16263' });
    for (const bad of ['12', '+1 555 0100', '01212345678', 'call us', '0171234567']) expect(() => loadConfig({ SITE_HELPLINE: bad }), bad).toThrow(/SITE_HELPLINE/);
    expect(() => loadConfig({ SITE_CONTACT_EMAIL: 'nobody' })).toThrow(ConfigError);
    expect(() => loadConfig({ SITE_TERMS_FILE: path.join(pagesDir, 'missing.md') })).toThrow(/SITE_TERMS_FILE: no such file/);
  });
});
