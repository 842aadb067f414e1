import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, BASE_URL, registerViaApi, signIn, tokenFor, uploadPicture } from './api';
import { expect, test } from './fixtures';

/**
 * axe on every route, signed out and signed in as a donor and as an admin, in the light and the
 * dark theme: no serious or critical violation (that covers labels on every field, names on
 * every icon button, contrast). Then the main flow done with the keyboard alone.
 */

const THEMES = ['light', 'dark'] as const;

async function setTheme(page: Page, theme: (typeof THEMES)[number]) {
  await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
}

async function check(page: Page, path: string, theme: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('h1').first()).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(' | ')}`),
    `${path} in ${theme}`,
  ).toEqual([]);
}

/** Data the signed-in pages show: a donation request and a published blog. */
async function content(request: APIRequestContext, donor: { email: string; password: string }) {
  const token = await tokenFor(request, donor);
  const date = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const res = await request.post('/api/donationRequest', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      recipientName: 'Rokeya Khatun', bloodGroup: 'A-', hospitalName: 'Chittagong Medical College Hospital', fullAddress: 'K.B. Fazlul Kader Road',
      donationDate: date, donationTime: '09:30', requestMessage: 'Needs one bag before surgery.', recipientDivision: '1', recipientDistrict: '1', recipientUpazila: '1',
    },
  });
  const requestId = ((await res.json()) as { insertedId: string }).insertedId;
  const adminToken = await tokenFor(request, ADMIN);
  const blog = await request.post('/api/blog', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { blogTitle: 'Before you donate', content: '<h2>Eat and drink well</h2><p>Have a meal and plenty of water.</p>', thumbnail: await uploadPicture(request) },
  });
  const blogId = ((await blog.json()) as { insertedId: string }).insertedId;
  await request.patch(`/api/blog?status=published&&id=${blogId}`, { headers: { authorization: `Bearer ${adminToken}` } });
  return { requestId, blogId };
}

test.describe('accessibility (axe)', () => {
  test.describe.configure({ timeout: 180_000 });

  for (const theme of THEMES) {
    test(`signed out, ${theme}`, async ({ page }) => {
      await setTheme(page, theme);
      for (const path of ['/', '/allRequest', '/blog', '/searchDonors', '/login', '/register', '/unsubscribe', '/no/such/page']) await check(page, path, theme);
    });

    test(`donor, ${theme}`, async ({ page, request }) => {
      const donor = await registerViaApi(request);
      const { requestId, blogId } = await content(request, donor);
      await setTheme(page, theme);
      await signIn(page, donor);
      for (const path of [
        '/dashboard/userHome',
        '/dashboard/profile',
        '/dashboard/myDonationRequests',
        '/dashboard/createDonationReq',
        `/dashboard/userHome/viewDetails/${requestId}`,
        `/dashboard/userHome/editDonation/${requestId}`,
        `/requestDetails/${requestId}`,
        `/viewBlog/${blogId}`,
        '/c',
        '/dashboard/notifications',
        `/respond/${requestId}?answer=accept`,
      ]) {
        await check(page, path, theme);
      }
    });

    test(`admin, ${theme}`, async ({ page, request }) => {
      const donor = await registerViaApi(request);
      await content(request, donor);
      await setTheme(page, theme);
      await signIn(page, ADMIN);
      for (const path of ['/dashboard/adminHome', '/dashboard/allUsers', '/dashboard/allDonationRequest', '/dashboard/contentManagement', '/dashboard/addBlog', '/dashboard/reports', '/dashboard/audit']) {
        await check(page, path, theme);
      }
    });
  }
});

test('the main flow works with the keyboard alone', async ({ page, request }) => {
  const donor = await registerViaApi(request);
  await page.goto('/');
  // Tab to the Login link in the navbar and follow it.
  let onLogin = false;
  for (let i = 0; i < 25 && !onLogin; i++) {
    await page.keyboard.press('Tab');
    onLogin = await page.evaluate(() => document.activeElement?.textContent?.trim() === 'Login' && document.activeElement.tagName === 'A');
  }
  expect(onLogin).toBe(true);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
  // Fill the form by keyboard: focus the email field via its label, type, Tab to the password.
  await page.getByLabel('Email').focus();
  await page.keyboard.type(donor.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(donor.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await expect(page.getByRole('button', { name: /account menu/i })).toBeVisible();
  // Open the account menu with the keyboard and reach the dashboard.
  await page.getByRole('button', { name: /account menu/i }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('link', { name: 'Dashboard' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/userHome$/);
});
