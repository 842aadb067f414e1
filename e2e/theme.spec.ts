import { THEME_TOGGLE_LABEL } from '../src/shared/site/texts';
import { expect, PHONE, test } from './fixtures';
import type { Page } from '@playwright/test';

const htmlTheme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);
const storedTheme = (page: Page) => page.evaluate(() => localStorage.getItem('theme'));
const toggle = (page: Page) => page.getByRole('switch', { name: THEME_TOGGLE_LABEL });

test.describe('theme', () => {
  test('follows the system when nothing is stored', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    expect(await storedTheme(page)).toBeNull();
    expect(await htmlTheme(page)).toBe('dark');
    await expect(toggle(page)).toBeChecked();

    // Live: the system switching to light switches the page while nothing is stored.
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => htmlTheme(page)).toBe('light');
    await expect(toggle(page)).not.toBeChecked();
  });

  test('the switch saves the choice, which survives a reload and beats the system', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    expect(await htmlTheme(page)).toBe('light');
    await expect(toggle(page)).not.toBeChecked();

    await toggle(page).click();
    await expect(toggle(page)).toBeChecked();
    expect(await htmlTheme(page)).toBe('dark');
    expect(await storedTheme(page)).toBe('dark');

    await page.reload();
    expect(await htmlTheme(page)).toBe('dark');
    await expect(toggle(page)).toBeChecked();

    await toggle(page).click();
    await expect(toggle(page)).not.toBeChecked();
    expect(await storedTheme(page)).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    expect(await htmlTheme(page)).toBe('light');
    await expect(toggle(page)).not.toBeChecked();
  });

  test('is applied before the app starts (no flash) by the external theme-init.js', async ({ browser, request, baseURL }) => {
    const html = await (await request.get('/')).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<script src="/theme-init.js"></script>');
    // Blocking classic script, ahead of the app's module script.
    expect(head.indexOf('/theme-init.js')).toBeLessThan(head.indexOf('type="module"'));

    // With the app's own scripts blocked, only theme-init.js can set the attribute. A separate
    // context: the blocked scripts log errors that this test expects.
    const context = await browser.newContext({ baseURL, colorScheme: 'light' });
    await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
    const page = await context.newPage();
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    expect(await htmlTheme(page)).toBe('dark');
    await context.close();
  });

  test('on a phone, the switch is in the navbar and works', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await expect(toggle(page)).toBeVisible();
    await toggle(page).click();
    expect(await htmlTheme(page)).toBe('dark');
  });
});
