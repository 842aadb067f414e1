import { z } from 'zod';
import { BLOG_MESSAGES } from './blog-rules';
import { ownImageUrlSchema } from './users';

export const BLOG_STATUSES = ['draft', 'published', 'unpublish'] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];

/** The status moves and who may do what live in the policy module (decision 026). */
export { BLOG_TRANSITIONS, nextBlogStatus } from './blog-policy';

export { BLOG_EXCERPT_LENGTH } from './blog-rules';

export { BLOG_MESSAGES } from './blog-rules';

/**
 * Bounds on a post's HTML, so that cleaning one stays well under 100 ms whatever its shape
 * (bench/sanitize.ts measures the worst shapes at these bounds). Posts from the editor are far
 * inside them: its deepest markup (lists in lists with formatting) is about 10 to 20 levels.
 */
export const BLOG_CONTENT_LIMITS = {
  /** Characters of HTML as sent (about 15,000 words of formatted text). */
  maxLength: 100_000,
  /** Elements open inside one another at any point. */
  maxDepth: 32,
  /** Characters of one link or picture address (`href`, `src`). */
  maxUrlLength: 2_048,
  /** Characters of the cleaned HTML that is stored (links gain rel and target when cleaned). */
  maxCleanLength: 200_000,
} as const;

const count = (n: number) => n.toLocaleString('en-US');

/** What the editor shows under the content field when a post is past one of those bounds. */
export const BLOG_CONTENT_MESSAGES = {
  tooLong: `The content is too long (at most ${count(BLOG_CONTENT_LIMITS.maxLength)} characters of HTML)`,
  tooDeep: `The content is nested too deeply (at most ${BLOG_CONTENT_LIMITS.maxDepth} levels of lists, quotes and formatting inside one another; often tags opened and never closed)`,
  urlTooLong: `A link or picture address in the content is too long (at most ${count(BLOG_CONTENT_LIMITS.maxUrlLength)} characters)`,
  cleanTooLong: `The content is too long once cleaned (at most ${count(BLOG_CONTENT_LIMITS.maxCleanLength)} characters of HTML)`,
} as const;

/** POST /blog: status is always draft at first, whatever the body says. */
export const createBlogSchema = z.object({
  blogTitle: z.string({ error: BLOG_MESSAGES.titleRequired }).trim().min(1, BLOG_MESSAGES.titleRequired).max(200, 'At most 200 characters'),
  // Rich text as HTML; the server keeps only an allow-list of tags and attributes.
  content: z
    .string({ error: BLOG_MESSAGES.contentRequired })
    .trim()
    .min(1, BLOG_MESSAGES.contentRequired)
    .max(BLOG_CONTENT_LIMITS.maxLength, BLOG_CONTENT_MESSAGES.tooLong),
  thumbnail: ownImageUrlSchema(BLOG_MESSAGES.thumbnailRequired),
});
export type CreateBlogInput = z.input<typeof createBlogSchema>;

/** A blog in a list: no content, a plain-text excerpt instead (cards show 100 characters). */
export const blogSummarySchema = z.object({
  _id: z.string(),
  blogTitle: z.string(),
  thumbnail: z.string(),
  blogStatus: z.enum(BLOG_STATUSES),
  excerpt: z.string(),
  createdAt: z.string(),
});
export const blogSchema = blogSummarySchema.extend({ content: z.string() });
export type BlogSummary = z.infer<typeof blogSummarySchema>;
export type Blog = z.infer<typeof blogSchema>;

/** GET /blog?status=... or GET /blog?_id=... */
export const blogQuerySchema = z.object({
  status: z.enum(BLOG_STATUSES).optional(),
  _id: z.uuid('Not a blog id').optional(),
});

export const changeBlogQuerySchema = z.object({
  id: z.uuid('Not a blog id'),
  status: z.enum(BLOG_STATUSES),
});
