import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_CONTENT_LIMITS, type BlogStatus } from '../../shared/blogs/model';
import { BLOG_CONTENT_MESSAGES, BLOG_MESSAGES } from '../../shared/blogs/texts';
import { blogs } from '../db/schema/content';
import { registerUser, type TestUser, uploadImage, userWith } from '../../../test/fixtures';
import { createTestApp, errorBody, type TestApp } from '../../../test/helpers';
import { excerptOf, sanitizeBlogHtml } from './sanitize';

let t: TestApp;
let donor: TestUser;
let volunteer: TestUser;
let admin: TestUser;
let thumbnail: string;

beforeAll(async () => {
  t = await createTestApp();
  donor = await registerUser(t.app);
  volunteer = await userWith(t.app, t.database.db, 'volunteer');
  admin = await userWith(t.app, t.database.db, 'admin');
  thumbnail = await uploadImage(t.app);
});
afterAll(() => t.close());

const call = (opts: InjectOptions) => t.app.inject(opts);
const body = (overrides: Record<string, unknown> = {}) => ({
  blogTitle: 'Why donate blood?',
  content: '<h2>One bag, three lives</h2><p>Every <strong>donation</strong> helps.</p>',
  thumbnail,
  ...overrides,
});
async function create(status: BlogStatus = 'draft', overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await call({ method: 'POST', url: '/api/blog', headers: admin.auth, payload: body(overrides) });
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  const id = (res.json() as { insertedId: string }).insertedId;
  if (status !== 'draft') await t.database.db.update(blogs).set({ status }).where(eq(blogs.id, id));
  return id;
}
const stored = async (id: string) => (await t.database.db.select().from(blogs).where(eq(blogs.id, id)))[0];

describe('POST /api/blog', () => {
  it('creates a draft (whatever the body says), for admins and volunteers', async () => {
    for (const user of [admin, volunteer]) {
      const res = await call({ method: 'POST', url: '/api/blog', headers: user.auth, payload: body({ blogStatus: 'published' }) });
      expect(res.statusCode).toBe(201);
      const row = await stored((res.json() as { insertedId: string }).insertedId);
      expect(row).toMatchObject({ status: 'draft', title: 'Why donate blood?', thumbnail, excerpt: 'One bag, three lives Every donation helps.' });
    }
  });

  it('is refused to donors (403) and the anonymous (401)', async () => {
    const before = (await t.database.db.select().from(blogs)).length;
    expect((await call({ method: 'POST', url: '/api/blog', headers: donor.auth, payload: body() })).statusCode).toBe(403);
    expect((await call({ method: 'POST', url: '/api/blog', payload: body() })).statusCode).toBe(401);
    expect((await t.database.db.select().from(blogs)).length).toBe(before);
  });

  it.each([
    ['thumbnail', { thumbnail: '' }, BLOG_MESSAGES.thumbnailRequired],
    ['blogTitle', { blogTitle: ' ' }, BLOG_MESSAGES.titleRequired],
    ['content', { content: '' }, BLOG_MESSAGES.contentRequired],
    ['content', { content: '<script>alert(1)</script><p> </p>' }, BLOG_MESSAGES.contentRequired],
  ])('refuses a missing %s with the spec message', async (field, override, message) => {
    const res = await call({ method: 'POST', url: '/api/blog', headers: admin.auth, payload: body(override) });
    expect(res.statusCode).toBe(400);
    expect(errorBody(res).issues).toContainEqual({ path: `body.${field}`, message });
  });

  it('refuses a thumbnail that is not one of our uploads', async () => {
    const res = await call({ method: 'POST', url: '/api/blog', headers: admin.auth, payload: body({ thumbnail: 'https://evil.example/x.png' }) });
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /api/blog content bounds (cleaning never stalls the server)', () => {
  const { maxDepth, maxLength, maxUrlLength } = BLOG_CONTENT_LIMITS;
  const count = async () => (await t.database.db.select({ id: blogs.id }).from(blogs)).length;

  it.each([
    ["the issue's 60,000 nested <b> (180 KB)", '<b>'.repeat(60_000) + 'x', BLOG_CONTENT_MESSAGES.tooLong],
    ['nesting past the depth bound within the size bound', '<b>'.repeat(Math.floor(maxLength / 3) - 1) + 'x', BLOG_CONTENT_MESSAGES.tooDeep],
    [`${maxDepth + 1} levels`, `<ul>${'<li><ul>'.repeat(maxDepth / 2)}<li>x</li>${'</ul></li>'.repeat(maxDepth / 2)}</ul>`, BLOG_CONTENT_MESSAGES.tooDeep],
    ['content over the size bound', `<p>${'x'.repeat(maxLength)}</p>`, BLOG_CONTENT_MESSAGES.tooLong],
    ['cleaned content over its size bound', '<a>x</a>'.repeat(4_000), BLOG_CONTENT_MESSAGES.cleanTooLong],
    ['an over-long link', `<p><a href="https://example.org/${'a'.repeat(maxUrlLength)}">x</a></p>`, BLOG_CONTENT_MESSAGES.urlTooLong],
  ])('refuses %s with 400 on body.content and creates nothing', async (_name, content, message) => {
    const before = await count();
    const res = await call({ method: 'POST', url: '/api/blog', headers: admin.auth, payload: body({ content }) });
    expect(res.statusCode).toBe(400);
    expect(errorBody(res).issues).toContainEqual({ path: 'body.content', message });
    expect(await count()).toBe(before);
  });

  it('takes posts at the bounds', async () => {
    const deep = `${'<blockquote>'.repeat(maxDepth - 1)}<p>deep</p>${'</blockquote>'.repeat(maxDepth - 1)}`;
    const long = `<p>${'x'.repeat(maxLength - 7)}</p>`;
    const link = `<p><a href="https://example.org/${'a'.repeat(maxUrlLength - 20)}">x</a></p>`;
    for (const [content, excerpt] of [[deep, 'deep'], [long, 'x'.repeat(100)], [link, 'x']]) {
      const row = await stored(await create('draft', { content }));
      expect(row?.excerpt).toBe(excerpt);
    }
  });

  it('stores the same excerpt as before for an editor post', async () => {
    const content =
      '<h1>Before you donate</h1><ul><li><p>Sleep <strong>well</strong></p></li><li><p>Eat&nbsp;iron &amp; vitamin C</p></li></ul><p>Read <a target="_blank" rel="noopener noreferrer nofollow" href="https://example.org/?a=1&amp;b=2">the &lt;guide&gt;</a>.</p><blockquote><p>Give blood, save lives, every three months, at any of our partner hospitals across the country.</p></blockquote>';
    const row = await stored(await create('draft', { content }));
    // Block ends read as spaces, entities decoded, whitespace (a non-breaking space too) collapsed, 100 characters.
    expect(row?.excerpt).toBe('Before you donate Sleep well Eat iron & vitamin C Read the <guide>. Give blood, save lives, every th');
    expect(row?.content).toContain('<a target="_blank" rel="noopener noreferrer nofollow" href="https://example.org/?a=1&amp;b=2">the &lt;guide&gt;</a>');
  });
});

describe('stored XSS is neutralised', () => {
  const payloads = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<a href="javascript:alert(1)">click</a>',
    '<a href="JaVaScRiPt:alert(1)">click</a>',
    '<a href="&#106;avascript:alert(1)">click</a>',
    '<svg onload=alert(1)><script>alert(2)</script></svg>',
    '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
    '<iframe src="https://evil.example"></iframe>',
    '<p style="background:url(javascript:alert(1))" onclick="alert(1)">hi</p>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '<form action="https://evil.example"><input name=x></form>',
    '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">',
    '<a href="data:text/html,<script>alert(1)</script>">x</a>',
    '<object data="x.swf"></object><embed src="x.swf">',
    '<base href="https://evil.example/">',
    '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  ];

  it.each(payloads)('stores and serves %s without anything executable', async (payload) => {
    const id = await create('published', { content: `<p>Safe text</p>${payload}` });
    const res = await call({ url: `/api/blog?_id=${id}` });
    const content = (res.json() as { content: string }).content;
    for (const html of [content, (await stored(id))!.content]) {
      expect(html).not.toMatch(/<script|<svg|<iframe|<object|<embed|<form|<input|<style|<base|<meta|<math/i);
      expect(html).not.toMatch(/\son\w+\s*=/i);
      expect(html).not.toMatch(/javascript:|data:|vbscript:/i);
      expect(html).not.toMatch(/style=/i);
      expect(html).toContain('<p>Safe text</p>');
    }
  });

  it('keeps the formatting the editor produces', () => {
    const html = '<h1>T</h1><h2>S</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s></p><ul><li>a</li></ul><ol><li>b</li></ol><blockquote>q</blockquote><p><a href="https://example.org">link</a></p>';
    const clean = sanitizeBlogHtml(html);
    expect(clean).toContain('<h1>T</h1>');
    expect(clean).toContain('<strong>b</strong>');
    expect(clean).toContain('<ul><li>a</li></ul>');
    expect(clean).toContain('<a href="https://example.org" rel="noopener noreferrer nofollow" target="_blank">link</a>');
  });

  it('keeps only our own images', () => {
    const own = '/api/images/6f1c1d9e-5f57-4a5e-9d3c-2a1b0c9d8e7f';
    expect(sanitizeBlogHtml(`<p>x</p><img src="${own}" alt="a">`)).toContain(`<img src="${own}" alt="a" />`);
    expect(sanitizeBlogHtml('<p>x</p><img src="https://tracker.example/p.gif">')).toBe('<p>x</p>');
  });

  it('makes a plain-text excerpt of 100 characters', () => {
    expect(excerptOf('<p>a &amp; b</p><p>c&lt;d</p>')).toBe('a & b c<d');
    const long = excerptOf(`<p>${'রক্ত '.repeat(40)}</p>`);
    expect(Array.from(long)).toHaveLength(100);
  });
});

describe('GET /api/blog visibility', () => {
  it('shows published blogs to everyone, in summaries newest first', async () => {
    const older = await create('published', { blogTitle: 'Older' });
    const newer = await create('published', { blogTitle: 'Newer' });
    const draft = await create('draft');
    const res = await call({ url: '/api/blog?status=published&limit=100' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { _id: string; blogStatus: string; excerpt: string; content?: string }[];
    const ids = list.map((b) => b._id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(ids).not.toContain(draft);
    expect(list.every((b) => b.blogStatus === 'published' && b.content === undefined)).toBe(true);
    expect(Number(res.headers['x-total-count'])).toBe(list.length);
  });

  it('hides unpublished blogs from the public and donors (404 by id, 401/403 for lists)', async () => {
    for (const status of ['draft', 'unpublish'] as const) {
      const id = await create(status);
      expect((await call({ url: `/api/blog?_id=${id}` })).statusCode).toBe(404);
      expect((await call({ url: `/api/blog?_id=${id}`, headers: donor.auth })).statusCode).toBe(404);
      expect((await call({ url: `/api/blog?_id=${id}`, headers: volunteer.auth })).statusCode).toBe(200);
      expect((await call({ url: `/api/blog?_id=${id}`, headers: admin.auth })).statusCode).toBe(200);
      expect((await call({ url: `/api/blog?status=${status}` })).statusCode).toBe(401);
      expect((await call({ url: `/api/blog?status=${status}`, headers: donor.auth })).statusCode).toBe(403);
    }
    expect((await call({ url: '/api/blog' })).statusCode).toBe(401);
    expect((await call({ url: '/api/blog', headers: donor.auth })).statusCode).toBe(403);
  });

  it('gives admins and volunteers every blog', async () => {
    const draft = await create('draft');
    for (const user of [admin, volunteer]) {
      const res = await call({ url: '/api/blog?limit=100', headers: user.auth });
      expect(res.statusCode).toBe(200);
      expect((res.json() as { _id: string }[]).map((b) => b._id)).toContain(draft);
    }
  });

  it('answers a published blog by id in full', async () => {
    const id = await create('published');
    const res = await call({ url: `/api/blog?_id=${id}` });
    expect(res.json()).toMatchObject({ _id: id, blogTitle: 'Why donate blood?', thumbnail, blogStatus: 'published', content: expect.stringContaining('<h2>') });
  });

  it.each([
    ['a malformed id', '/api/blog?_id=42'],
    ['an unknown status', '/api/blog?status=archived'],
    ['both id and status', '/api/blog?status=published&_id=6f1c1d9e-5f57-4a5e-9d3c-2a1b0c9d8e7f'],
  ])('refuses %s with 400', async (_name, url) => {
    const res = await call({ url, headers: admin.auth });
    expect(res.statusCode).toBe(400);
    errorBody(res);
  });

  it('answers 404 for an unknown id', async () => {
    expect((await call({ url: '/api/blog?_id=6f1c1d9e-5f57-4a5e-9d3c-2a1b0c9d8e7f', headers: admin.auth })).statusCode).toBe(404);
  });

  it('answers 401 for a bad token even on the public list', async () => {
    expect((await call({ url: '/api/blog?status=published', headers: { authorization: 'Bearer bad' } })).statusCode).toBe(401);
  });
});

describe('PATCH /api/blog?status=&&id= (admin)', () => {
  const statuses: BlogStatus[] = ['draft', 'published', 'unpublish'];
  const allowed: Record<BlogStatus, BlogStatus> = { draft: 'published', published: 'unpublish', unpublish: 'draft' };

  it('allows exactly draft -> published -> unpublish -> draft', async () => {
    for (const from of statuses) {
      for (const to of statuses) {
        const id = await create(from);
        const res = await call({ method: 'PATCH', url: `/api/blog?status=${to}&&id=${id}`, headers: admin.auth });
        const ok = allowed[from] === to;
        expect([from, to, res.statusCode]).toEqual([from, to, ok ? 200 : 409]);
        if (ok) expect(res.json()).toEqual({ matchedCount: 1 });
        expect((await stored(id))?.status).toBe(ok ? to : from);
      }
    }
  });

  it('is for admins only: volunteers can write but not publish', async () => {
    const id = await create('draft');
    expect((await call({ method: 'PATCH', url: `/api/blog?status=published&&id=${id}`, headers: volunteer.auth })).statusCode).toBe(403);
    expect((await call({ method: 'PATCH', url: `/api/blog?status=published&&id=${id}`, headers: donor.auth })).statusCode).toBe(403);
    expect((await call({ method: 'PATCH', url: `/api/blog?status=published&&id=${id}` })).statusCode).toBe(401);
    expect((await stored(id))?.status).toBe('draft');
  });

  it('answers 404 for an unknown blog and 400 for bad params', async () => {
    expect((await call({ method: 'PATCH', url: '/api/blog?status=published&&id=6f1c1d9e-5f57-4a5e-9d3c-2a1b0c9d8e7f', headers: admin.auth })).statusCode).toBe(404);
    for (const url of ['/api/blog?status=published', '/api/blog?status=live&&id=6f1c1d9e-5f57-4a5e-9d3c-2a1b0c9d8e7f', '/api/blog?status=draft&&id=1']) {
      expect((await call({ method: 'PATCH', url, headers: admin.auth })).statusCode).toBe(400);
    }
  });
});

describe('DELETE /api/blog?id= (admin)', () => {
  it('deletes for admins only', async () => {
    const id = await create('published');
    for (const [headers, code] of [[donor.auth, 403], [volunteer.auth, 403], [{}, 401]] as const) {
      expect((await call({ method: 'DELETE', url: `/api/blog?id=${id}`, headers })).statusCode).toBe(code);
    }
    expect(await stored(id)).toBeDefined();
    const res = await call({ method: 'DELETE', url: `/api/blog?id=${id}`, headers: admin.auth });
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect(await stored(id)).toBeUndefined();
    expect((await call({ method: 'DELETE', url: `/api/blog?id=${id}`, headers: admin.auth })).statusCode).toBe(404);
    expect((await call({ method: 'DELETE', url: '/api/blog?id=nope', headers: admin.auth })).statusCode).toBe(400);
  });
});
