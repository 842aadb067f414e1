import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { AUDIT_ACTION_LABELS, AUDIT_TEXTS } from '../src/shared/audit/texts';
import { todayInDhaka } from '../src/shared/dates/model';
import { REPORT_REASON_LABELS, REPORT_TEXTS } from '../src/shared/reports/texts';
import { ADMIN, adminChange, type NewUser, registerViaApi, signIn, tokenFor } from './api';
import { expect, test } from './fixtures';

// Issue 17 in the browser: three users report a request, it leaves /allRequest, a volunteer
// dismisses the reports and it is back; a volunteer removes a reported request and its requester
// reads why under the bell; the admin finds both in the Audit page.

test.describe.configure({ timeout: 90_000 });

const DAY = 86_400_000;
let counter = 0;

async function auth(request: APIRequestContext, user: { email: string; password: string }) {
  return { authorization: `Bearer ${await tokenFor(request, user)}` };
}

/** A request by `user`, needed tomorrow just after midnight (so it is near the top of the public list). */
async function createRequestViaApi(request: APIRequestContext, user: NewUser, overrides: Record<string, unknown> = {}) {
  const recipientName = `Reported ${Date.now().toString(36)}${(counter++).toString(36)}`;
  const res = await request.post('/api/donationRequest', {
    headers: await auth(request, user),
    data: {
      recipientName,
      bloodGroup: 'O-',
      hospitalName: 'Comilla Medical College Hospital',
      fullAddress: 'Kuchaitoli, Comilla',
      donationDate: todayInDhaka(Date.now() + DAY),
      donationTime: '00:01',
      requestMessage: 'Please send money for the blood bag first.',
      recipientDivision: '1',
      recipientDistrict: '1',
      recipientUpazila: '1',
      ...overrides,
    },
  });
  if (res.status() !== 201) throw new Error(`create failed: ${res.status()} ${await res.text()}`);
  return { id: ((await res.json()) as { insertedId: string }).insertedId, recipientName };
}

async function reportViaApi(request: APIRequestContext, user: NewUser, id: string, reason = 'fake') {
  const res = await request.post(`/api/donationRequest/${id}/reports`, { headers: await auth(request, user), data: { reason } });
  if (res.status() !== 201) throw new Error(`report failed: ${res.status()} ${await res.text()}`);
}

/** The public list as an anonymous visitor sees it. */
async function publicList(page: Page) {
  await page.context().clearCookies();
  await page.goto('/allRequest');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  return page.getByRole('main');
}

/** A request's name as shown on the list (the list renders a table and cards; one of them is visible). */
const shown = (main: Locator, name: string) => main.getByText(name).filter({ visible: true }).first();

/** Answers the SweetAlert2 confirmation with its confirm button. */
async function confirm(page: Page, button: string) {
  await page.getByRole('dialog').getByRole('button', { name: button, exact: true }).click();
}

test('reported three times a request leaves the public list; dismissed it is back; removed, its requester is told; the admin audits both', async ({ page, request }) => {
  const requester = await registerViaApi(request, { name: 'Rafiq Islam' });
  const reporters = [await registerViaApi(request, { name: 'Nadia Rahman' }), await registerViaApi(request), await registerViaApi(request)];
  const volunteer = await registerViaApi(request, { name: 'Sumon Volunteer' });
  await adminChange(request, volunteer.email, { role: 'volunteer' });
  const hidden = await createRequestViaApi(request, requester);

  // Public at first.
  await expect(shown(await publicList(page), hidden.recipientName)).toBeVisible();

  // The first reporter uses the request page: the notice, the dialog, and no second report.
  await signIn(page, reporters[0]!, `/requestDetails/${hidden.id}`);
  const notice = page.getByRole('complementary', { name: REPORT_TEXTS.neverPayTitle });
  await expect(notice).toContainText(REPORT_TEXTS.neverPay);
  await notice.getByRole('button', { name: REPORT_TEXTS.reportLink }).click();
  const dialog = page.getByRole('dialog', { name: REPORT_TEXTS.dialogTitle });
  await dialog.getByLabel(REPORT_REASON_LABELS.paid).check();
  await dialog.getByLabel(REPORT_TEXTS.noteLabel).fill('Asked me to send 3000 taka by bKash first.');
  await dialog.getByRole('button', { name: REPORT_TEXTS.send }).click();
  await expect(page.getByText(REPORT_TEXTS.sent)).toBeVisible();
  await expect(notice).toContainText(REPORT_TEXTS.alreadyReported);
  await expect(notice.getByRole('button', { name: REPORT_TEXTS.reportLink })).toHaveCount(0);

  // Two more reports: at three it leaves the public list.
  await reportViaApi(request, reporters[1]!, hidden.id, 'fake');
  await expect(shown(await publicList(page), hidden.recipientName)).toBeVisible();
  await reportViaApi(request, reporters[2]!, hidden.id, 'duplicate');
  await expect((await publicList(page)).getByText(hidden.recipientName)).toHaveCount(0);

  // A volunteer dismisses the reports from the moderation queue: public again.
  await signIn(page, volunteer, '/dashboard/reports');
  const row = page.getByRole('listitem').filter({ hasText: hidden.recipientName });
  await expect(row).toContainText('3 open reports');
  await expect(row).toContainText(REPORT_TEXTS.hidden);
  await expect(row).toContainText('Asked me to send 3000 taka by bKash first.');
  await row.getByRole('button', { name: REPORT_TEXTS.dismiss }).click();
  await confirm(page, REPORT_TEXTS.dismiss);
  await expect(page.getByText(REPORT_TEXTS.dismissed)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: hidden.recipientName })).toHaveCount(0);
  await expect(shown(await publicList(page), hidden.recipientName)).toBeVisible();

  // A request in progress (a donor pledged) is reported and removed: canceled, its requester told.
  const removed = await createRequestViaApi(request, requester, { unitsNeeded: 1 });
  const donor = await registerViaApi(request, { blood_group: 'O-' }); // the request's group: a pledge must be compatible (issue 30)
  expect((await request.patch(`/api/confirmDonation/${removed.id}`, { headers: await auth(request, donor) })).status()).toBe(200);
  await reportViaApi(request, reporters[0]!, removed.id, 'paid');
  await signIn(page, volunteer, '/dashboard/reports');
  const second = page.getByRole('listitem').filter({ hasText: removed.recipientName });
  await second.getByRole('button', { name: REPORT_TEXTS.remove }).click();
  await confirm(page, REPORT_TEXTS.remove);
  await expect(page.getByText(REPORT_TEXTS.removed)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: removed.recipientName })).toHaveCount(0);

  await page.context().clearCookies();
  await signIn(page, requester, '/dashboard/notifications');
  const told = page.getByRole('listitem').filter({ hasText: REPORT_TEXTS.notificationTitle });
  await expect(told).toContainText(REPORT_TEXTS.notificationBody);
  await expect(told).toContainText('Comilla Medical College Hospital');

  // The admin sees both resolutions in the audit trail, by the volunteer, and can filter by action.
  await page.context().clearCookies();
  await signIn(page, ADMIN, '/dashboard/audit');
  const table = page.getByRole('table');
  const dismissedRow = table.getByRole('row').filter({ hasText: AUDIT_ACTION_LABELS['reports.dismiss'] }).filter({ hasText: hidden.id });
  await expect(dismissedRow).toContainText(volunteer.email);
  await expect(table.getByRole('row').filter({ hasText: AUDIT_ACTION_LABELS['reports.remove'] }).filter({ hasText: removed.id })).toContainText('canceled');
  await page.getByLabel(AUDIT_TEXTS.actionLabel).selectOption('reports.remove');
  await page.getByRole('button', { name: AUDIT_TEXTS.apply }).click();
  await expect(page).toHaveURL(/action=reports\.remove/);
  await expect(table.getByRole('row').filter({ hasText: AUDIT_ACTION_LABELS['reports.dismiss'] })).toHaveCount(0);
  await expect(table.getByRole('row').filter({ hasText: removed.id })).toHaveCount(1);
});

test('the requester sees the notice on their own request, without a Report button', async ({ page, request }) => {
  const requester = await registerViaApi(request);
  const own = await createRequestViaApi(request, requester);
  await signIn(page, requester, `/requestDetails/${own.id}`);
  const notice = page.getByRole('complementary', { name: REPORT_TEXTS.neverPayTitle });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('button', { name: REPORT_TEXTS.reportLink })).toHaveCount(0);
});
