import { LANG_SWITCH_LABEL } from '../src/shared/i18n/model';
import { CONTACT, HOME_HEADING } from '../src/shared/site/texts';
import BN from '../src/web/components/texts.bn';
import { expect, test } from './fixtures';
import { banglaFontLoaded } from './i18n-check';
import type { Page } from '@playwright/test';

// Issue 16: the language switch, the stored choice, the browser's languages, <html lang>.

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const storedLang = (page: Page) => page.evaluate(() => localStorage.getItem('lang'));
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test.describe('language', () => {
  test('English by default: the switch offers বাংলা, no Bangla text or font is loaded', async ({ page }) => {
    const scripts: Promise<string>[] = [];
    const fonts: string[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('.js')) scripts.push(r.text());
      if (/\.woff2?$/.test(r.url()) && !r.url().endsWith('/fonts/bangla-label.woff2')) fonts.push(r.url());
    });
    await page.goto('/');
    await expect(heading(page)).toHaveText(HOME_HEADING);
    expect(await htmlLang(page)).toBe('en');
    await expect(page.getByRole('button', { name: LANG_SWITCH_LABEL.en })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // The only Bangla in the code an English visit loads is the switch's own label.
    const bangla = (await Promise.all(scripts)).flatMap((code) => code.replaceAll(LANG_SWITCH_LABEL.en, '').match(/[\u0980-\u09FF]+/g) ?? []);
    expect(bangla).toEqual([]);
    expect(fonts).toEqual([]);
    expect(await storedLang(page)).toBeNull();
  });

  test('switching changes the page in place, keeps a half-filled form, and survives a reload', async ({ page }) => {
    await page.goto('/');
    const name = page.getByLabel(CONTACT.nameLabel);
    await name.fill('Rahim');
    await page.getByRole('button', { name: LANG_SWITCH_LABEL.en }).click();
    await expect(heading(page)).toHaveText(BN['site/brand'].heading);
    expect(await htmlLang(page)).toBe('bn');
    expect(await storedLang(page)).toBe('bn');
    await expect(page.getByLabel(BN['site/contact'].nameLabel)).toHaveValue('Rahim');
    await expect(page.getByRole('link', { name: BN['site/nav'].donationRequests }).first()).toBeVisible();
    // The Bengali font arrives (font-display: swap) and is used.
    await expect.poll(() => page.evaluate(() => document.fonts.check('16px "Noto Sans Bengali"', 'রক্ত'))).toBe(true);

    // The installed app's name too.
    const manifest = await page.evaluate(() => document.querySelector('link[rel="manifest"]')?.getAttribute('href'));
    expect(manifest).toBe('/manifest-bn.webmanifest');
    expect((await (await page.request.get(manifest!)).json()).name).toBe(BN['site/brand'].name);

    await page.reload();
    await expect(heading(page)).toHaveText(BN['site/brand'].heading);
    expect(await htmlLang(page)).toBe('bn');
    await page.getByRole('button', { name: LANG_SWITCH_LABEL.bn }).click();
    await expect(heading(page)).toHaveText(HOME_HEADING);
    expect(await storedLang(page)).toBe('en');
  });

  test('with nothing stored, Bangla when the browser lists bn before en', async ({ browser, baseURL }) => {
    for (const [locale, expected] of [
      ['bn-BD', 'bn'],
      ['en-US', 'en'],
    ] as const) {
      const context = await browser.newContext({ baseURL, locale });
      const page = await context.newPage();
      await page.goto('/');
      await expect(heading(page)).toHaveText(expected === 'bn' ? BN['site/brand'].heading : HOME_HEADING);
      expect(await htmlLang(page)).toBe(expected);
      await context.close();
    }
  });

  test('a Bangla first visit paints before it fetches the Bengali font, then uses it (decision 055)', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, locale: 'bn-BD' });
    const page = await context.newPage();
    const response = await page.goto('/');
    expect(await response!.text()).not.toMatch(/noto-sans-bengali|bangla-font/);
    await expect(heading(page)).toHaveText(BN['site/brand'].heading);
    // This machine has no Bengali font of its own, so local() finds none and the file is fetched.
    await banglaFontLoaded(page);
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      fonts: performance
        .getEntriesByType('resource')
        .filter((e) => /noto-sans-bengali[^/]*\.woff2$/.test(e.name))
        .map((e) => e.startTime),
    }));
    expect(timing.paint).toBeGreaterThan(0);
    expect(timing.fonts.length).toBeGreaterThan(0);
    for (const start of timing.fonts) expect(start).toBeGreaterThan(timing.paint!);
    await context.close();
  });

  test('the API answers errors in the chosen language, with the same code', async ({ request }) => {
    const en = await request.get('/api/donationRequest/00000000-0000-4000-8000-000000000000', { headers: { 'Accept-Language': 'en' } });
    const bn = await request.get('/api/donationRequest/00000000-0000-4000-8000-000000000000', { headers: { 'Accept-Language': 'bn-BD,en;q=0.5' } });
    expect(en.status()).toBe(bn.status());
    const [a, b] = [await en.json(), await bn.json()];
    expect(b.code).toBe(a.code);
    expect(b.message).not.toBe(a.message);
    expect(b.message).toMatch(/[\u0980-\u09FF]/);
  });
});
