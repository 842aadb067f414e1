// Blogs' API shapes. Statuses and bounds: model.ts; messages: texts.ts; who may do what: policy.ts.

import { z } from 'zod';
import { BLOG_CONTENT_LIMITS, BLOG_STATUSES } from './model';
import { BLOG_CONTENT_MESSAGES, BLOG_MESSAGES } from './texts';
import { ownImageUrlSchema } from '../users/schemas';
import { API_MESSAGES } from '../api/texts';

/** POST /blog: status is always draft at first, whatever the body says. */
export const createBlogSchema = z.object({
  blogTitle: z.string({ error: BLOG_MESSAGES.titleRequired }).trim().min(1, BLOG_MESSAGES.titleRequired).max(200, API_MESSAGES.atMostCharacters(200)),
  // Rich text as HTML; the server keeps only an allow-list of tags and attributes.
  content: z
    .string({ error: BLOG_MESSAGES.contentRequired })
    .trim()
    .min(1, BLOG_MESSAGES.contentRequired)
    .max(BLOG_CONTENT_LIMITS.maxLength, BLOG_CONTENT_MESSAGES.tooLong),
  thumbnail: ownImageUrlSchema(BLOG_MESSAGES.thumbnailRequired),
});
export type CreateBlogInput = z.input<typeof createBlogSchema>;

/** PATCH /blog/{id} (issue 38): the same three fields, all given (the edit form is prefilled); the status is kept. */
export const updateBlogSchema = createBlogSchema;
export type UpdateBlogInput = z.input<typeof updateBlogSchema>;

export const blogIdParamsSchema = z.object({ id: z.uuid('Not a blog id') });

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
