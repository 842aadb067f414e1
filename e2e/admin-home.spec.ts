import type { Page } from '@playwright/test';
import { ADMIN, adminChange, registerViaApi, signIn } from './api';
import { expect, mainHeading, test } from './fixtures';

// The admin home (issue 5): a welcome and the three site-wide statistics, for admins and volunteers.

const stat = (page: Page, label: string) =>
  page.getByRole('main').getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd[1]');

test.describe('admin home', () => {
  test('an admin sees the welcome and the three statistics', async ({ page, request }) => {
    // At least one more user and a known state: no funds without Stripe in this suite.
    await registerViaApi(request);
    await signIn(page, ADMIN, '/dashboard/adminHome');
    await expect(mainHeading(page)).toContainText('Welcome,');
    await expect(stat(page, 'Total User')).toHaveText(/^[1-9][\d,]*$/);
    await expect(stat(page, 'Total Funding')).toHaveText('৳0.00');
    await expect(stat(page, 'Total Blood Donation Request')).toHaveText(/^\d[\d,]*$/);
  });

  test('a volunteer sees it too, welcomed by name', async ({ page, request }) => {
    const volunteer = await registerViaApi(request, { name: 'Nadia Volunteer' });
    await adminChange(request, volunteer.email, { role: 'volunteer' });
    await signIn(page, volunteer, '/dashboard/adminHome');
    await expect(mainHeading(page)).toHaveText('Welcome, Nadia Volunteer');
    await expect(stat(page, 'Total User')).toHaveText(/^[1-9][\d,]*$/);
  });
});
