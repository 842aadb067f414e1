import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountParamsSchema } from '../../shared/users/schemas';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { accountExportSchema, deleteAccountResultSchema, deleteAccountSchema } from '../../shared/privacy/schemas';
import { currentUser } from '../auth/guard';
import type { AppDeps } from '../deps';
import { deleteAccount, exportAccount } from './service';


/** A user's own data (issue 17): download it, or delete the account. The owner only. */
export const privacyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, guards } = deps;
  // A deletion is a user write (the donor search, the pending list of a now blocked requester) and
  // a request write (their requests' requester name): the caches that show them say so.
  app.addHook('onSend', deps.caches.writes.clearAfterWrites('users'));
  app.addHook('onSend', deps.caches.writes.clearAfterWrites('donation-requests'));

  app.get(
    ENDPOINTS.exportAccount.pattern,
    { preHandler: guards.requireUserForAccount, schema: { params: accountParamsSchema, response: { 200: accountExportSchema } } },
    async (request, reply) => {
      const data = await exportAccount(db, await deps.locations.get(), currentUser(request), request.params.email);
      void reply.header('content-disposition', 'attachment; filename="my-blood-donation-data.json"');
      return data;
    },
  );

  app.delete(
    ENDPOINTS.deleteAccount.pattern,
    { preHandler: guards.requireUserForAccount, schema: { params: accountParamsSchema, body: deleteAccountSchema, response: { 200: deleteAccountResultSchema } } },
    async (request) => {
      await deleteAccount(db, { jobs: deps.jobs, reportsToHide: deps.config.REPORTS_TO_HIDE }, currentUser(request), request.params.email, request.body.confirmEmail);
      return { deleted: true as const };
    },
  );
};
