import { CONTACT, DOCUMENT_TITLE, HOME_ACTIONS, HOME_HEADING, TAGLINE } from '../src/shared/site';
import { expect, mainHeading, PHONE, test } from './fixtures';

test.describe('home page', () => {
  test('greets with the heading, the tagline and the two actions', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(DOCUMENT_TITLE);
    await expect(mainHeading(page)).toHaveText(HOME_HEADING);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByText(TAGLINE, { exact: true }).first()).toBeVisible();

    const join = page.getByRole('main').getByRole('link', { name: HOME_ACTIONS.joinAsDonor });
    const search = page.getByRole('main').getByRole('link', { name: HOME_ACTIONS.searchDonors });
    await expect(join).toHaveAttribute('href', '/login');
    await expect(search).toHaveAttribute('href', '/searchDonors');

    await join.click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(mainHeading(page)).toHaveText('Login');
    await page.goBack();
    await page.getByRole('main').getByRole('link', { name: HOME_ACTIONS.searchDonors }).click();
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

  test('contact form has labelled fields, a helpline and does not leave the page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: CONTACT.helplineDisplay }).first()).toHaveAttribute(
      'href',
      `tel:${CONTACT.helplineTel}`,
    );
    await page.getByLabel(CONTACT.nameLabel, { exact: true }).fill('Nusrat Jahan');
    await page.getByLabel(CONTACT.emailLabel, { exact: true }).fill('nusrat@example.com');
    await page.getByLabel(CONTACT.messageLabel, { exact: true }).fill('Can our university club run a donation camp?');
    await page.getByRole('button', { name: CONTACT.submit }).click();
    await expect(page.getByRole('status').filter({ hasText: CONTACT.sentNote })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('fits a 360 px phone without horizontal scrolling', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await expect(mainHeading(page)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
