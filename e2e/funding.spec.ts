import { FUNDING_MESSAGES } from '../src/shared/funding/texts';
import { registerViaApi, signIn } from './api';
import { expect, mainHeading, test } from './fixtures';

// Funding (issue 6). The e2e server has Stripe set up against a local stand-in; the whole gift
// (checkout, signed webhook, ledger, admin total) is in funding-stripe.spec.ts. Here the page's
// other states, some with the API's answers set by the test.

test.describe('funding', () => {
  test('without Stripe: the not-set-up note, the total and the (empty) ledger', async ({ page, request }) => {
    const user = await registerViaApi(request, { name: 'Farhan Funder' });
    // The summary of a site without Stripe keys, and an empty ledger.
    await page.route('**/api/funding/summary', (route) =>
      route.fulfill({ json: { total: 0, count: 0, currency: 'bdt', online: false, minAmount: 100, maxAmount: 100000 } }),
    );
    await page.route('**/api/funding?*', (route) => route.fulfill({ json: [], headers: { 'x-total-count': '0' } }));
    await signIn(page, user, '/c');
    await expect(mainHeading(page)).toHaveText(FUNDING_MESSAGES.heading);
    await expect(page.getByText(FUNDING_MESSAGES.notSetUp)).toBeVisible();
    await expect(page.getByRole('button', { name: FUNDING_MESSAGES.giveFund })).toHaveCount(0);
    await expect(page.getByRole('term').filter({ hasText: FUNDING_MESSAGES.total })).toBeVisible();
    await expect(page.getByText('৳0.00')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Funds received' })).toBeVisible();
    await expect(page.getByText(FUNDING_MESSAGES.empty)).toBeVisible();
  });

  test('back from the payment page: thanks or canceled, on /c and its /funding alias', async ({ page, request }) => {
    const user = await registerViaApi(request);
    await signIn(page, user, '/c?funding=success&session_id=cs_test_123');
    await expect(page.getByText(FUNDING_MESSAGES.thanks)).toBeVisible();
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByText(FUNDING_MESSAGES.thanks)).toHaveCount(0);
    await expect(page).toHaveURL(/\/c$/);

    await page.goto('/funding?funding=canceled');
    await expect(mainHeading(page)).toHaveText(FUNDING_MESSAGES.heading);
    await expect(page.getByText(FUNDING_MESSAGES.canceled)).toBeVisible();
  });

  test('Give Fund: a labelled amount in a dialog, checked against the limits, then off to the payment page', async ({ page, request }) => {
    // The browser's view of a site with Stripe set up (the server here has no keys): the summary
    // says online, and the checkout answers a payment page URL, here the page Stripe returns to.
    await page.route('**/api/funding/summary', (route) =>
      route.fulfill({ json: { total: 1850.5, count: 2, currency: 'bdt', online: true, minAmount: 100, maxAmount: 100000 } }),
    );
    let asked: unknown;
    await page.route('**/api/funding/checkout', async (route) => {
      asked = route.request().postDataJSON();
      await route.fulfill({ json: { url: '/c?funding=success' } });
    });
    const user = await registerViaApi(request);
    await signIn(page, user, '/c');
    await expect(page.getByText('৳1,850.50')).toBeVisible();
    await expect(page.getByText(FUNDING_MESSAGES.notSetUp)).toHaveCount(0);

    await page.getByRole('button', { name: FUNDING_MESSAGES.giveFund }).click();
    const dialog = page.getByRole('dialog', { name: FUNDING_MESSAGES.giveFund });
    await expect(dialog).toBeVisible();
    const amount = dialog.getByLabel('Amount in taka');
    await expect(amount).toBeFocused();
    await amount.fill('50');
    await amount.blur();
    await expect(dialog.getByText('The smallest gift is ৳100.00')).toBeVisible();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    // Escape closes it; opening again starts clean.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: FUNDING_MESSAGES.giveFund }).click();
    await expect(dialog.getByText('The smallest gift is ৳100.00')).toHaveCount(0);

    await dialog.getByLabel('Amount in taka').fill('500');
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/\/c\?funding=success$/);
    expect(asked).toEqual({ amount: 500, showName: false });
    await expect(page.getByText(FUNDING_MESSAGES.thanks)).toBeVisible();
  });

  test('signed out, /c asks to log in', async ({ page }) => {
    await page.goto('/c');
    await expect(page).toHaveURL(/\/login$/);
  });
});
