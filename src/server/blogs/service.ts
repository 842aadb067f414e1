import { count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { BLOG_MESSAGES } from '../../shared/blogs/texts';
import type { Blog, BlogSummary, createBlogSchema, updateBlogSchema } from '../../shared/blogs/schemas';
import type { BlogStatus } from '../../shared/blogs/model';
import { allowedFrom, can, refusal } from '../../shared/blogs/policy';
import type { Pagination } from '../../shared/api/schemas';
import { BLOCKED_MESSAGE, type CurrentUser } from '../auth/guard';
import type { Db } from '../db/client';
import { blogs } from '../db/schema/content';
import { badRequest, forbidden, HttpError, notFound } from '../errors';
import { checkOwnImage } from '../images/service';
import { type AuditContext, recordAudit } from '../audit/service';
import type { BlogCache } from './cache';
import { BlogContentError, prepareBlogContent } from './sanitize';

type Row = typeof blogs.$inferSelect;

export function toBlogSummary(row: Pick<Row, 'id' | 'title' | 'thumbnail' | 'status' | 'excerpt' | 'createdAt'>): BlogSummary {
  return {
    _id: row.id,
    blogTitle: row.title,
    thumbnail: row.thumbnail,
    blogStatus: row.status,
    excerpt: row.excerpt,
    createdAt: row.createdAt.toISOString(),
  };
}
export const toBlog = (row: Row): Blog => ({ ...toBlogSummary(row), content: row.content });

/** The post's content cleaned once, with its excerpt; 400 on `body.content` past the bounds or with nothing to read. */
function cleanContent(html: string): { content: string; excerpt: string } {
  let message: string = BLOG_MESSAGES.contentRequired;
  try {
    const prepared = prepareBlogContent(html);
    if (prepared !== 'empty') return prepared;
  } catch (error) {
    if (!(error instanceof BlogContentError)) throw error;
    message = error.message;
  }
  throw badRequest(message, [{ path: 'body.content', message }]);
}

/** Admins and volunteers write blogs; a new blog is always a draft. */
export async function createBlog(db: Db, publicUrl: string, author: CurrentUser, input: z.output<typeof createBlogSchema>): Promise<string> {
  const { content, excerpt } = cleanContent(input.content);
  const thumbnail = await checkOwnImage(db, input.thumbnail, publicUrl, 'thumbnail');
  const [row] = await db
    .insert(blogs)
    .values({ title: input.blogTitle, content, excerpt, thumbnail, status: 'draft', authorId: author.id })
    .returning({ id: blogs.id });
  return row!.id;
}

const summaryColumns = {
  id: blogs.id,
  title: blogs.title,
  thumbnail: blogs.thumbnail,
  status: blogs.status,
  excerpt: blogs.excerpt,
  createdAt: blogs.createdAt,
};

export async function listBlogs(db: Db, status: BlogStatus | undefined, p: Pagination) {
  const where = status ? eq(blogs.status, status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(blogs)
      .where(where)
      .orderBy(desc(blogs.createdAt), desc(blogs.id))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit),
    db.select({ n: count() }).from(blogs).where(where),
  ]);
  return { rows: rows.map(toBlogSummary), total: total?.n ?? 0 };
}

/** The public list (published blogs): the same for every reader, so read through a short-lived cache. */
export function listPublishedBlogs(db: Db, cache: BlogCache, p: Pagination) {
  return cache.published(p, () => listBlogs(db, 'published', p));
}

/** One blog (policy row `read`): published ones for everyone; drafts and unpublished ones only for staff (404 otherwise). */
export async function getBlog(db: Db, viewer: CurrentUser | undefined, id: string): Promise<Blog> {
  const [row] = await db.select().from(blogs).where(eq(blogs.id, id)).limit(1);
  if (!row || !can(viewer, 'read', { status: row.status })) throw notFound(BLOG_MESSAGES.notFound);
  return toBlog(row);
}

/**
 * PATCH /blog/{id} (issue 38, policy row `edit`): a new title, content and thumbnail, cleaned and
 * checked as at creation; the status is kept. Admins edit any post, volunteers those not
 * published. Returns 0 when nothing changed; the change and its audit row commit together.
 */
export async function updateBlog(db: Db, publicUrl: string, actor: CurrentUser, id: string, input: z.output<typeof updateBlogSchema>, audit: AuditContext): Promise<number> {
  const [current] = await db.select({ status: blogs.status, thumbnail: blogs.thumbnail }).from(blogs).where(eq(blogs.id, id)).limit(1);
  if (!current) throw notFound(BLOG_MESSAGES.notFound);
  refuseEdit(actor, current.status);
  const { content, excerpt } = cleanContent(input.content);
  // The thumbnail it has is kept as it is; a new one must be a picture uploaded here.
  const thumbnail = input.thumbnail === current.thumbnail ? current.thumbnail : await checkOwnImage(db, input.thumbnail, publicUrl, 'thumbnail');
  const next = { title: input.blogTitle, content, excerpt, thumbnail };
  return db.transaction(async (tx) => {
    // Read again under the row's lock: the post may have been deleted, or published, meanwhile.
    const [before] = await tx.select().from(blogs).where(eq(blogs.id, id)).for('update');
    if (!before) throw notFound(BLOG_MESSAGES.notFound);
    refuseEdit(actor, before.status);
    if (before.title === next.title && before.content === next.content && before.thumbnail === next.thumbnail) return 0;
    await tx.update(blogs).set({ ...next, updatedAt: new Date() }).where(eq(blogs.id, id));
    // Titles and thumbnails as they were and became; the content (up to 200,000 characters) only as "edited".
    await recordAudit(tx, audit, {
      action: 'blog.edit',
      targetType: 'blog',
      targetId: id,
      before: { title: before.title, thumbnail: before.thumbnail },
      after: { title: next.title, thumbnail: next.thumbnail, ...(before.content !== next.content && { content: 'edited' }) },
    });
    return 1;
  });
}

function refuseEdit(actor: CurrentUser, status: BlogStatus): void {
  const why = refusal(actor, 'edit', { status });
  if (why === null) return;
  throw forbidden(why === 'status' ? BLOG_MESSAGES.publishedAdminsOnly : BLOCKED_MESSAGE);
}

/** Admin (the route's guard: policy row `changeStatus`): only the one move the transition table offers from the current status. */
export async function changeBlogStatus(db: Db, id: string, to: BlogStatus, audit: AuditContext): Promise<number> {
  const moved = await db.transaction(async (tx) => {
    // The status before the move, read under the row's lock, for the audit row written with it (issue 17).
    const [before] = await tx.select({ status: blogs.status }).from(blogs).where(eq(blogs.id, id)).for('update');
    if (!before || !allowedFrom(to).includes(before.status)) return false;
    await tx.update(blogs).set({ status: to, updatedAt: new Date() }).where(eq(blogs.id, id));
    await recordAudit(tx, audit, { action: 'blog.status', targetType: 'blog', targetId: id, before: { status: before.status }, after: { status: to } });
    return true;
  });
  if (moved) return 1;
  const [exists] = await db.select({ id: blogs.id }).from(blogs).where(eq(blogs.id, id));
  if (!exists) throw notFound(BLOG_MESSAGES.notFound);
  throw new HttpError(409, BLOG_MESSAGES.invalidTransition, 'INVALID_TRANSITION');
}

export async function deleteBlog(db: Db, id: string, audit: AuditContext): Promise<number> {
  return db.transaction(async (tx) => {
    const [deleted] = await tx.delete(blogs).where(eq(blogs.id, id)).returning({ status: blogs.status, title: blogs.title });
    if (!deleted) throw notFound(BLOG_MESSAGES.notFound);
    await recordAudit(tx, audit, { action: 'blog.delete', targetType: 'blog', targetId: id, before: { status: deleted.status, title: deleted.title } });
    return 1;
  });
}
