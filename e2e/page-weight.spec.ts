import { expect, test } from './fixtures';

// The home page must stay light for cheap phones on slow networks: the framework, the layout
// and the home page itself, nothing else (other pages and the toast library load on demand).
const HOME_JS_BUDGET_BYTES = 120 * 1024;

test('the home page loads under 120 kB of compressed JavaScript', async ({ page }) => {
  await page.goto('/', { waitUntil: 'networkidle' });
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry): entry is PerformanceResourceTiming => entry instanceof PerformanceResourceTiming)
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({ path: new URL(entry.name).pathname, bytes: entry.encodedBodySize })),
  );
  const appScripts = scripts.filter((s) => s.path.startsWith('/assets/'));
  expect(appScripts.length, JSON.stringify(scripts)).toBeGreaterThan(0);
  expect(appScripts.map((s) => s.path).join(' ')).not.toMatch(/-page-/);
  const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
  expect(total, JSON.stringify(scripts)).toBeLessThan(HOME_JS_BUDGET_BYTES);
});

// A first visit to a lazily loaded page gets its chunks as modulepreload links in the HTML, so they
// download with the main bundle; every link names a real file, and the page loads nothing else.
test('a first visit to /login preloads exactly the chunks the page then loads', async ({ page, request }) => {
  const html = await (await request.get('/login')).text();
  const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]!);
  expect(preloaded.join(' ')).toMatch(/\/assets\/login-page-[\w-]+\.js/);
  for (const href of preloaded) expect((await request.get(href)).status(), href).toBe(200);

  const loaded = new Set<string>();
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.endsWith('.js')) loaded.add(u.pathname);
  });
  await page.goto('/login', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const href of preloaded) expect([...loaded], href).toContain(href);
});

// On a phone's first visit every file costs a round trip, so vite.config.ts groups the pages' shared
// modules into a few chunks (decision 021). Public pages stay within a handful of scripts, and none
// fetches zod before the visitor touches a form (the sign-in forms load their validation then).
for (const path of ['/', '/allRequest', '/blog', '/searchDonors', '/login', '/register']) {
  test(`a first visit to ${path} fetches at most 8 scripts, none of them zod`, async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname.endsWith('.js')) scripts.push(u.pathname);
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(scripts.length, scripts.join(' ')).toBeGreaterThan(0);
    expect(scripts.length, scripts.join(' ')).toBeLessThanOrEqual(8);
    expect(scripts.join(' ')).not.toMatch(/\/assets\/zod/);
  });
}
