import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogs } from '../db/schema/content';
import { type TestUser, uploadImage, userWith } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helpers';

// The blog pages' HTML announces what their first paint needs (blogs/page-hints.ts): the real app
// on its own database, serving a built index.html from a temporary folder.

let t: TestApp;
let admin: TestUser;
let webDir: string;

beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bd-hints-'));
  await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><html><head><title>x</title></head><body></body></html>');
  t = await createTestApp({ webDir });
  admin = await userWith(t.app, t.database.db, 'admin');
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

async function blog(status: 'draft' | 'published') {
  const thumbnail = await uploadImage(t.app);
  const res = await t.app.inject({ method: 'POST', url: '/api/blog', headers: admin.auth, payload: { blogTitle: 'A post', content: '<p>Text</p>', thumbnail } });
  const id = (res.json() as { insertedId: string }).insertedId;
  if (status === 'published') await t.database.db.update(blogs).set({ status }).where(eq(blogs.id, id));
  return { id, thumbnail };
}

/** The page's HTML (always a 200 page) and the preloads in its head. */
async function hints(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  return [...res.body.matchAll(/<link rel="preload" as="(\w+)" href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]!.replaceAll('&amp;', '&')}`);
}

const LIST = 'fetch /api/blog?status=published&page=1&limit=9';

describe('the HTML of /blog and /viewBlog/:id', () => {
  // One test: what /blog announces depends on every blog published so far in this file's database.
  it("/blog announces page 1's list and the newest published blog's picture; other pages of it nothing", async () => {
    await blog('draft');
    expect(await hints('/blog')).toEqual([LIST]); // no published blog yet: the list only
    await blog('published');
    const newest = await blog('published');
    await blog('draft'); // newer still, but not on the public list
    expect(await hints('/blog')).toEqual([LIST, `image ${newest.thumbnail}`]);
    expect(await hints('/blog?page=1')).toEqual([LIST, `image ${newest.thumbnail}`]);
    expect(await hints('/blog/')).toEqual([LIST, `image ${newest.thumbnail}`]);
    expect(await hints('/blog?page=2')).toEqual([]);
    expect(await hints('/blog?page=%22%3E%3Cscript%3E')).toEqual([]);
  });

  it("/viewBlog/:id announces a published post's picture, and nothing for drafts, unknown ids or junk", async () => {
    const published = await blog('published');
    const draft = await blog('draft');
    expect(await hints(`/viewBlog/${published.id}`)).toEqual([`image ${published.thumbnail}`]);
    expect(await hints(`/viewBlog/${draft.id}`)).toEqual([]);
    expect(await hints('/viewBlog/00000000-0000-4000-8000-000000000000')).toEqual([]);
    expect(await hints('/viewBlog/not-an-id')).toEqual([]);
    expect(await hints("/viewBlog/'%20OR%201=1")).toEqual([]);
  });

  it('other pages announce nothing', async () => {
    for (const url of ['/', '/allRequest', '/login', '/dashboard/profile']) expect(await hints(url)).toEqual([]);
  });
});
