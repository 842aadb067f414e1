import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { insertedIdSchema, modifiedCountSchema, paginationQuerySchema, TOTAL_COUNT_HEADER } from '../../shared/api/schemas';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { isAdmin, rolesOf } from '../../shared/access/policy';
import { accountParamsSchema, adminCheckSchema, changeUserQuerySchema, registerUserSchema, updateProfileSchema, userSchema, usersListQuerySchema } from '../../shared/users/schemas';
import { can, USER_RULES } from '../../shared/users/policy';
import type { AppDeps } from '../deps';
import { auditContextOf } from '../audit/service';
import { currentUser } from '../auth/guard';
import { forbidden } from '../errors';
import { registerUser } from './registration';
import { changeUser, getUser, listUsers, toOwnUserResponse, toUserResponse, updateProfile } from './service';
import { AUTH_MESSAGES } from '../../shared/users/texts';


export const userRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, guards } = deps;
  // Registrations, profile edits, blocks: every successful write here is a user write. The caches
  // it changes (the donor search) say so in their cache.ts.
  app.addHook('onSend', deps.caches.writes.clearAfterWrites('users'));

  // Registration: identity and profile in one transaction, then signed in (session cookie).
  app.post(
    ENDPOINTS.register.pattern,
    { config: { rateLimit: deps.limits.auth }, schema: { body: registerUserSchema, response: { 201: insertedIdSchema } } },
    async (request, reply) => {
      const { userId, cookies } = await registerUser(deps, request.body, request.headers);
      if (cookies.length) void reply.header('set-cookie', cookies);
      return reply.status(201).send({ insertedId: userId });
    },
  );

  app.get(
    ENDPOINTS.isAdmin.pattern,
    { preHandler: guards.requireUserForAccount, schema: { params: accountParamsSchema, response: { 200: adminCheckSchema } } },
    async (request) => {
      const me = currentUser(request);
      if (!can(me, 'checkAdmin', { email: request.params.email })) throw forbidden(AUTH_MESSAGES.ownAccountOnly);
      return { admin: isAdmin(me) };
    },
  );

  app.get(
    ENDPOINTS.user.pattern,
    { preHandler: guards.requireUserForAccount, schema: { params: accountParamsSchema, response: { 200: userSchema } } },
    async (request) => {
      const actor = currentUser(request);
      const row = await getUser(db, actor, request.params.email);
      return (row.id === actor.id ? toOwnUserResponse : toUserResponse)(row, await deps.locations.get());
    },
  );

  app.get(
    ENDPOINTS.users.pattern,
    {
      preHandler: guards.requireRole(...rolesOf(USER_RULES.list)),
      schema: { querystring: paginationQuerySchema.extend(usersListQuerySchema.shape), response: { 200: z.array(userSchema) } },
    },
    async (request, reply) => {
      const { page, limit, ...filter } = request.query;
      const { rows, total } = await listUsers(db, filter, { page, limit });
      const locations = await deps.locations.get();
      void reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows.map((r) => toUserResponse(r, locations));
    },
  );

  app.patch(
    ENDPOINTS.updateProfile.pattern,
    {
      preHandler: guards.requireUserForAccount,
      schema: { params: accountParamsSchema, body: updateProfileSchema, response: { 200: modifiedCountSchema } },
    },
    async (request) => {
      const modifiedCount = await updateProfile(
        db,
        await deps.locations.get(),
        deps.config.publicUrl,
        currentUser(request),
        request.params.email,
        request.body,
        deps.config.donationIntervals,
      );
      return { modifiedCount };
    },
  );

  // PATCH /users?status=active|blocked&&email=... and PATCH /users?role=...&&email=... (admin).
  // A block or an activation also flips the flag on the user's requests that hides them from the
  // public list (decision 049): a request write too.
  app.patch(
    ENDPOINTS.changeUser.pattern,
    {
      preHandler: guards.requireRole(...rolesOf(USER_RULES.changeStatus, USER_RULES.changeRole)),
      onSend: deps.caches.writes.clearAfterWrites('donation-requests'),
      schema: { querystring: changeUserQuerySchema, response: { 200: modifiedCountSchema } },
    },
    async (request) => {
      const { email, status, role } = request.query;
      return { modifiedCount: await changeUser(db, deps.jobs, deps.config.REPORTS_TO_HIDE, email, { status, role }, auditContextOf(request)) };
    },
  );
};
