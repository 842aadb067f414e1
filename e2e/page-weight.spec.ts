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
