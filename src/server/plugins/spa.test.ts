import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PageHints, preloadingIndex, registerSpa } from './spa';

let webDir: string;
const index = Buffer.from('<!doctype html><html lang="en"><head><title>Blood Donation</title><script type="module" src="/assets/index-1.js"></script></head><body></body></html>');

beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bd-spa-'));
  await fs.mkdir(path.join(webDir, '.vite'));
  // The shape of Vite's build manifest: keys are source modules (or shared chunks), relative to src/web.
  const manifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'], css: ['assets/index-1.css'] },
    '_react-1.js': { file: 'assets/react-1.js' },
    '_table-1.js': { file: 'assets/table-1.js', imports: ['_react-1.js', '_format-1.js'] },
    '_format-1.js': { file: 'assets/format-1.js', imports: ['_table-1.js'] },
    'donation-requests/all-request-page.tsx': { file: 'assets/all-request-page-1.js', isDynamicEntry: true, imports: ['index.html', '_react-1.js', '_table-1.js'] },
    'layouts/dashboard-layout.tsx': { file: 'assets/dashboard-layout-1.js', isDynamicEntry: true, imports: ['index.html'], css: ['assets/dashboard-1.css'] },
    'users/profile-page.tsx': { file: 'assets/profile-page-1.js', isDynamicEntry: true, imports: ['index.html', '_format-1.js'] },
    'components/texts.bn.ts': { file: 'assets/site-1.js', isDynamicEntry: true },
    'donation-requests/texts.bn.ts': { file: 'assets/donation-requests-1.js', isDynamicEntry: true },
    'i18n/bangla-font.css': { file: 'assets/bangla-font-1.css', src: 'i18n/bangla-font.css' },
    '../../node_modules/@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2': { file: 'assets/noto-sans-bengali-bengali-400-normal-1.woff2' },
    '../../node_modules/@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-700-normal.woff2': { file: 'assets/noto-sans-bengali-bengali-700-normal-1.woff2' },
  };
  await fs.writeFile(path.join(webDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
});

afterAll(async () => {
  await fs.rm(webDir, { recursive: true, force: true });
});

const links = (html: Buffer) => [...html.toString().matchAll(/<link rel="(\w+)" crossorigin href="([^"]+)">/g)].map((m) => `${m[1]} ${m[2]}`);

describe('index.html with the preloads of the page it opens', () => {
  it("preloads the page's chunk and its imports, transitively, but not what index.html already loads", () => {
    const html = preloadingIndex(webDir, index)('/allRequest');
    expect(links(html).sort()).toEqual(['modulepreload /assets/all-request-page-1.js', 'modulepreload /assets/format-1.js', 'modulepreload /assets/table-1.js']);
    // Inside <head>, before it closes, and the rest of the page untouched.
    expect(html.toString()).toMatch(/<\/script>\s+<link[^]*<\/head><body><\/body><\/html>$/);
  });

  it('preloads the dashboard layout with the dashboard page, and its stylesheet', () => {
    const html = preloadingIndex(webDir, index)('/dashboard/profile');
    expect(links(html).sort()).toEqual([
      'modulepreload /assets/dashboard-layout-1.js',
      'modulepreload /assets/format-1.js',
      'modulepreload /assets/profile-page-1.js',
      'modulepreload /assets/table-1.js',
      'stylesheet /assets/dashboard-1.css',
    ]);
  });

  it('leaves index.html as built for the home page, unknown paths and pages missing from the manifest', () => {
    const forPath = preloadingIndex(webDir, index);
    for (const p of ['/', '/nope', '/blog']) expect(forPath(p)).toBe(index);
  });

  it('in Bangla: <html lang="bn"> and the Bangla texts of the frame and of the page, even on the home page', () => {
    const page = preloadingIndex(webDir, index)('/allRequest', 'bn');
    expect(page.toString()).toContain('<html lang="bn">');
    expect(links(page)).toEqual(expect.arrayContaining(['modulepreload /assets/site-1.js', 'modulepreload /assets/donation-requests-1.js', 'modulepreload /assets/all-request-page-1.js']));
    const home = preloadingIndex(webDir, index)('/', 'bn');
    expect(home.toString()).toContain('<html lang="bn">');
    expect(home.toString()).toContain('<title>ব্লাড ডোনেশন — একেকটি রক্তদানে বাঁচে একেকটি জীবন</title>');
    expect(links(home)).toEqual(['modulepreload /assets/site-1.js']);
    // The Bengali font is not fetched beside the scripts: the page adds it after its first paint.
    expect(home.toString()).not.toMatch(/bangla-font|noto-sans-bengali/);
    // English stays as built; a page folder without a Bangla catalogue only misses that preload.
    expect(preloadingIndex(webDir, index)('/', 'en')).toBe(index);
    expect(links(preloadingIndex(webDir, index)('/dashboard/profile', 'bn'))).toContain('modulepreload /assets/site-1.js');
  });

  it('leaves index.html as built without a manifest', () => {
    expect(preloadingIndex(path.join(webDir, 'missing'), index)('/allRequest')).toBe(index);
  });
});

describe('the language of the first paint', () => {
  it('follows the lang cookie, else Accept-Language, and says it varies by them', async () => {
    await fs.writeFile(path.join(webDir, 'index.html'), index);
    const app = Fastify({ logger: false });
    await registerSpa(app, webDir);
    const lang = async (headers: Record<string, string>) => {
      const res = await app.inject({ url: '/allRequest', headers });
      expect(res.headers.vary).toBe('Cookie, Accept-Language');
      return /<html lang="(\w+)"/.exec(res.body)?.[1];
    };
    expect(await lang({})).toBe('en');
    expect(await lang({ 'accept-language': 'bn-BD,en;q=0.8' })).toBe('bn');
    expect(await lang({ 'accept-language': 'bn-BD', cookie: 'theme=dark; lang=en' })).toBe('en');
    expect(await lang({ 'accept-language': 'en-US', cookie: 'lang=bn' })).toBe('bn');
    expect(await lang({ cookie: 'lang=xx' })).toBe('en');
    await app.close();
  });
});

describe('page hints in the HTML', () => {
  async function serve(hints: PageHints) {
    await fs.writeFile(path.join(webDir, 'index.html'), index);
    const app = Fastify({ logger: false });
    await registerSpa(app, webDir, hints);
    return app;
  }
  const preloads = (body: string) => [...body.matchAll(/<link rel="preload"[^>]*>/g)].map((m) => m[0]);

  it('adds image and fetch preloads inside <head>, with the query the hints were given', async () => {
    const seen: string[] = [];
    const app = await serve(async (pathname, query) => {
      seen.push(`${pathname} ${query.get('page')}`);
      return [
        { as: 'image', href: '/api/images/1' },
        { as: 'fetch', href: '/api/blog?status=published&page=1&limit=9' },
      ];
    });
    const res = await app.inject({ method: 'GET', url: '/blog?page=1' });
    expect(res.statusCode).toBe(200);
    expect(preloads(res.body)).toEqual([
      '<link rel="preload" as="image" href="/api/images/1" fetchpriority="high">',
      '<link rel="preload" as="fetch" href="/api/blog?status=published&amp;page=1&amp;limit=9" crossorigin="anonymous">',
    ]);
    expect(res.body).toMatch(/<link rel="preload"[^]*<\/head><body>/);
    expect(seen).toEqual(['/blog 1']);
    await app.close();
  });

  it('drops hints that are not plain /api/ paths (nothing reaches the HTML unescaped)', async () => {
    const app = await serve(async () => [
      { as: 'image', href: '/api/images/1"><script>alert(1)</script>' },
      { as: 'image', href: 'https://elsewhere.example/x.png' },
      { as: 'image', href: '//elsewhere.example/x.png' },
      { as: 'fetch', href: '/api/ok' },
    ]);
    const res = await app.inject({ method: 'GET', url: '/blog' });
    expect(preloads(res.body)).toEqual(['<link rel="preload" as="fetch" href="/api/ok" crossorigin="anonymous">']);
    expect(res.body).not.toContain('<script>alert');
    await app.close();
  });

  it('serves the page without hints when they fail or take too long', async () => {
    for (const hints of [async () => Promise.reject(new Error('database down')), () => new Promise<never>(() => {})] as PageHints[]) {
      const app = await serve(hints);
      const res = await app.inject({ method: 'GET', url: '/blog' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<script type="module" src="/assets/index-1.js">');
      expect(preloads(res.body)).toEqual([]);
      await app.close();
    }
  });
});

describe('source maps', () => {
  it('never serves a .map file of the web folder, even when a build left one there (JSON 404)', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bd-spa-maps-'));
    try {
      await fs.mkdir(path.join(dir, 'assets'));
      await fs.writeFile(path.join(dir, 'index.html'), index);
      await fs.writeFile(path.join(dir, 'assets', 'index-1.js'), 'console.log(1);\n//# sourceMappingURL=index-1.js.map');
      const map = JSON.stringify({ version: 3, sources: ['../../src/web/main.tsx'], sourcesContent: ['secret source'], mappings: '' });
      for (const file of ['assets/index-1.js.map', 'assets/index-1.js.map.br', 'assets/index-1.js.map.gz', 'root.map']) {
        await fs.writeFile(path.join(dir, file), map);
      }
      const app = Fastify({ logger: false });
      await registerSpa(app, dir);
      try {
        expect((await app.inject('/assets/index-1.js')).statusCode).toBe(200);
        for (const url of ['/assets/index-1.js.map', '/root.map', '/assets/index-1.js.map.br', '/assets/index-1.js.map.gz']) {
          for (const headers of [{}, { 'accept-encoding': 'br, gzip' }]) {
            for (const method of ['GET', 'HEAD'] as const) {
              const res = await app.inject({ method, url, headers });
              expect(res.statusCode, `${method} ${url}`).toBe(404);
              expect(res.body).not.toContain('secret source');
              if (method === 'GET') expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: expect.any(String) });
            }
          }
        }
      } finally {
        await app.close();
      }
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe('caching of the built files', () => {
  it('revalidates the service worker and the manifest always, caches hashed assets for good and other files an hour', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bd-spa-cache-'));
    try {
      await fs.mkdir(path.join(dir, 'assets'));
      await fs.mkdir(path.join(dir, 'icons'));
      await fs.writeFile(path.join(dir, 'index.html'), index);
      const worker = `self.addEventListener('push', () => {});${' '.repeat(2000)}`;
      await fs.writeFile(path.join(dir, 'sw.js'), worker);
      await fs.writeFile(path.join(dir, 'sw.js.br'), zlib.brotliCompressSync(worker));
      await fs.writeFile(path.join(dir, 'sw.js.gz'), zlib.gzipSync(worker));
      await fs.writeFile(path.join(dir, 'manifest.webmanifest'), JSON.stringify({ name: 'Blood Donation', start_url: '/' }));
      await fs.writeFile(path.join(dir, 'offline.html'), '<!doctype html><title>Offline</title>');
      await fs.writeFile(path.join(dir, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
      await fs.writeFile(path.join(dir, 'assets', 'index-1.js'), 'console.log(1);');
      const app = Fastify({ logger: false });
      await registerSpa(app, dir);
      try {
        // The worker, plain and precompressed alike (@fastify/static passes the .br/.gz file's path).
        for (const encoding of [undefined, 'br', 'gzip']) {
          const res = await app.inject({ url: '/sw.js', headers: encoding ? { 'accept-encoding': encoding } : {} });
          expect(res.statusCode, encoding).toBe(200);
          expect(res.headers['content-encoding'], encoding).toBe(encoding);
          expect(res.headers['cache-control'], encoding).toBe('no-cache');
          expect(res.headers['content-type'], encoding).toMatch(/^(application|text)\/javascript/);
          expect(res.headers.etag, encoding).toBeTruthy();
        }
        const manifest = await app.inject('/manifest.webmanifest');
        expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
        expect(manifest.headers['cache-control']).toBe('no-cache');
        expect(manifest.json()).toMatchObject({ name: 'Blood Donation' });

        expect((await app.inject('/assets/index-1.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
        for (const url of ['/offline.html', '/icons/icon-192.png']) {
          const res = await app.inject(url);
          expect(res.statusCode, url).toBe(200);
          expect(res.headers['cache-control'], url).toBe('public, max-age=3600');
        }
        expect((await app.inject('/icons/icon-192.png')).headers['content-type']).toBe('image/png');
        // A page is still the SPA, never cached.
        expect((await app.inject('/allRequest')).headers['cache-control']).toBe('no-cache');
      } finally {
        await app.close();
      }
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
