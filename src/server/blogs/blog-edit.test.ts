import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_CONTENT_LIMITS, type BlogStatus } from '../../shared/blogs/model';
import { BLOG_CONTENT_MESSAGES, BLOG_MESSAGES } from '../../shared/blogs/texts';
import type { BlogSummary } from '../../shared/blogs/schemas';
import { auditLog } from '../db/schema/accounts';
import { blogs } from '../db/schema/content';
import { registerUser, type TestUser, uploadImage, userWith } from '../../../test/fixtures';
import { createTestApp, errorBody, type TestApp } from '../../../test/helpers';

// Content Management (issue 38): PATCH /api/blog/{id} edits a post's title, content and
// thumbnail, keeping its status. The public list is cached here (a minute), as in production.

let t: TestApp;
let donor: TestUser;
let volunteer: TestUser;
let admin: TestUser;
let blockedAdmin: TestUser;
let blockedVolunteer: TestUser;
let thumbnail: string;
let newThumbnail: string;

beforeAll(async () => {
  t = await createTestApp({ env: { LIST_CACHE_TTL_MS: '60000' } });
  donor = await registerUser(t.app);
  volunteer = await userWith(t.app, t.database.db, 'volunteer');
  admin = await userWith(t.app, t.database.db, 'admin');
  blockedAdmin = await userWith(t.app, t.database.db, 'admin', 'blocked');
  blockedVolunteer = await userWith(t.app, t.database.db, 'volunteer', 'blocked');
  thumbnail = await uploadImage(t.app);
  newThumbnail = await uploadImage(t.app);
});
afterAll(() => t.close());

const call = (opts: InjectOptions) => t.app.inject(opts);
const original = { blogTitle: 'Why donate blood?', content: '<p>Every <strong>donation</strong> helps.</p>' };
const edit = (overrides: Record<string, unknown> = {}) => ({
  blogTitle: 'Why give blood twice a year',
  content: '<h2>Safe</h2><p>It is <em>safe</em>.</p><script>alert(1)</script><img src="x" onerror="alert(2)">',
  thumbnail: newThumbnail,
  ...overrides,
});
async function create(status: BlogStatus): Promise<string> {
  const res = await call({ method: 'POST', url: '/api/blog', headers: admin.auth, payload: { ...original, thumbnail } });
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  const id = (res.json() as { insertedId: string }).insertedId;
  if (status !== 'draft') await t.database.db.update(blogs).set({ status }).where(eq(blogs.id, id));
  return id;
}
const stored = async (id: string) => (await t.database.db.select().from(blogs).where(eq(blogs.id, id)))[0]!;
const patch = (id: string, who: TestUser | null, payload: object = edit()) =>
  call({ method: 'PATCH', url: `/api/blog/${id}`, ...(who && { headers: who.auth }), payload });
const auditRows = (id: string) => t.database.db.select().from(auditLog).where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'blog.edit')));
const publishedTitles = async () => {
  const res = await call({ url: '/api/blog?status=published&limit=100' });
  expect(res.statusCode).toBe(200);
  return (res.json() as BlogSummary[]).map((b) => b.blogTitle);
};

describe('PATCH /api/blog/{id}', () => {
  it('lets an admin edit a published post: cleaned like a new one, status kept, audited, public list fresh at once', async () => {
    const id = await create('published');
    // The public list is read (and cached) before the edit: a change behind the API's back does not show.
    expect(await publishedTitles()).toContain(original.blogTitle);
    await t.database.db.update(blogs).set({ title: 'Changed behind the cache' }).where(eq(blogs.id, id));
    expect(await publishedTitles()).toContain(original.blogTitle);
    await t.database.db.update(blogs).set({ title: original.blogTitle }).where(eq(blogs.id, id));

    const res = await patch(id, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ modifiedCount: 1 });
    const row = await stored(id);
    expect(row).toMatchObject({ status: 'published', title: 'Why give blood twice a year', thumbnail: newThumbnail, excerpt: 'Safe It is safe.' });
    expect(row.content).toContain('<em>safe</em>');
    expect(row.content).not.toMatch(/script|onerror|alert/);

    const titles = await publishedTitles();
    expect(titles).toContain('Why give blood twice a year');
    expect(titles).not.toContain(original.blogTitle);

    const [entry, ...more] = await auditRows(id);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      actorId: admin.id,
      targetType: 'blog',
      before: { title: original.blogTitle, thumbnail },
      after: { title: 'Why give blood twice a year', thumbnail: newThumbnail, content: 'edited' },
    });
  });

  it('keeps a draft a draft and an unpublished post unpublished, for volunteers too', async () => {
    for (const [status, who] of [['draft', volunteer], ['unpublish', volunteer], ['draft', admin], ['unpublish', admin]] as const) {
      const id = await create(status);
      const res = await patch(id, who, edit({ blogTitle: `Edited ${status}` }));
      expect(res.statusCode, `${status} by ${who.email}`).toBe(200);
      expect(await stored(id)).toMatchObject({ status, title: `Edited ${status}` });
    }
  });

  it('keeps the thumbnail it has, and answers 0 with no audit row when nothing changed', async () => {
    const id = await create('draft');
    const same = await patch(id, admin, { ...original, thumbnail });
    expect(same.json()).toEqual({ modifiedCount: 0 });
    expect(await auditRows(id)).toHaveLength(0);
    // Only the title changes: the thumbnail stays, the content is not marked edited.
    expect((await patch(id, admin, { ...original, blogTitle: 'New title', thumbnail })).json()).toEqual({ modifiedCount: 1 });
    const [entry] = await auditRows(id);
    expect(entry?.after).toEqual({ title: 'New title', thumbnail });
  });

  it.each([
    ['blogTitle', { blogTitle: '  ' }, BLOG_MESSAGES.titleRequired],
    ['blogTitle', { blogTitle: 'x'.repeat(201) }, 'At most 200 characters'],
    ['content', { content: '' }, BLOG_MESSAGES.contentRequired],
    ['content', { content: '<script>alert(1)</script><p> </p>' }, BLOG_MESSAGES.contentRequired],
    ['content', { content: 'x'.repeat(BLOG_CONTENT_LIMITS.maxLength + 1) }, BLOG_CONTENT_MESSAGES.tooLong],
    ['thumbnail', { thumbnail: '' }, BLOG_MESSAGES.thumbnailRequired],
    ['thumbnail', { thumbnail: 'https://evil.example/x.png' }, 'Upload the picture with the picture picker'],
  ])('refuses a bad %s with 400 and changes nothing', async (field, override, message) => {
    const id = await create('published');
    const before = await stored(id);
    const res = await patch(id, admin, edit(override));
    expect(res.statusCode).toBe(400);
    expect(errorBody(res).issues).toContainEqual({ path: `body.${field}`, message });
    expect(await stored(id)).toEqual(before);
  });

  it('refuses a picture that was never uploaded here with 400', async () => {
    const id = await create('draft');
    const res = await patch(id, admin, edit({ thumbnail: newThumbnail.replace(/[0-9a-f]{8}-/i, '00000000-') }));
    expect(res.statusCode).toBe(400);
    expect(errorBody(res).issues).toContainEqual({ path: 'body.thumbnail', message: 'Unknown picture' });
  });

  it('answers 400 for an id that is not a blog id and 404 for a blog that does not exist', async () => {
    const bad = await patch('not-a-uuid', admin);
    expect(bad.statusCode).toBe(400);
    errorBody(bad);
    const missing = await patch('00000000-0000-4000-8000-000000000000', admin);
    expect(missing.statusCode).toBe(404);
    expect(errorBody(missing).message).toBe(BLOG_MESSAGES.notFound);
  });

  it('refuses a volunteer a published post (403), and donors, blocked staff and the anonymous any post', async () => {
    const published = await create('published');
    const draft = await create('draft');
    const before = { published: await stored(published), draft: await stored(draft) };

    const volunteerOnPublished = await patch(published, volunteer);
    expect(volunteerOnPublished.statusCode).toBe(403);
    expect(errorBody(volunteerOnPublished).message).toBe(BLOG_MESSAGES.publishedAdminsOnly);

    for (const who of [donor, blockedAdmin, blockedVolunteer]) {
      const res = await patch(draft, who);
      expect(res.statusCode, who.email).toBe(403);
      errorBody(res);
    }
    const anonymous = await patch(draft, null);
    expect(anonymous.statusCode).toBe(401);
    errorBody(anonymous);

    expect(await stored(published)).toEqual(before.published);
    expect(await stored(draft)).toEqual(before.draft);
    expect(await auditRows(published)).toHaveLength(0);
    expect(await auditRows(draft)).toHaveLength(0);
  });
});
