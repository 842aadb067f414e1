import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deletedCountSchema, insertedIdSchema, matchedCountSchema, modifiedCountSchema, paginationQuerySchema, TOTAL_COUNT_HEADER } from '../../shared/api/schemas';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { blogIdParamsSchema, blogQuerySchema, blogSchema, blogSummarySchema, changeBlogQuerySchema, createBlogSchema, updateBlogSchema } from '../../shared/blogs/schemas';
import { rolesOf } from '../../shared/access/policy';
import { BLOG_RULES, can } from '../../shared/blogs/policy';
import type { AppDeps } from '../deps';
import { auditContextOf } from '../audit/service';
import { BLOCKED_MESSAGE, currentUser } from '../auth/guard';
import { badRequest, forbidden, unauthorized } from '../errors';
import { changeBlogStatus, createBlog, deleteBlog, getBlog, listBlogs, listPublishedBlogs, updateBlog } from './service';
import { BLOG_MESSAGES } from '../../shared/blogs/texts';

export const blogRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, guards } = deps;
  // Every successful write here is a blog write (the caches it changes: blogs/cache.ts).
  app.addHook('onSend', deps.caches.writes.clearAfterWrites('blogs'));

  // ?status=published (public), ?_id=ID (public when published), or the whole list (staff).
  app.get(
    ENDPOINTS.blogs.pattern,
    {
      preHandler: guards.optionalUser,
      schema: {
        querystring: blogQuerySchema.extend(paginationQuerySchema.shape),
        response: { 200: z.union([blogSchema, z.array(blogSummarySchema)]) },
      },
    },
    async (request, reply) => {
      const { _id, status, page, limit } = request.query;
      const viewer = request.currentUser;
      if (_id !== undefined) {
        if (status !== undefined) throw badRequest(BLOG_MESSAGES.idOrStatus);
        return getBlog(db, viewer, _id);
      }
      // Policy row `read`: no status asks for every status.
      if (!can(viewer, 'read', { status })) {
        if (!viewer) throw unauthorized(BLOG_MESSAGES.publishedOnly);
        throw forbidden(viewer.status === 'active' ? 'Only admins and volunteers see unpublished blogs' : BLOCKED_MESSAGE);
      }
      // The public list is cached briefly; staff lists are not.
      const { rows, total } = status === 'published' ? await listPublishedBlogs(db, deps.caches.blogs, { page, limit }) : await listBlogs(db, status, { page, limit });
      void reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows;
    },
  );

  app.post(
    ENDPOINTS.createBlog.pattern,
    { preHandler: guards.requireRole(...rolesOf(BLOG_RULES.create)), schema: { body: createBlogSchema, response: { 201: insertedIdSchema } } },
    async (request, reply) => {
      const id = await createBlog(db, deps.config.publicUrl, currentUser(request), request.body);
      return reply.status(201).send({ insertedId: id });
    },
  );

  // PATCH /blog/{id}: a post's title, content and thumbnail, its status kept (issue 38). The guard
  // lets staff in; the policy row refuses a volunteer a published post (403).
  app.patch(
    ENDPOINTS.updateBlog.pattern,
    {
      preHandler: guards.requireRole(...rolesOf(BLOG_RULES.edit)),
      schema: { params: blogIdParamsSchema, body: updateBlogSchema, response: { 200: modifiedCountSchema } },
    },
    async (request) => ({
      modifiedCount: await updateBlog(db, deps.config.publicUrl, currentUser(request), request.params.id, request.body, auditContextOf(request)),
    }),
  );

  // PATCH /blog?status=draft|published|unpublish&&id=ID (admin)
  app.patch(
    ENDPOINTS.changeBlogStatus.pattern,
    {
      preHandler: guards.requireRole(...rolesOf(BLOG_RULES.changeStatus)),
      schema: { querystring: changeBlogQuerySchema, response: { 200: matchedCountSchema } },
    },
    async (request) => ({ matchedCount: await changeBlogStatus(db, request.query.id, request.query.status, auditContextOf(request)) }),
  );

  app.delete(
    ENDPOINTS.deleteBlog.pattern,
    {
      preHandler: guards.requireRole(...rolesOf(BLOG_RULES.delete)),
      schema: { querystring: z.object({ id: z.uuid('Not a blog id') }), response: { 200: deletedCountSchema } },
    },
    async (request) => ({ deletedCount: await deleteBlog(db, request.query.id, auditContextOf(request)) }),
  );
};
