import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountParamsSchema } from '../../shared/users/schemas';
import { z } from 'zod';
import { rolesOf } from '../../shared/access/policy';
import { DONATION_REQUEST_RULES } from '../../shared/donation-requests/policy';
import { certificateCheckSchema, certificateCodeParamsSchema, disputedRequesterSchema, donationIdParamsSchema, donationSchema } from '../../shared/donations/schemas';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { modifiedCountSchema, paginationQuerySchema, TOTAL_COUNT_HEADER } from '../../shared/api/schemas';
import { auditContextOf } from '../audit/service';
import { currentUser } from '../auth/guard';
import type { AppDeps } from '../deps';
import { requestLang } from '../plugins/error-language';
import { certificatePdf, checkCertificate, disputeDonation, listDisputedRequesters, listDonations } from './service';

/** Staff who moderate reports see the requesters with disputed donations (issue 30). */
const STAFF = rolesOf(DONATION_REQUEST_RULES.dismissReports, DONATION_REQUEST_RULES.removeReported);

/** Donor history and thanks (issue 17): the donations list, the certificates and their public check. */
export const donationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, guards } = deps;

  app.get(
    ENDPOINTS.donations.pattern,
    { preHandler: guards.requireUserForAccount, schema: { params: accountParamsSchema, querystring: paginationQuerySchema, response: { 200: z.array(donationSchema) } } },
    async (request, reply) => {
      const { rows, total } = await listDonations(db, await deps.locations.get(), currentUser(request), request.params.email, request.query);
      void reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows;
    },
  );

  app.get(
    ENDPOINTS.certificate.pattern,
    { preHandler: guards.requireUser, schema: { params: donationIdParamsSchema } },
    async (request, reply) => {
      const pdf = await certificatePdf(db, await deps.locations.get(), deps.config.publicUrl, currentUser(request), request.params.id, requestLang(request));
      return reply
        .type('application/pdf')
        .header('content-language', requestLang(request))
        .header('vary', 'Accept-Language')
        .header('content-disposition', `attachment; filename="donation-certificate-${request.params.id}.pdf"`)
        .send(pdf);
    },
  );

  app.get(
    ENDPOINTS.certificateCheck.pattern,
    { schema: { params: certificateCodeParamsSchema, response: { 200: certificateCheckSchema } } },
    async (request) => checkCertificate(db, await deps.locations.get(), request.params.code),
  );

  app.post(
    ENDPOINTS.disputeDonation.pattern,
    { preHandler: guards.requireUser, schema: { params: donationIdParamsSchema, response: { 200: modifiedCountSchema } } },
    async (request) => ({
      modifiedCount: await disputeDonation(db, deps.config.donationIntervals, currentUser(request), auditContextOf(request), request.params.id),
    }),
  );

  app.get(
    ENDPOINTS.donationDisputes.pattern,
    { preHandler: guards.requireRole(...STAFF), schema: { querystring: paginationQuerySchema, response: { 200: z.array(disputedRequesterSchema) } } },
    async (request, reply) => {
      const { rows, total } = await listDisputedRequesters(db, request.query);
      void reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows;
    },
  );
};
