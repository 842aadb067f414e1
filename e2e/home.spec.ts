import { CONTACT, DOCUMENT_TITLE, FOOTER, HOME_ACTIONS, HOME_HEADING, TAGLINE } from '../src/shared/site/texts';
import { ADMIN, tokenFor, uniqueEmail } from './api';
import { expect, mainHeading, PHONE, test } from './fixtures';

test.describe('home page', () => {
  test('greets with the heading, the tagline and the two actions', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(DOCUMENT_TITLE);
    await expect(mainHeading(page)).toHaveText(HOME_HEADING);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByText(TAGLINE, { exact: true }).first()).toBeVisible();

    // The hero's actions (the step cards below link to "Search donors" too, issue 38).
    const hero = page.getByRole('region', { name: HOME_HEADING });
    const join = hero.getByRole('link', { name: HOME_ACTIONS.joinAsDonor });
    const search = hero.getByRole('link', { name: HOME_ACTIONS.searchDonors });
    await expect(join).toHaveAttribute('href', '/login');
    await expect(search).toHaveAttribute('href', '/searchDonors');

    await join.click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(mainHeading(page)).toHaveText('Login');
    await page.goBack();
    await hero.getByRole('link', { name: HOME_ACTIONS.searchDonors }).click();
    await expect(page).toHaveURL(/\/searchDonors$/);
    await expect(mainHeading(page)).toHaveText('Search Donors');
  });

  test('has the landmarks and the banner and contact sections', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Connecting donors with recipients' })).toBeVisible();
    await expect(page.getByRole('heading', { name: CONTACT.heading })).toBeVisible();
  });

  test('contact form stores the message for staff, shows no placeholder helpline, and does not leave the page', async ({ page, request }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: CONTACT.heading })).toBeVisible();
    // No SITE_HELPLINE on the test server (issue 38): no number at all, rather than a made-up one.
    await expect(page.locator('a[href^="tel:"]')).toHaveCount(0);
    const email = uniqueEmail('contact');
    await page.getByLabel(CONTACT.nameLabel, { exact: true }).fill('Nusrat Jahan');
    await page.getByLabel(CONTACT.emailLabel, { exact: true }).fill(email);
    await page.getByLabel(CONTACT.messageLabel, { exact: true }).fill('Can our university club run a donation camp?');
    await page.getByRole('button', { name: CONTACT.submit }).click();
    await expect(page.getByRole('status').filter({ hasText: CONTACT.sentNote })).toBeVisible();
    await expect(page.getByLabel(CONTACT.messageLabel, { exact: true })).toHaveValue('');
    await expect(page).toHaveURL(/\/$/);
    // Staff read it, with the sender's email.
    const token = await tokenFor(request, ADMIN);
    const messages = (await (await request.get('/api/contact-messages?page=1&limit=20', { headers: { authorization: `Bearer ${token}` } })).json()) as { email: string; message: string }[];
    expect(messages.find((m) => m.email === email)?.message).toBe('Can our university club run a donation camp?');
  });

  test("the footer's Privacy policy and Terms of use lead to their pages", async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: FOOTER.privacyPolicy }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(mainHeading(page)).toHaveText(FOOTER.privacyPolicy);
    await expect(page.getByRole('heading', { name: 'Who sees it' })).toBeVisible();
    await footer.getByRole('link', { name: FOOTER.termsOfUse }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(mainHeading(page)).toHaveText(FOOTER.termsOfUse);
  });

  test('fits a 360 px phone without horizontal scrolling', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await expect(mainHeading(page)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
