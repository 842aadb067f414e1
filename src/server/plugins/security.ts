import compress from '@fastify/compress';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import zlib from 'node:zlib';
import type { Config } from '../config';

/**
 * The Content-Security-Policy the SPA works under: no inline scripts (the theme is applied by
 * /theme-init.js), inline styles allowed for the dialog and toast libraries, images from https
 * for social-login avatars, no framing. The service worker (/sw.js) and the web app manifest
 * come from the site itself (decision 033); named, not left to default-src.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Helmet's set of headers, computed once. (@fastify/helmet rebuilt the policy string on every
 * response, a measurable share of each request: docs/decisions/011-security-headers-once.md.)
 */
export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** HSTS, sent only when the site is served over https (PUBLIC_URL): browsers then never use http. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** Security headers, CORS (closed by default) and compression. */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  const headers = new URL(config.publicUrl).protocol === 'https:' ? { ...SECURITY_HEADERS, 'strict-transport-security': HSTS } : SECURITY_HEADERS;
  app.addHook('onRequest', async (_request, reply) => {
    void reply.headers(headers);
  });

  // Closed by default: only origins listed in CORS_ORIGINS may call the API from a browser.
  await app.register(cors, {
    origin: config.CORS_ORIGINS.length > 0 ? config.CORS_ORIGINS : false,
    credentials: true,
  });

  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Quality 11 (the default) costs far too much CPU for dynamic responses.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
