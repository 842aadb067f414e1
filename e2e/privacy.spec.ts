import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { maskEmail } from '../src/shared/privacy/model';
import { PRIVACY_TEXTS } from '../src/shared/privacy/texts';
import { NAV_LABELS } from '../src/shared/site/texts';
import { pathTo } from '../src/shared/routing/routes';
import { BASE_URL, type NewUser, registerViaApi, signIn } from './api';
import { expect, test } from './fixtures';

// Issue 17: donors' emails in the search (masked for visitors, in full for signed-in users), the
// owner's data export, and deleting an account from the profile's danger zone.

// Rajshahi division, Pabna district, Bhangura upazila: no other spec registers donors there.
const PABNA = { division: '2', district: '13', upazila: '115' };

test('signed-in users see donors\' emails in full; visitors masked', async ({ page, browser }) => {
  // A name of its own: the rows of other runs on the same database are not this test's.
  const name = `Masked Donor ${Date.now().toString(36)}`;
  const donor = await registerViaApi(request(page), { name, blood_group: 'B-', ...PABNA });
  const viewer = await registerViaApi(request(page));
  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  await anonymous.goto(`/searchDonors?bloodGroup=B-&division=${PABNA.division}&district=${PABNA.district}&upazila=${PABNA.upazila}`);
  const anonymousRow = anonymous.getByRole('region', { name: 'Donors matching the search' }).locator('tbody tr').filter({ hasText: name });
  await expect(anonymousRow).toContainText(maskEmail(donor.email));
  await expect(anonymousRow.getByRole('link')).toHaveCount(0);
  await visitor.close();

  await signIn(page, viewer, `/searchDonors?bloodGroup=B-&division=${PABNA.division}&district=${PABNA.district}&upazila=${PABNA.upazila}`);
  const row = page.getByRole('region', { name: 'Donors matching the search' }).locator('tbody tr').filter({ hasText: name });
  await expect(row.getByRole('link', { name: donor.email })).toHaveAttribute('href', `mailto:${donor.email}`);
});

test('a user downloads their data, then deletes their account', async ({ page }) => {
  const user: NewUser = await registerViaApi(request(page), { name: 'Leaving Donor' });
  await signIn(page, user, '/dashboard/profile');
  const section = page.getByRole('region', { name: PRIVACY_TEXTS.sectionTitle });

  const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: PRIVACY_TEXTS.exportButton }).click()]);
  const data = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as { profile: { email: string; name: string } };
  expect(data.profile).toMatchObject({ email: user.email, name: 'Leaving Donor' });

  await section.getByRole('button', { name: PRIVACY_TEXTS.deleteButton }).click();
  const dialog = page.getByRole('dialog', { name: PRIVACY_TEXTS.dialogTitle });
  const confirm = dialog.getByRole('button', { name: PRIVACY_TEXTS.confirmButton });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(PRIVACY_TEXTS.confirmLabel).fill('someone-else@example.com');
  await expect(confirm).toBeDisabled();
  // Cancel keeps the account.
  await dialog.getByRole('button', { name: PRIVACY_TEXTS.cancel }).click();
  await expect(dialog).toBeHidden();

  await section.getByRole('button', { name: PRIVACY_TEXTS.deleteButton }).click();
  await dialog.getByLabel(PRIVACY_TEXTS.confirmLabel).fill(user.email);
  await confirm.click();
  // Signed out: the sign-in page, with the confirmation.
  await expect(page.getByText(PRIVACY_TEXTS.deleted)).toBeVisible();
  await expect(page).toHaveURL(`${BASE_URL}${pathTo('login')}`);
  await expect(page.getByRole('link', { name: NAV_LABELS.register }).first()).toBeVisible();

  // The password no longer signs in.
  const again = await page.request.post('/api/auth/sign-in/email', { data: { email: user.email, password: user.password }, headers: { origin: BASE_URL } });
  expect(again.ok()).toBe(false);
});

const request = (page: Page) => page.request;
