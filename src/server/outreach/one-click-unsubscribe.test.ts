import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type TestUser } from '../../../test/fixtures';
import { createTestApp, errorBody, type TestApp } from '../../../test/helpers';
import { users } from '../db/schema/accounts';
import { unsubscribeToken } from './unsubscribe-token';

// Issue 38: RFC 8058's one-click unsubscribe (POST /api/unsubscribe, notifications/routes.ts) as mail
// providers send it (a form body), beside the web page's bodiless POST and JSON.

const AUTH_SECRET = 'one-click-unsubscribe-test-secret-0123456789';
const FORM = 'application/x-www-form-urlencoded';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_SECRET } });
});
afterAll(() => t?.close());

const notifyEmail = async (user: TestUser) =>
  (await t.database.db.select({ notifyEmail: users.notifyEmail }).from(users).where(eq(users.id, user.id)))[0]!.notifyEmail;
const urlOf = (user: TestUser) => `/api/unsubscribe?token=${unsubscribeToken(AUTH_SECRET, user.id)}`;
const post = (url: string, payload?: string, contentType?: string) =>
  t.app.inject({ method: 'POST', url, ...(payload !== undefined ? { payload } : {}), headers: contentType ? { 'content-type': contentType } : {} });

describe('POST /api/unsubscribe', () => {
  it("turns email alerts off with Gmail's exact one-click request", async () => {
    const donor = await registerUser(t.app);
    expect(await notifyEmail(donor)).toBe(true);
    // What Gmail sends (RFC 8058 section 3.1): the List-Unsubscribe URL, this body, this type.
    const res = await t.app.inject({
      method: 'POST',
      url: urlOf(donor),
      headers: { 'content-type': FORM, 'user-agent': 'Mozilla/5.0 (compatible; Google-List-Unsubscribe)' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ email: false });
    expect(await notifyEmail(donor)).toBe(false);
  });

  it('takes the form type with a charset, and the same body again (already off)', async () => {
    const donor = await registerUser(t.app);
    expect((await post(urlOf(donor), 'List-Unsubscribe=One-Click', `${FORM}; charset=UTF-8`)).statusCode).toBe(200);
    expect((await post(urlOf(donor), 'List-Unsubscribe=One-Click', FORM)).statusCode).toBe(200);
    expect(await notifyEmail(donor)).toBe(false);
  });

  it('answers 400 to any other form body, and leaves the alerts on', async () => {
    const donor = await registerUser(t.app);
    for (const body of ['', 'List-Unsubscribe=Yes', 'list-unsubscribe=One-Click', 'foo=bar', 'List-Unsubscribe=One-Click&also=this', 'List-Unsubscribe=One-Click&List-Unsubscribe=One-Click']) {
      const res = await post(urlOf(donor), body, FORM);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(errorBody(res).message).toBe('A one-click unsubscribe sends List-Unsubscribe=One-Click');
    }
    expect((await post(urlOf(donor), 'x'.repeat(5000), FORM)).statusCode).toBe(413);
    expect(await notifyEmail(donor)).toBe(true);
  });

  it('still needs a valid token with the right body', async () => {
    const donor = await registerUser(t.app);
    const noToken = await post('/api/unsubscribe', 'List-Unsubscribe=One-Click', FORM);
    expect(noToken.statusCode).toBe(400);
    expect(errorBody(noToken).code).toBe('VALIDATION_ERROR');
    const forged = await post('/api/unsubscribe?token=forged.token', 'List-Unsubscribe=One-Click', FORM);
    expect(forged.statusCode).toBe(400);
    expect(errorBody(forged).message).toBe('This unsubscribe link is not valid');
    // Someone else's token made with another secret names nobody.
    const other = `/api/unsubscribe?token=${unsubscribeToken('another-secret-of-enough-length-0123456789', donor.id)}`;
    expect((await post(other, 'List-Unsubscribe=One-Click', FORM)).statusCode).toBe(400);
    expect(await notifyEmail(donor)).toBe(true);
  });

  it('keeps the web page\'s bodiless POST and JSON working; a wrong JSON body is 400', async () => {
    const a = await registerUser(t.app);
    const bare = await post(urlOf(a));
    expect(bare.statusCode, bare.body).toBe(200);
    expect(await notifyEmail(a)).toBe(false);
    const b = await registerUser(t.app);
    expect((await post(urlOf(b), JSON.stringify({ 'List-Unsubscribe': 'One-Click' }), 'application/json')).statusCode).toBe(200);
    expect(await notifyEmail(b)).toBe(false);
    const c = await registerUser(t.app);
    expect((await post(urlOf(c), JSON.stringify({}), 'application/json')).statusCode).toBe(200);
    const d = await registerUser(t.app);
    expect((await post(urlOf(d), JSON.stringify({ 'List-Unsubscribe': 'Now' }), 'application/json')).statusCode).toBe(400);
    expect((await post(urlOf(d), JSON.stringify({ unsubscribe: true }), 'application/json')).statusCode).toBe(400);
    expect(await notifyEmail(d)).toBe(true);
    expect((await post(urlOf(d), '<x/>', 'application/xml')).statusCode).toBe(415);
  });

  it('accepts the form type on this route only', async () => {
    const res = await post('/api/users', 'name=x&email=y', FORM);
    expect(res.statusCode).toBe(415);
    expect(errorBody(res).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('is described with both body types in the API description', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: { required?: boolean; content: Record<string, { schema: unknown }> }; description?: string }>>;
    };
    const op = doc.paths['/api/unsubscribe']!.post!;
    expect(Object.keys(op.requestBody!.content).sort()).toEqual(['application/json', FORM]);
    expect(op.requestBody!.required).not.toBe(true);
    expect(JSON.stringify(op.requestBody!.content[FORM]!.schema)).toContain('One-Click');
    expect(op.description).toMatch(/RFC 8058/);
  });
});
