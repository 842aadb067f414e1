import { NAV_LABELS, PAGE_HEADINGS, HOME_HEADING } from '../src/shared/site/texts';
import { expect, mainHeading, PHONE, test } from './fixtures';
import { BANGLA_INIT } from './i18n-check';

// Signed out, the navbar shows these (spec section 2); Funding (/c) appears only when signed in.
const NAV_TARGETS = [
  { label: NAV_LABELS.home, path: '/', heading: HOME_HEADING },
  { label: NAV_LABELS.donationRequests, path: '/allRequest', heading: PAGE_HEADINGS.donationRequests },
  { label: NAV_LABELS.blog, path: '/blog', heading: PAGE_HEADINGS.blog },
  { label: NAV_LABELS.searchDonors, path: '/searchDonors', heading: PAGE_HEADINGS.searchDonors },
  { label: NAV_LABELS.login, path: '/login', heading: PAGE_HEADINGS.login },
  { label: NAV_LABELS.register, path: '/register', heading: PAGE_HEADINGS.register },
];

test.describe('navbar', () => {
  test('every link resolves to a page with its heading on desktop', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: NAV_LABELS.funding })).toHaveCount(0);
    for (const target of NAV_TARGETS) {
      await nav.getByRole('link', { name: target.label, exact: true }).click();
      await expect(page).toHaveURL(target.path === '/' ? /\/$/ : new RegExp(`${target.path}$`));
      await expect(mainHeading(page)).toHaveText(target.heading);
      await expect(page.getByRole('heading', { name: PAGE_HEADINGS.notFound })).toHaveCount(0);
    }
  });

  test('on a 1280 px desktop the links never sit over the buttons beside them, in English and Bangla', async ({ browser, baseURL }) => {
    for (const bangla of [false, true]) {
      const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
      if (bangla) await context.addInitScript(BANGLA_INIT);
      const page = await context.newPage();
      await page.goto('/');
      const nav = page.getByRole('navigation', { name: bangla ? 'প্রধান মেনু' : 'Main' });
      const lastLink = nav.locator('.navbar-center li').last();
      await expect(lastLink).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      const linksEnd = (await lastLink.boundingBox())!;
      const buttonsStart = (await nav.locator('.navbar-end > *').first().boundingBox())!;
      expect(linksEnd.x + linksEnd.width, bangla ? 'bn' : 'en').toBeLessThanOrEqual(buttonsStart.x);
      await context.close();
    }
  });

  test('folds into a menu on a phone, and every link in it works', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    const menuButton = page.getByRole('button', { name: 'Menu' });
    for (const target of NAV_TARGETS) {
      await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
      await menuButton.click();
      await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
      await page.locator('#mobile-menu').getByRole('link', { name: target.label, exact: true }).click();
      await expect(mainHeading(page)).toHaveText(target.heading);
    }
    // Escape closes the menu and gives focus back to its button.
    await menuButton.click();
    await page.keyboard.press('Escape');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).toBeFocused();
  });

  test('public routes resolve when loaded directly', async ({ page }) => {
    const routes = [
      ['/allRequest', PAGE_HEADINGS.donationRequests],
      ['/blog', PAGE_HEADINGS.blog],
      ['/searchDonors', PAGE_HEADINGS.searchDonors],
      ['/login', PAGE_HEADINGS.login],
      ['/register', PAGE_HEADINGS.register],
    ] as const;
    for (const [path, heading] of routes) {
      await page.goto(path);
      await expect(mainHeading(page), path).toHaveText(heading);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveCount(1);
    }
  });

  test('private routes send a signed-out visitor to /login', async ({ page }) => {
    for (const path of ['/requestDetails/abc123', '/c', '/funding', '/dashboard/userHome', '/dashBoard/adminHome']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/login$/);
      await expect(mainHeading(page), path).toHaveText(PAGE_HEADINGS.login);
    }
  });
});

test.describe('unknown routes', () => {
  test('show the 404 page with a link home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(mainHeading(page)).toHaveText(PAGE_HEADINGS.notFound);
    await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(mainHeading(page)).toHaveText(HOME_HEADING);
  });

  test('are 404 inside the app too, after client-side navigation', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => {
      window.history.pushState({}, '', '/definitely-missing');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(mainHeading(page)).toHaveText(PAGE_HEADINGS.notFound);
  });
});

test.describe('crashes', () => {
  test('a page that fails to load shows the error page inside the layout', async ({ browser, baseURL }) => {
    // A separate context: the failed chunk load logs errors that this test expects.
    const context = await browser.newContext({ baseURL });
    await context.route(/\/assets\/blog-page-[^/]*\.js$/, (route) => route.abort());
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: NAV_LABELS.blog, exact: true }).click();
    await expect(mainHeading(page)).toHaveText(PAGE_HEADINGS.error);
    await expect(page.getByRole('button', { name: 'Reload the page' })).toBeVisible();
    // The navbar still works.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: NAV_LABELS.home, exact: true }).click();
    await expect(mainHeading(page)).toHaveText(HOME_HEADING);
    await context.close();
  });
});
