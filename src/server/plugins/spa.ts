import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');
/** Asset-like paths (a file extension, or under /assets/) are real 404s, never the SPA page. */
const looksLikeFile = (pathname: string) => pathname.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(pathname);

/**
 * Serves the built SPA from `webDir`: hashed assets with immutable caching (precompressed .br/.gz
 * beside them), any other non-API GET falls back to index.html. Unknown /api paths are a JSON 404.
 */
export async function registerSpa(app: FastifyInstance, webDir: string | null) {
  const indexFile = webDir ? path.join(webDir, 'index.html') : null;
  const indexHtml = indexFile && existsSync(indexFile) ? readFileSync(indexFile) : null;

  if (webDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        const hashed = filePath.startsWith(path.join(webDir, 'assets') + path.sep);
        void reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  } else {
    app.log.warn({ webDir }, 'no built web app found: only the API is served (run `npm run build`)');
  }

  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const method = request.method;
    if (indexHtml && (method === 'GET' || method === 'HEAD') && !isApiPath(pathname) && !looksLikeFile(pathname)) {
      return sendIndex(reply);
    }
    return reply.status(404).send({ message: `Route ${method} ${pathname} not found`, code: 'NOT_FOUND' });
  });
}
