import type { Page } from '@playwright/test';
import { FUNDING_MESSAGES } from '../src/shared/funding/texts';
import { DEFAULT_SECRET_KEY } from '../test/stripe-stand-in';
import { ADMIN, registerViaApi, signIn } from './api';
import { reportPaid } from './gifts';
import { expect, mainHeading, test } from './fixtures';

// A whole gift: Give Fund on /c sends the browser to the (stand-in) Stripe checkout page; Stripe's
// signed webhook reports the paid session; the gift shows in the ledger and on the admin home.

test('a gift goes through Stripe Checkout and shows in the ledger and on the admin home', async ({ page, request, browser }) => {
  const donor = await registerViaApi(request, { name: 'Tahmid Rahman' });
  await signIn(page, donor, '/c');
  await expect(mainHeading(page)).toHaveText(FUNDING_MESSAGES.heading);
  const before = Number((await (await page.request.get('/api/funding/summary', { headers: await bearer(page) })).json()).total);

  await page.getByRole('button', { name: FUNDING_MESSAGES.giveFund }).click();
  await page.getByRole('dialog').getByLabel(/amount/i).fill('750');
  // Named by choice: other users (the donor too) see names only where the giver asked for it.
  await page.getByRole('dialog').getByLabel(FUNDING_MESSAGES.showName).check();
  await page.getByRole('dialog').getByRole('button', { name: /pay|give|continue/i }).last().click();
  // Off to the payment page of the Stripe stand-in.
  await page.waitForURL(/\/pay\/cs_test_/);
  const sessionId = new URL(page.url()).pathname.split('/').pop()!;
  const session = await (await request.get(`${new URL(page.url()).origin}/v1/checkout/sessions/${sessionId}`, { headers: { authorization: `Bearer ${DEFAULT_SECRET_KEY}` } })).json();
  expect(session.amount_total).toBe(75000);
  // Stripe reports the paid session.
  await reportPaid(request, page.url());

  // Back on the site, as Stripe's success URL sends the donor.
  await page.goto(`/c?funding=success&session_id=${sessionId}`);
  await expect(page.getByText(FUNDING_MESSAGES.thanks)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Tahmid Rahman' });
  await expect(row.first()).toContainText('750.00');

  // The admin home's total funding includes it.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, ADMIN, '/dashboard/adminHome');
  const expected = (before + 750).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  await expect(adminPage.getByRole('main')).toContainText(expected);
  await adminContext.close();
});

async function bearer(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('access-token'));
  return { authorization: `Bearer ${token}` };
}
