/**
 * `npm run bench:web`: what each public route costs a phone on its first visit, and Lighthouse's
 * view of it. Builds the SPA, starts the production server on a fresh embedded database with a
 * little real content, then for /, /allRequest, /blog, /searchDonors, /login and /register:
 *  - the JavaScript and CSS the route loads on a first visit (gzip sizes of the files served);
 *  - that no dashboard-only code (the blog editor, dialogs, dashboard pages) is among them;
 *  - Lighthouse (mobile preset, Debian's Chromium via CHROME_PATH) category scores, the median of
 *    BENCH_WEB_RUNS runs (default 3).
 * Both in English and in Bangla (issue 16; BENCH_WEB_LANGS=en or bn for one): a Bangla visit is a
 * browser whose languages put Bangla first, and its weight includes the Bengali font.
 * Prints the tables and writes bench/web-results.json.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { launch as launchChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { DASHBOARD_LAYOUT_MODULE, inDashboard, PAGE_ROUTES } from '../src/shared/routing/routes';
// @ts-expect-error -- a plain .mjs script without types
import { buildServer, buildWeb } from '../scripts/build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const ALL_ROUTES = ['/', '/allRequest', '/blog', '/searchDonors', '/login', '/register'];
// BENCH_WEB_ROUTES=/login,/register measures only those routes (for investigations).
// BENCH_WEB_RUNS: Lighthouse runs per route (the median is reported); 3 by default.
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3));
const ROUTES = process.env.BENCH_WEB_ROUTES ? ALL_ROUTES.filter((r) => process.env.BENCH_WEB_ROUTES!.split(',').includes(r)) : ALL_ROUTES;
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const HOME_JS_BUDGET = 120 * 1024;
const LANGS = (process.env.BENCH_WEB_LANGS ?? 'en,bn').split(',').filter((l) => l === 'en' || l === 'bn');
/** How a browser that reads Bangla first shows itself: its language list (navigator.languages, Accept-Language). */
const LANG_FLAGS: Record<string, string[]> = { en: ['--lang=en-US'], bn: ['--lang=bn-BD', '--accept-lang=bn-BD,bn,en'] };
/**
 * Modules that belong to the dashboard only: a public route must never load them on first visit.
 * The dashboard's layout and pages come from the route table.
 */
const DASHBOARD_ONLY = new RegExp(
  ['@tiptap', 'prosemirror', 'sweetalert2', DASHBOARD_LAYOUT_MODULE, ...PAGE_ROUTES.filter(inDashboard).map((r) => r.module)]
    .map((m) => path.basename(m))
    .join('|'),
);

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  imports?: string[];
  dynamicImports?: string[];
}

/** The source modules behind each built file, from Vite's manifest. */
async function modulesByFile(webDir: string): Promise<Map<string, string[]>> {
  const manifest = JSON.parse(await fs.readFile(path.join(webDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const byFile = new Map<string, string[]>();
  for (const [key, chunk] of Object.entries(manifest)) {
    const list = byFile.get(`/${chunk.file}`) ?? [];
    list.push(chunk.src ?? chunk.name ?? key, key);
    byFile.set(`/${chunk.file}`, list);
  }
  return byFile;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

/**
 * A picture that weighs what a photo does (~45 KB once the server has re-encoded it to WebP at
 * 1024x576): shapes on a gradient with grain. A flat colour would compress to almost nothing, and
 * Chrome does not count such low-entropy images as the largest paint, which hid the blog's
 * thumbnails from Lighthouse.
 */
async function photoLikeImage(): Promise<Buffer> {
  const [w, h] = [1024, 576];
  const circles = Array.from({ length: 24 }, (_, i) => `<circle cx="${(i * 157) % w}" cy="${(i * 83) % h}" r="${30 + ((i * 19) % 90)}" fill="hsl(${(i * 37) % 360} 70% 60%)" opacity="0.6"/>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7f1d1d"/><stop offset="1" stop-color="#fca5a5"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#g)"/>${circles.join('')}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let seed = 1; // a fixed grain, so every run measures the same bytes
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    data[i] = Math.max(0, Math.min(255, data[i]! + Math.round((seed / 2 ** 32 - 0.5) * 20)));
  }
  return sharp(data, { raw: info }).png().toBuffer();
}

/** A little real content so the pages are not empty: a donor, requests, published blogs. */
async function seed(base: string) {
  const origin = { origin: base };
  const png = await photoLikeImage();
  const upload = async () => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'p.png');
    return ((await (await fetch(`${base}/api/images`, { method: 'POST', body: form })).json()) as { data: { display_url: string } }).data.display_url;
  };
  const signInToken = async (email: string, password: string) => {
    const res = await fetch(`${base}/api/auth/sign-in/email`, { method: 'POST', headers: { 'content-type': 'application/json', ...origin }, body: JSON.stringify({ email, password }) });
    const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const jwt = await fetch(`${base}/api/jwt`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
    return ((await jwt.json()) as { token: string }).token;
  };
  const email = 'donor@bench.example';
  await fetch(`${base}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Nusrat Jahan', email, avatar: await upload(), blood_group: 'O+', division: '3', district: '27', upazila: '213', password: 'Bench#123', confirm_password: 'Bench#123' }),
  });
  const donor = await signInToken(email, 'Bench#123');
  const day = new Date(Date.now() + 2 * 86_400_000 + 6 * 3_600_000).toISOString().slice(0, 10);
  for (let i = 0; i < 12; i++) {
    await fetch(`${base}/api/donationRequest`, {
      method: 'POST',
      headers: { authorization: `Bearer ${donor}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        recipientName: `Patient ${i + 1}`, bloodGroup: ['A+', 'B-', 'O+', 'AB+'][i % 4], hospitalName: 'Dhaka Medical College Hospital',
        fullAddress: 'Bakshibazar, Dhaka', donationDate: day, donationTime: '10:30', requestMessage: 'Two bags needed for surgery.',
        recipientDivision: '3', recipientDistrict: '27', recipientUpazila: '213',
      }),
    });
  }
  const admin = await signInToken('admin@bench.example', 'Admin#2026');
  for (let i = 0; i < 6; i++) {
    const res = await fetch(`${base}/api/blog`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        blogTitle: `Why one donation matters, part ${i + 1}`,
        content: `<h2>Every bag counts</h2>${'<p>One donation can help up to three patients. Donors in every district keep hospitals supplied through floods, dengue season and surgery.</p>'.repeat(4)}`,
        thumbnail: await upload(),
      }),
    });
    const { insertedId } = (await res.json()) as { insertedId: string };
    await fetch(`${base}/api/blog?status=published&&id=${insertedId}`, { method: 'PATCH', headers: { authorization: `Bearer ${admin}` } });
  }
}

async function gzipSize(webDir: string, urlPath: string): Promise<number> {
  const file = path.join(webDir, decodeURIComponent(urlPath));
  const gz = await fs.readFile(`${file}.gz`).catch(() => null);
  return gz ? gz.length : zlib.gzipSync(await fs.readFile(file), { level: 9 }).length;
}

async function main() {
  const buildDir = path.join(root, 'dist', `bench-web-${process.pid}`);
  const webDir = path.join(buildDir, 'web');
  console.log('[bench:web] building...');
  await Promise.all([buildServer(path.join(buildDir, 'server')), buildWeb(webDir)]);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bd-bench-web-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(buildDir, 'server/main.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, DATA_DIR: dataDir, DATABASE_URL: '',
      LOG_LEVEL: 'warn', WEB_DIST_DIR: webDir, ADMIN_EMAIL: 'admin@bench.example', ADMIN_PASSWORD: 'Admin#2026',
    },
  });
  try {
    await waitFor(`${base}/api/health`, server);
    await seed(base);

    // 1. What each route loads on a first visit.
    const modules = await modulesByFile(webDir);
    const weights = [];
    const scores = [];
    for (const lang of LANGS) {
      const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_FLAGS.filter((f) => !f.startsWith('--headless')) });
      for (const route of ROUTES) {
        const context = await browser.newContext({ viewport: { width: 360, height: 780 }, locale: lang === 'bn' ? 'bn-BD' : 'en-US' });
        const page = await context.newPage();
        const files = new Set<string>();
        page.on('response', (res) => {
          const u = new URL(res.url());
          if (u.origin === base && /\.(js|css|woff2?)$/.test(u.pathname)) files.add(u.pathname);
        });
        await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
        const htmlLang = await page.locator('html').getAttribute('lang');
        if (htmlLang !== lang) throw new Error(`a ${lang} visit to ${route} rendered in ${htmlLang}`);
        let js = 0;
        let css = 0;
        let font = 0;
        for (const f of files) {
          if (/\.woff2?$/.test(f)) {
            font += (await fs.stat(path.join(webDir, f))).size; // already compressed
            continue;
          }
          const size = await gzipSize(webDir, f);
          if (f.endsWith('.js')) js += size;
          else css += size;
        }
        const leaked = [...files].filter((f) => (modules.get(f) ?? [f]).some((m) => DASHBOARD_ONLY.test(m)));
        weights.push({ lang, route, jsKB: +(js / 1024).toFixed(1), cssKB: +(css / 1024).toFixed(1), fontKB: +(font / 1024).toFixed(1), files: [...files].length, dashboardCodeLoaded: leaked });
        await context.close();
      }
      await browser.close();
      console.table(weights.filter((w) => w.lang === lang).map((w) => ({ lang, route: w.route, 'JS gzip KB': w.jsKB, 'CSS gzip KB': w.cssKB, 'font KB': w.fontKB, files: w.files, 'dashboard code': w.dashboardCodeLoaded.join(', ') || 'none' })));
      const home = weights.find((w) => w.route === '/' && w.lang === lang);
      if (home) console.log(`[bench:web] ${lang} home page JS ${home.jsKB} KB gzip (budget ${HOME_JS_BUDGET / 1024} KB): ${home.jsKB * 1024 <= HOME_JS_BUDGET ? 'met' : 'MISSED'}`);

      // 2. Lighthouse, mobile preset, in a browser whose first language is this one.
      const chrome = await launchChrome({ chromePath: CHROME, chromeFlags: [...CHROME_FLAGS, ...LANG_FLAGS[lang]!] });
      try {
        for (const route of ROUTES) {
          const run = async () => {
            let r = await lighthouse(`${base}${route}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
            // A trace that failed to record (NO_NAVSTART and the like) says nothing of the page: once more.
            if (r?.lhr.runtimeError) r = await lighthouse(`${base}${route}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
            return r!;
          };
          // Lighthouse's simulated timings vary from run to run (more so on a busy 2-core machine):
          // as Lighthouse's own guidance says, report the run with the median performance score.
          const runs = [];
          for (let i = 0; i < RUNS; i++) runs.push(await run());
          runs.sort((a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0));
          const result = runs[Math.floor(runs.length / 2)]!;
          const perfRuns = runs.map((r) => Math.round((r.lhr.categories.performance?.score ?? 0) * 100));
          if (process.env.BENCH_WEB_DUMP) {
            await fs.mkdir(process.env.BENCH_WEB_DUMP, { recursive: true });
            await fs.writeFile(path.join(process.env.BENCH_WEB_DUMP, `${lang}-${route.replace(/\W/g, '') || 'home'}.json`), JSON.stringify(result!.lhr));
          }
          const c = result!.lhr.categories;
          const score = (k: string) => Math.round((c[k]?.score ?? 0) * 100);
          const audits = result!.lhr.audits;
          const failing = Object.values(audits)
            .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
            .map((a) => `${a.id}${a.details && 'items' in a.details ? ` ${JSON.stringify(a.details.items).slice(0, 300)}` : ''}`);
          const metric = (id: string) => audits[id]?.displayValue ?? '-';
          // What the largest paint was, and what it waited for: where to look when LCP is slow.
          const lcpItems = (audits['largest-contentful-paint-element']?.details as { items?: { items?: Record<string, unknown>[] }[] } | undefined)?.items;
          const lcpElement = (lcpItems?.[0]?.items?.[0]?.node as { snippet?: string } | undefined)?.snippet ?? '-';
          const lcpPhases = Object.fromEntries((lcpItems?.[1]?.items ?? []).map((p) => [String(p.phase), Math.round(Number(p.timing))]));
          if (result!.lhr.runtimeError) failing.unshift(`runtime error: ${result!.lhr.runtimeError.code} ${result!.lhr.runtimeError.message}`);
          scores.push({
            lang,
            route,
            performance: score('performance'),
            performanceRuns: perfRuns,
            accessibility: score('accessibility'),
            bestPractices: score('best-practices'),
            seo: score('seo'),
            metrics: { fcp: metric('first-contentful-paint'), lcp: metric('largest-contentful-paint'), tbt: metric('total-blocking-time'), cls: metric('cumulative-layout-shift'), si: metric('speed-index') },
            lcpElement: lcpElement.slice(0, 120),
            lcpPhases,
            failingAudits: failing,
          });
        }
      } finally {
        await chrome.kill();
      }
    }
    console.table(scores.map((s) => ({ lang: s.lang, route: s.route, performance: s.performance, 'perf. runs': s.performanceRuns.join(' '), accessibility: s.accessibility, 'best practices': s.bestPractices, seo: s.seo, ...s.metrics })));
    for (const s of scores) console.log(`[bench:web] ${s.lang} ${s.route} LCP element ${s.lcpElement} phases ${JSON.stringify(s.lcpPhases)}`);
    for (const s of scores) if (s.failingAudits.length) console.log(`[bench:web] ${s.lang} ${s.route} failing audits: ${s.failingAudits.join(', ')}`);
    const results = { date: new Date().toISOString(), targets: { homeJsKB: 120, performance: 95, accessibility: 100, bestPractices: 95 }, weights, lighthouse: scores };
    await fs.writeFile(path.join(root, 'bench/web-results.json'), `${JSON.stringify(results, null, 2)}\n`);
    console.log('[bench:web] wrote bench/web-results.json');
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.on('exit', r));
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.rm(buildDir, { recursive: true, force: true });
  }
}

await main();
