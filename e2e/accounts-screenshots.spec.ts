import type { Page } from '@playwright/test';
import { USER_MESSAGES } from '../src/shared/users/texts';
import { ACCOUNT_TEXTS } from '../src/web/users/form/messages';
import { ADMIN, adminChange, type NewUser, registerViaApi, signIn } from './api';
import { axeMain, expect, test } from './fixtures';

// Screenshots of the account pages at phone and desktop size, light and dark, with an axe check
// (WCAG 2 A/AA, colour contrast included) of each page's main content, and a check that nothing
// is wider than the phone. Slow and only for looking at: run with SCREENSHOTS=1. Pictures land
// in screenshots/accounts/ (git-ignored).

test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take the account screenshots');
test.describe.configure({ timeout: 180_000 });

const DIR = 'screenshots/accounts';
const VIEWPORTS = [
  { name: '360', size: { width: 360, height: 780 } },
  { name: '1280', size: { width: 1280, height: 800 } },
] as const;
const THEMES = ['light', 'dark'] as const;

const axe = axeMain;

/** The page never scrolls sideways (wide tables scroll inside their own box). */
async function noPageOverflow(page: Page, label: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect.soft(overflow, `${label}: horizontal page overflow`).toBeLessThanOrEqual(0);
}

async function shot(page: Page, name: string) {
  // From the top, so the sticky navbar is where a visitor sees it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${DIR}/${name}.png`, fullPage: true });
}

let donor: NewUser;

test.beforeAll(async ({ request }) => {
  donor = await registerViaApi(request, { name: 'Abdul Jabbar Chowdhury' });
  // Enough users for two pages of the admin's table, some blocked.
  for (let i = 0; i < 11; i++) {
    const user = await registerViaApi(request, { name: `Donor Number ${i + 1}`, blood_group: 'AB-' });
    if (i % 4 === 1) await adminChange(request, user.email, { status: 'blocked' });
    if (i === 2) await adminChange(request, user.email, { role: 'volunteer' });
  }
});

for (const viewport of VIEWPORTS) {
  for (const theme of THEMES) {
    test(`account pages at ${viewport.name} in ${theme}`, async ({ page, browser, baseURL }) => {
      const tag = `${viewport.name}-${theme}`;
      await page.setViewportSize(viewport.size);
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);

      await page.goto('/login');
      await expect(page.getByRole('button', { name: ACCOUNT_TEXTS.login, exact: true })).toBeVisible();
      await axe(page, `login ${tag}`);
      await noPageOverflow(page, `login ${tag}`);
      await shot(page, `login-${tag}`);
      await page.goto('/login?error=social');
      await expect(page.getByRole('alert')).toHaveText(ACCOUNT_TEXTS.socialFailure);
      await axe(page, `login with alert ${tag}`);
      await shot(page, `login-alert-${tag}`);

      await page.goto('/register');
      // The page is a lazy chunk: wait for it before checking it.
      await expect(page.getByRole('button', { name: ACCOUNT_TEXTS.createAccount })).toBeVisible();
      await axe(page, `register ${tag}`);
      await page.getByRole('button', { name: ACCOUNT_TEXTS.createAccount }).click();
      await expect(page.getByText(USER_MESSAGES.photoRequired)).toBeVisible();
      await page.getByLabel('Password', { exact: true }).fill('abc');
      await axe(page, `register with errors ${tag}`);
      await noPageOverflow(page, `register ${tag}`);
      await shot(page, `register-errors-${tag}`);

      // Signed in as a donor: the profile, then its form.
      const donorContext = await browser.newContext({ baseURL, viewport: viewport.size });
      await donorContext.addInitScript((t) => localStorage.setItem('theme', t), theme);
      const donorPage = await donorContext.newPage();
      await signIn(donorPage, donor, '/dashboard/profile');
      const main = donorPage.getByRole('main');
      await expect(main.getByRole('button', { name: ACCOUNT_TEXTS.edit })).toBeVisible();
      await expect(main.locator('img').first()).toHaveJSProperty('complete', true);
      await axe(donorPage, `profile ${tag}`);
      await noPageOverflow(donorPage, `profile ${tag}`);
      await shot(donorPage, `profile-${tag}`);
      await main.getByRole('button', { name: ACCOUNT_TEXTS.edit }).click();
      await expect(main.getByLabel('Division')).not.toHaveValue('');
      await expect(main.locator('#profile-upazila option:checked')).not.toHaveText('Select Upazila');
      await axe(donorPage, `profile form ${tag}`);
      await noPageOverflow(donorPage, `profile form ${tag}`);
      await shot(donorPage, `profile-edit-${tag}`);

      // A first social sign-in has no blood group or location yet: the notice and the open form.
      await donorPage.route(/\/api\/users\/[^/?]+$/, async (route) => {
        const res = await route.fetch();
        const user = (await res.json()) as Record<string, unknown>;
        for (const k of ['blood_group', 'division', 'district', 'upazila', 'divisionId', 'districtId', 'upazilaId']) user[k] = null;
        await route.fulfill({ response: res, json: user });
      });
      await donorPage.reload();
      await expect(donorPage.getByText(ACCOUNT_TEXTS.completeProfile)).toBeVisible();
      await expect(main.getByRole('heading', { name: USER_MESSAGES.profileTitle })).toBeVisible();
      await axe(donorPage, `incomplete profile ${tag}`);
      await shot(donorPage, `profile-incomplete-${tag}`);
      await donorContext.close();

      // The admin's table.
      await signIn(page, ADMIN, '/dashboard/allUsers');
      await expect(page.getByText(/^Total Users: \d+$/)).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Users pages' })).toBeVisible();
      await axe(page, `all users ${tag}`);
      await noPageOverflow(page, `all users ${tag}`);
      await shot(page, `all-users-${tag}`);
    });
  }
}
