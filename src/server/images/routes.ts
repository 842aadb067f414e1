import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { imageUploadResponseSchema } from '../../shared/images/schemas';
import { MAX_IMAGE_BYTES } from '../../shared/images/model';
import type { AppDeps } from '../deps';
import { badRequest, HttpError, notFound } from '../errors';
import { imagePath, loadImage, reencode, sniffImageType, storeImage } from './service';
import { IMAGE_MESSAGES } from '../../shared/images/texts';

export const imageRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 0, parts: 2, headerPairs: 50 },
  });

  // Open before registration (the avatar is chosen on the register form), limited per IP. A token,
  // when sent, must be valid and of an active account (a blocked account uploads nothing).
  app.post(
    ENDPOINTS.uploadImage.pattern,
    { preHandler: deps.guards.optionalUser, config: { rateLimit: deps.limits.upload }, schema: { response: { 201: imageUploadResponseSchema } } },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, IMAGE_MESSAGES.multipart);
      const file = await request.file();
      if (!file || file.fieldname !== 'image') throw badRequest(IMAGE_MESSAGES.field);
      const bytes = await file.toBuffer(); // throws 413 past the size limit
      if (bytes.length === 0) throw badRequest(IMAGE_MESSAGES.empty);
      if (!sniffImageType(bytes)) throw new HttpError(415, IMAGE_MESSAGES.types);
      const id = await storeImage(deps.db, await reencode(bytes));
      return reply.status(201).send({ success: true as const, data: { display_url: imagePath(id) } });
    },
  );

  app.get(
    ENDPOINTS.image.pattern,
    { schema: { params: z.object({ id: z.uuid('Not an image id') }) } },
    async (request, reply) => {
      const image = await loadImage(deps.db, request.params.id);
      if (!image) throw notFound(IMAGE_MESSAGES.notFound);
      // An id never changes content: cache for a year.
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', `"${request.params.id}"`)
        .type(image.contentType)
        .send(image.data);
    },
  );
};
