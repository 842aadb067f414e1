import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DOCUMENT_TITLE_BN } from '../../shared/site/texts.bn';
import { CATALOGUE_FILES, cataloguesFor, type Lang, langFromAcceptLanguage, langFromCookie } from '../../shared/i18n/model';
import { pageModulesFor } from '../../shared/routing/routes';
import { API_MESSAGES } from '../../shared/api/texts';

const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');
/** Asset-like paths (a file extension, or under /assets/) are real 404s, never the SPA page. */
const looksLikeFile = (pathname: string) => pathname.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(pathname);
/** Files of the web folder that are never served. */
const SOURCE_MAPS = ['**/*.map', '**/*.map.gz', '**/*.map.br'];

/**
 * Something a page needs at once, announced in its HTML (`<link rel="preload">`) so that a first
 * visit fetches it while the scripts download, instead of after they have run: the picture that
 * will be the largest paint, or the API answer the page renders. `href` must be one of our own
 * paths, built by the server (it is written into the HTML as is).
 */
export interface PageHint {
  as: 'image' | 'fetch';
  href: string;
}
/** The hints for a path and query; a failure or a slow answer only means no hints. */
export type PageHints = (pathname: string, query: URLSearchParams) => Promise<PageHint[]>;

const HINT_TIMEOUT_MS = 200;
const SAFE_HREF = /^\/api\/[\w\-/?=&.]*$/;

function hintLinks(hints: PageHint[]): string {
  return hints
    .filter((h) => SAFE_HREF.test(h.href))
    .map((h) => ({ ...h, href: h.href.replaceAll('&', '&amp;') }))
    .map((h) =>
      h.as === 'image'
        ? `<link rel="preload" as="image" href="${h.href}" fetchpriority="high">`
        : // crossorigin="anonymous": the credentials mode of the app's own fetch(), so it reuses this answer.
          `<link rel="preload" as="fetch" href="${h.href}" crossorigin="anonymous">`,
    )
    .join('\n    ');
}

/**
 * Files at fixed addresses whose content changes with each build and must reach users at once:
 * the service worker (browsers check it for updates, and a cached copy would keep the old one
 * running: decision 033) and the web app manifest. Always revalidated (a 304 when unchanged).
 */
const ALWAYS_REVALIDATED = new Set(['sw.js', 'manifest.webmanifest']);

/** Cache-Control of a file of the web folder (`filePath` may be its precompressed .br or .gz). */
function cacheControl(webDir: string, filePath: string): string {
  const file = path.relative(webDir, filePath).replace(/\.(br|gz)$/, '').split(path.sep).join('/');
  if (file.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  if (ALWAYS_REVALIDATED.has(file)) return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * Serves the built SPA from `webDir`: hashed assets with immutable caching (precompressed .br/.gz
 * beside them), the service worker and the manifest always revalidated, other files cached an
 * hour; any other non-API GET falls back to index.html. Unknown /api paths are a JSON 404.
 */
export async function registerSpa(app: FastifyInstance, webDir: string | null, pageHints?: PageHints) {
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
      // Source maps are never served (they are the app's source), even if a build left some
      // here: no route is made for them, so they are a JSON 404 like any missing file.
      globIgnore: SOURCE_MAPS,
      setHeaders(reply, filePath) {
        void reply.header('cache-control', cacheControl(webDir, filePath));
      },
    });
  } else {
    app.log.warn({ webDir }, 'no built web app found: only the API is served (run `npm run build`)');
  }

  const pageHtml = webDir && indexHtml ? preloadingIndex(webDir, indexHtml) : () => indexHtml;
  // The language of the first paint (issue 16): the user's choice (a cookie the web sets beside
  // localStorage), else the browser's languages, as the page itself decides.
  const langOf = (request: FastifyRequest): Lang => langFromCookie(request.headers.cookie) ?? langFromAcceptLanguage(request.headers['accept-language']);
  const hintsFor = async (request: FastifyRequest, pathname: string): Promise<string> => {
    if (!pageHints) return '';
    const query = new URLSearchParams(request.url.slice(pathname.length + 1));
    let timer: NodeJS.Timeout | undefined;
    try {
      const hints = await Promise.race([
        pageHints(pathname, query),
        new Promise<PageHint[]>((resolve) => (timer = setTimeout(() => resolve([]), HINT_TIMEOUT_MS))),
      ]);
      return hintLinks(hints);
    } catch (err) {
      request.log.warn({ err, pathname }, 'page hints failed; the page is served without them');
      return '';
    } finally {
      clearTimeout(timer);
    }
  };
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    let html = pageHtml(pathname, langOf(request));
    const links = await hintsFor(request, pathname);
    if (links && html) html = Buffer.from(html.toString('utf8').replace('</head>', `  ${links}\n  </head>`));
    return reply.header('cache-control', 'no-cache').header('vary', 'Cookie, Accept-Language').type('text/html; charset=utf-8').send(html);
  };

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const method = request.method;
    if (indexHtml && (method === 'GET' || method === 'HEAD') && !isApiPath(pathname) && !looksLikeFile(pathname)) {
      return sendIndex(request, reply, pathname);
    }
    return reply.status(404).send({ message: API_MESSAGES.routeNotFound(method, pathname), code: 'NOT_FOUND' });
  });
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * index.html for a given path and language, with `<link rel="modulepreload">` for the chunks of
 * the page it renders (from Vite's manifest): a first visit fetches them alongside the main bundle
 * instead of after it has run. In Bangla, `<html lang="bn">` and the Bangla catalogues of the frame
 * and of the page's feature too (the page waits for them before its first render: issue 16).
 * Without a manifest (or for an English path without a lazy page) it is index.html as built.
 */
export function preloadingIndex(webDir: string, indexHtml: Buffer): (pathname: string, lang?: Lang) => Buffer {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(path.join(webDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return () => indexHtml;
  }
  const html = indexHtml.toString('utf8');
  if (!html.includes('</head>')) return () => indexHtml;

  /** A chunk's file and every file it statically imports, transitively. */
  const closure = (key: string, into = { js: new Set<string>(), css: new Set<string>() }) => {
    const chunk = manifest[key];
    if (!chunk || into.js.has(chunk.file)) return into;
    into.js.add(chunk.file);
    for (const css of chunk.css ?? []) into.css.add(css);
    for (const dep of chunk.imports ?? []) closure(dep, into);
    return into;
  };
  const loadedByIndex = closure('index.html');
  // Bangla mode's font is not announced here: lang.ts adds it after the first paint, and most
  // phones have it already (src/web/i18n/bangla-font.css, decision 055).
  const pages = new Map<string, Buffer>();
  return (pathname, lang = 'en') => {
    const modules = pageModulesFor(pathname);
    if (modules.length === 0 && lang === 'en') return indexHtml;
    const key = `${lang}:${modules.join('+')}`;
    let page = pages.get(key);
    if (!page) {
      const wanted = { js: new Set<string>(), css: new Set<string>() };
      for (const m of modules) closure(`${m}.tsx`, wanted);
      // The catalogues src/web/i18n/index.ts preloads: the frame's and each page folder's, by their
      // files (CATALOGUE_FILES, the manifest's keys).
      if (lang === 'bn') {
        for (const name of cataloguesFor(modules)) {
          const file = CATALOGUE_FILES[name];
          if (file) closure(file, wanted);
        }
      }
      const links = [
        ...[...wanted.css].filter((f) => !loadedByIndex.css.has(f)).map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
        ...[...wanted.js].filter((f) => !loadedByIndex.js.has(f)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
      ];
      let text = links.length ? html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`) : html;
      if (lang === 'bn') text = text.replace('<html lang="en"', '<html lang="bn"').replace(/<title>[^<]*<\/title>/, `<title>${DOCUMENT_TITLE_BN}</title>`);
      page = text === html ? indexHtml : Buffer.from(text);
      pages.set(key, page);
    }
    return page;
  };
}
