import { ADMIN, signIn } from './api';
import { axeMain, expect, test } from './fixtures';
import { withDemoData } from './insight-db';

// Screenshots of the admin home's charts (issue 18) over the demo data, at phone and desktop size,
// light and dark, with an axe check. Only for looking at: run with SCREENSHOTS=1. Pictures land in
// screenshots/insight/ (git-ignored).

test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take the insight screenshots');
test.describe.configure({ timeout: 120_000 });

const DIR = 'screenshots/insight';
const VIEWPORTS = [
  { name: '360', size: { width: 360, height: 780 } },
  { name: '1280', size: { width: 1280, height: 800 } },
] as const;
const THEMES = ['light', 'dark'] as const;

test.beforeAll(async () => {
  expect(await withDemoData(), "the e2e server's database").toBe(true);
});

for (const viewport of VIEWPORTS) {
  for (const theme of THEMES) {
    test(`admin home at ${viewport.name} in ${theme}`, async ({ page }) => {
      await page.setViewportSize(viewport.size);
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await signIn(page, ADMIN, '/dashboard/adminHome');
      await expect(page.locator('.uplot canvas')).toHaveCount(2);
      await page.waitForLoadState('networkidle');
      await page.getByRole('main').getByRole('button', { name: /^Dhaka: / }).focus();
      await page.screenshot({ path: `${DIR}/admin-home-${viewport.name}-${theme}.png`, fullPage: true });
      await axeMain(page, `admin home ${viewport.name} ${theme}`);
      for (const summary of await page.getByText('Show as a table').all()) await summary.click();
      await page.screenshot({ path: `${DIR}/admin-home-tables-${viewport.name}-${theme}.png`, fullPage: true });
    });
  }
}
